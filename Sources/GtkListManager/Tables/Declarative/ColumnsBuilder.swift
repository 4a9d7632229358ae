/// Builds the columns of ``ListManager/makeTable(of:columns:)`` from statements: one
/// ``ModelColumn`` per line, an array of them, and `if`, `switch` and `for` around them.
@resultBuilder
@MainActor
public enum ColumnsBuilder<Model> {
    /// One column.
    public static func buildExpression(_ column: ModelColumn<Model>) -> [ModelColumn<Model>] { [column] }
    /// An array of columns, in order.
    public static func buildExpression(_ columns: [ModelColumn<Model>]) -> [ModelColumn<Model>] { columns }
    /// The columns of every statement, one after the other.
    public static func buildBlock(_ parts: [ModelColumn<Model>]...) -> [ModelColumn<Model>] { parts.flatMap { $0 } }
    /// The columns of an `if` without `else`: none when its condition is false.
    public static func buildOptional(_ part: [ModelColumn<Model>]?) -> [ModelColumn<Model>] { part ?? [] }
    /// The columns of an `if`'s or a `switch`'s first branch.
    public static func buildEither(first part: [ModelColumn<Model>]) -> [ModelColumn<Model>] { part }
    /// The columns of an `if`'s or a `switch`'s other branch.
    public static func buildEither(second part: [ModelColumn<Model>]) -> [ModelColumn<Model>] { part }
    /// The columns of every pass of a `for` loop.
    public static func buildArray(_ parts: [[ModelColumn<Model>]]) -> [ModelColumn<Model>] { parts.flatMap { $0 } }
}
