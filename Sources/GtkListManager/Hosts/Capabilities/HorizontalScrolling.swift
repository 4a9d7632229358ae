/// A host whose rows can be wider than its viewport, scrolled sideways by the horizontal
/// adjustment a scrolled window gives it: a table's columns. The rows keep their width; nothing
/// is squeezed. A scroll moves the window the rows are in, as `GtkViewport` and GtkTreeView
/// move theirs: no row is placed again.
///
/// A host that sizes its rows by their natural width, as a `GtkListBox` in a `GtkViewport`
/// does, needs nothing of it: the viewport scrolls the rows.
@MainActor
public protocol HorizontalScrolling: ListHost {
    /// How wide rows are when wider than the viewport, in pixels; 0 keeps rows as wide as the
    /// viewport.
    var contentWidth: Int { get set }
}
