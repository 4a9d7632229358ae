import CGtk

/// A row that is dragged by a handle only (a grip icon, say) instead of anywhere on it.
///
/// The handle is any widget inside the row that lets button presses through to the list
/// (a `GtkImage`, a `GtkEventBox` around one; not a `GtkButton`, which keeps presses to itself).
/// A row without a handle (nil, or a row class not adopting the protocol) is dragged from any
/// point of it.
@MainActor
public protocol ReorderableRow: ListRow {
    /// The widget a drag must start on, or nil for the whole row.
    var dragHandle: UnsafeMutablePointer<GtkWidget>? { get }
}
