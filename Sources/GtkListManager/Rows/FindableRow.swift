/// A row class whose rows type-ahead find can find: it says by which text, for each model.
///
/// ```swift
/// final class PackageRow: RowView, ModelTransfer, FindableRow {
///     …
///     static func findableText(for package: Package) -> String { package.name }
/// }
/// ```
///
/// Typing on a list whose item rows are findable opens its type-ahead search (see the "Finding
/// rows" article). The text is read from the storage's models, not from the widgets, so rows
/// without a widget (the virtualized hosts bind the rows on screen alone) are found too.
public protocol FindableRow: ModelTransfer {
    /// The text typed queries are matched against for a row of `model`: usually the first thing
    /// the row shows (a name, a title).
    static func findableText(for model: Model) -> String
}

extension FindableRow {
    /// The findable text of `model`, or nil when it is not a `Model`.
    static func findableText(ofAny model: Any) -> String? {
        (model as? Model).map(findableText(for:))
    }
}
