/// A host that keeps the keyboard focus in the list when the row holding it is removed, as
/// GtkTreeView keeps its cursor: GTK drops the focus with the row's widget, and Ctrl+Z or the
/// arrow keys would reach the list only after a click.
///
/// The manager follows the focused item through each change set and, when a change removed
/// it while the list had the focus, asks the host to give the focus to the row that took its
/// place: the next row, the previous one at the end, the list itself when no row is left. After
/// a reload, which rebuilds every row, it asks for the list itself at once, then, once the new
/// rows are laid out, for the row of the item that had the focus (by identity), else its place.
/// ``VirtualListHost``, ``ListBoxHost`` and ``FlowBoxGridHost`` adopt it. Separate from
/// ``ListHost`` so that hosts written outside the package keep compiling.
@MainActor
public protocol FocusedRowRemoval: ListHost {
    /// Gives the keyboard focus, which a removed row held, to the row at `position` (the nearest
    /// after it that can take the focus, else before it), or to the list itself when `position`
    /// is nil. Never scrolls: the change's anchoring keeps the viewport, and when that row is not
    /// on screen the list itself holds the focus (the virtualized list focuses the row once a
    /// scroll binds it, and its keys go on from there).
    func focusAfterRemoval(at position: Int?)
}
