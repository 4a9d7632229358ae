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

    /// Hands the focus on from a focused row removed at `position` without scrolling: to the
    /// nearest row on screen from there that can take it (a header may not), after it first,
    /// else to the list widget itself (a row off screen leaves the focus to the list). A few
    /// rows each way, as focusing one costs a look at the selection.
    static func focusNearest(to position: Int?, in host: any ListHost) {
        var focused = false
        if let position, position < host.rowCount {
            func focus(_ candidate: Int) -> Bool {
                isOnScreen(candidate, of: host) && host.focusRow(at: candidate)
            }
            withoutScrolling(host.verticalAdjustment) {
                focused =
                    (position..<min(position + 64, host.rowCount)).contains(where: focus)
                    || (max(position - 64, 0)..<position).reversed().contains(where: focus)
            }
        }
        if !focused { hold(host.widget) }
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
