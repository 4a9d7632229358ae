import CGtk
import ModelStorage

/// Puts the `list-drop-placeholder` style class (``ListTheme/StyleClass/dropPlaceholder``) on
/// the host widgets of the rows that show an unsettled drop's placeholder model, and takes it
/// off every other. Hosts reuse their row widgets, so the marks are worked out again from the
/// drops after every change and every bind while any drop waits or any widget is marked.
@MainActor
struct PlaceholderRowStyle {
    /// The marked widgets, each held by a reference so that a row widget destroyed meanwhile
    /// (a list box row removed) is never touched freed.
    private var marked: [UnsafeMutablePointer<GtkWidget>] = []

    /// Whether marking `placeholders` may change anything.
    func isNeeded(for placeholders: [IndexPath]) -> Bool {
        !marked.isEmpty || !placeholders.isEmpty
    }

    /// Marks the rows bound at the items `placeholders`, and no other.
    mutating func mark(_ placeholders: [IndexPath], in manager: ListManager) {
        let wanted = placeholders.compactMap { manager.boundRow(at: $0)?.hostWidget }
        for widget in marked where !wanted.contains(widget) {
            ListTheme.set(ListTheme.StyleClass.dropPlaceholder, false, on: widget)
            g_object_unref(widget)
        }
        for widget in wanted where !marked.contains(widget) {
            g_object_ref(widget)
            ListTheme.set(ListTheme.StyleClass.dropPlaceholder, true, on: widget)
        }
        marked = wanted
    }
}
