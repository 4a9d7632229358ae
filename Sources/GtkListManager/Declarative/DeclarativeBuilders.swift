/// Lists the sections of ``ListManager/update(animated:completion:_:)``: sections, arrays of sections,
/// `if`, `switch` and `for`.
@resultBuilder
public enum SectionsBuilder {
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    public static func buildEither(first part: [Section]) -> [Section] { part }
    public static func buildEither(second part: [Section]) -> [Section] { part }
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

/// Lists the rows of a ``Section``: rows of any classes, arrays of rows (``Row/rows(_:_:)``),
/// `if`, `switch` and `for`.
@resultBuilder
@MainActor
public enum RowsBuilder {
    public static func buildExpression(_ row: AnyRow) -> [AnyRow] { [row] }
    public static func buildExpression(_ rows: [AnyRow]) -> [AnyRow] { rows }
    public static func buildExpression<R>(_ rows: [Row<R>]) -> [AnyRow] { rows }
    public static func buildBlock(_ parts: [AnyRow]...) -> [AnyRow] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AnyRow]?) -> [AnyRow] { part ?? [] }
    public static func buildEither(first part: [AnyRow]) -> [AnyRow] { part }
    public static func buildEither(second part: [AnyRow]) -> [AnyRow] { part }
    public static func buildArray(_ parts: [[AnyRow]]) -> [AnyRow] { parts.flatMap { $0 } }
}
