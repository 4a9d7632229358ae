/// A cell class that says what text a copy of its cell holds, without a cell being made.
///
/// When the user copies rows or cells of a table (Ctrl+C, ``ListTable/copySelection(as:includingHeader:)``),
/// each cell's text comes from its column's ``TableColumn/copyText`` when the app gives one,
/// else from the cell class when it adopts this protocol, else from a cell made and filled for
/// the model and read (slower: see ``ListTable/copySelection(as:includingHeader:)``).
///
/// ```swift
/// final class SizeCell: RowView, CopyableCell {
///     let widget = gtk_label_new(nil)!
///     init() {}
///     func update(with package: Package) { gtk_label_set_text(gcast(widget), package.sizeText) }
///     static func copyText(for package: Package) -> String { String(package.size) }
/// }
/// ```
public protocol CopyableCell: ModelTransfer {
    /// The text a copy of the cell showing `model` holds: what it shows, or what a spreadsheet
    /// reads best (a number without its unit).
    static func copyText(for model: Model) -> String
}

extension CopyableCell {
    /// The copy text of `model`, or nil when it is not a `Model`.
    static func copyText(ofAny model: Any) -> String? {
        (model as? Model).map(copyText(for:))
    }
}
