import CGtk

/// The keyboard focus held by a list widget itself, when the row that had it went and no row
/// is left to take it: a widget that cannot take the focus can for as long as it holds it, so
/// that Tab never stops on it otherwise.
@MainActor
enum ListFocusHolding {
    /// Focuses `widget`, focusable until the focus leaves it.
    static func hold(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_can_focus(widget) == 0 else { return gtk_widget_grab_focus(widget) }
        gtk_widget_set_can_focus(widget, 1)
        let connection = Connection()
        // "is-focus" is notified whether the window is active or not (focus-out-event is not).
        connection.handler = Signal.connect(widget, "notify::is-focus", argument: UnsafeMutablePointer<GParamSpec>.self) {
            widget, _ in
            guard gtk_widget_is_focus(widget) == 0 else { return }
            gtk_widget_set_can_focus(widget, 0)
            Signal.disconnect(widget, connection.handler)
        }
        gtk_widget_grab_focus(widget)
    }

    /// Runs `body`, which focuses a row, leaving `adjustment` where it was: GTK's list and flow
    /// boxes scroll the row they focus into view, and the viewport is the anchoring's to keep.
    static func withoutScrolling(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?, _ body: () -> Void) {
        guard let adjustment else { return body() }
        let value = gtk_adjustment_get_value(adjustment)
        body()
        gtk_adjustment_set_value(adjustment, value)
    }

    /// Whether the row at `position` shows in `host`'s viewport, as the host last placed it.
    static func isOnScreen(_ position: Int, of host: any ListHost) -> Bool {
        guard let visible = host.viewportFrame, let frame = host.rowFrame(at: position) else { return false }
        return frame.y + frame.height > visible.y && frame.y < visible.y + visible.height
    }

    private final class Connection {
        var handler: gulong = 0
    }
}
