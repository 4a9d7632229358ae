/// Lists the sections of ``ListManager/update(animated:completion:_:)``: sections, arrays of sections,
/// `if`, `switch` and `for`.
@resultBuilder
public enum SectionsBuilder {
    /// One section.
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    /// An array of sections, in order.
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    /// The sections of every statement, one after the other.
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    /// The sections of an `if` without `else`: none when its condition is false.
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    /// The sections of an `if`'s or a `switch`'s first branch.
    public static func buildEither(first part: [Section]) -> [Section] { part }
    /// The sections of an `else` or a later `switch` case.
    public static func buildEither(second part: [Section]) -> [Section] { part }
    /// The sections of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

/// Lists the rows of a ``Section``: rows of any classes, arrays of rows (``Row/rows(_:_:)``),
/// `if`, `switch` and `for`.
@resultBuilder
@MainActor
public enum RowsBuilder {
    /// One row.
    public static func buildExpression(_ row: AnyRow) -> [AnyRow] { [row] }
    /// An array of rows, in order.
    public static func buildExpression(_ rows: [AnyRow]) -> [AnyRow] { rows }
    /// An array of rows of one class, in order (``Row/rows(_:_:)``).
    public static func buildExpression<R>(_ rows: [Row<R>]) -> [AnyRow] { rows }
    /// The rows of every statement, one after the other.
    public static func buildBlock(_ parts: [AnyRow]...) -> [AnyRow] { parts.flatMap { $0 } }
    /// The rows of an `if` without `else`: none when its condition is false.
    public static func buildOptional(_ part: [AnyRow]?) -> [AnyRow] { part ?? [] }
    /// The rows of an `if`'s or a `switch`'s first branch.
    public static func buildEither(first part: [AnyRow]) -> [AnyRow] { part }
    /// The rows of an `else` or a later `switch` case.
    public static func buildEither(second part: [AnyRow]) -> [AnyRow] { part }
    /// The rows of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[AnyRow]]) -> [AnyRow] { parts.flatMap { $0 } }
}
