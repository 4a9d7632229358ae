import CGtk

/// A row whose text can be edited in place, as a file is renamed in a file manager: F2, a double
/// click or ``ListManager/beginEditing(at:)`` switch it to an editor (a `GtkEntry`), Enter
/// commits through ``ListManager/commitEdit(_:_:)``, Escape cancels.
///
/// The manager makes the editor; the row only says what text it starts from and where the
/// editor goes. On a virtualized host the editor outlives the row: when the row scrolls away,
/// the manager takes the editor out of it, with its text and message, and gives it to the row
/// that shows the item next.
///
/// ```swift
/// final class NameRow: RowView, EditableRow {
///     let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
///     let label = gtk_label_new(nil)!
///     init() { gtk_container_add(gcast(widget), label) }
///     func update(with file: FileItem) { gtk_label_set_text(gcast(label), file.name) }
///     static func editableText(of file: FileItem) -> String { file.name }
///     func showEditor(_ editor: UnsafeMutablePointer<GtkWidget>?) {
///         if let editor { gtk_container_add(gcast(widget), editor) }
///         gtk_widget_set_visible(label, editor == nil ? 1 : 0)
///     }
/// }
/// ```
@MainActor
public protocol EditableRow: ModelTransfer {
    /// The text the editor starts from for `model`.
    static func editableText(of model: Model) -> String
    /// Shows `editor` in the row in place of the text it edits; nil: the editing ended, or the
    /// row is about to show another item, and the manager has taken the editor out already.
    /// Add the editor to a container of the row; the manager removes it.
    func showEditor(_ editor: UnsafeMutablePointer<GtkWidget>?)
}

extension EditableRow {
    /// ``editableText(of:)`` with a model of any type; nil for one of another.
    static func editableText(ofAnyModel model: Any) -> String? {
        (model as? Model).map(editableText(of:))
    }
}
