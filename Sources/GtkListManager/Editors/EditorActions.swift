import CGtk

/// What a table cell's editor does with the user's keys and focus, shared by its kinds (entry,
/// combo box, spin button): Escape cancels, Tab and Shift+Tab commit and move on, the focus
/// leaving commits. Enter is each kind's own (an entry's `activate`).
@MainActor
struct EditorActions {
    /// Enter, or a choice made.
    var commit: @MainActor () -> Void
    /// Escape.
    var cancel: @MainActor () -> Void
    /// Tab (true) or Shift+Tab (false); nil leaves Tab to GTK.
    var move: (@MainActor (_ forward: Bool) -> Void)?
    /// The keyboard focus left the editor for another widget of its window; nil: nothing.
    var focusLost: (@MainActor () -> Void)?

    /// Connects Escape, Tab, Shift+Tab and the focus leaving on `widget`, the editor's
    /// focusable part.
    func connect(to widget: UnsafeMutablePointer<GtkWidget>) {
        let cancel = cancel, move = move, focusLost = focusLost
        Signal.connectEvent(widget, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) { _, event in
            guard let event else { return false }
            let modifiers = event.pointee.state & (GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue)
            switch Int32(event.pointee.keyval) {
            case GDK_KEY_Escape:
                cancel()
                return true
            case GDK_KEY_Tab, GDK_KEY_KP_Tab, GDK_KEY_ISO_Left_Tab:
                guard let move, modifiers == 0 else { return false }
                let backward = event.pointee.keyval == guint(GDK_KEY_ISO_Left_Tab) || event.pointee.state & GDK_SHIFT_MASK.rawValue != 0
                move(!backward)
                return true
            default:
                return false
            }
        }
        if let focusLost {
            Signal.connectEvent(widget, "focus-out-event", argument: UnsafeMutablePointer<GdkEventFocus>.self) { _, _ in
                // Not while GTK is moving the focus: the editor may go away in its reaction.
                _ = GtkRuntime.repeatWhileIdle {
                    focusLost()
                    return false
                }
                return false
            }
        }
    }
}
