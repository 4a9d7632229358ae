/// A row class that tells screen readers what to say for its model.
///
/// Without it a reader hears the texts of the row's labels, joined by commas ("Item 5, 3 KB"),
/// and a row that has no widget (scrolled away on a virtualized host, yet selected) has no name.
/// With it every row, bound or not, has the name it gives:
///
/// ```swift
/// final class FileRow: RowView, ModelTransfer, AccessibleRow {
///     static func accessibleName(for file: File) -> String { "\(file.name), \(file.size) bytes" }
///     // …
/// }
/// ```
///
/// A name set on the row widget's accessible with `atk_object_set_name` wins over both.
@MainActor
public protocol AccessibleRow: ModelTransfer {
    /// What a screen reader says for a row showing `model`.
    static func accessibleName(for model: Model) -> String
}

extension AccessibleRow {
    /// The name for `model` when it is one of this class's models.
    static func accessibleName(forAny model: Any) -> String? {
        (model as? Model).map(accessibleName(for:))
    }
}
