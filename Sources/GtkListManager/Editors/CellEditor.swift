import CGtk

/// The widget a text is edited with in place: a list row's entry (``EditableRow``) or a
/// table cell's entry, combo box or spin button. It lives as long as the editing, moving from
/// row to row on a virtualized host; what it holds goes with it. Shared by the features that
/// edit (a list's in-place editing, a table's cell editing), so none names the other's types.
/// A table keeps its cell editors once made and moves them from cell to cell (`reuse`).
@MainActor
protocol CellEditor: AnyObject {
    /// The widget to place in the row.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// The text the editor holds (a spin button's as typed).
    var text: String { get }
    /// Whether the editor has the keyboard focus of its window.
    var hasFocus: Bool { get }
    /// The message of a commit that failed; nil shows none.
    var errorMessage: String? { get set }
    /// Whether a commit is being saved: the text cannot be changed, and the editor says so.
    var isSaving: Bool { get set }
    /// Gives the editor the keyboard focus, its text selected when `selectingAll`.
    func focus(selectingAll: Bool)
    /// Takes the editor out of the row it is in.
    func detach()
    /// Shows what the editor chooses from, for an editor the user opened on its cell (a combo
    /// box's list pops up, as GtkTreeView's combo renderer does); not for one reached by Tab.
    func offerChoices()
}

extension CellEditor {
    /// Editors without a list of choices show nothing more.
    func offerChoices() {}

    /// Clears what the editor kept from the cell it edited before (the message of a commit
    /// that failed there, and so its popover, `error` style and accessible description).
    func forgetMessage() {
        if errorMessage != nil { errorMessage = nil }
        if isSaving { isSaving = false }
    }

    /// What an editor over a cell says while its commit is saved.
    static var savingNote: String { "Saving…" }
}
