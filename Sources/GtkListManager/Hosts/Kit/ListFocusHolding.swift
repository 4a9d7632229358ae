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

    /// Whether a focus move in `direction` (a `GtkDirectionType` as a "focus" signal passes it)
    /// is a Tab or Shift+Tab leaving `widget` while it holds the focus itself: it leaves in one
    /// press, as from a row, rather than stopping on a row first (GTK's lists enter a row when
    /// they have no focused child).
    static func tabLeaves(_ widget: UnsafeMutablePointer<GtkWidget>, direction: Int) -> Bool {
        // An enum read from a pointer-sized argument: only its low 32 bits are the value.
        let direction = direction & 0xFFFF_FFFF
        return gtk_widget_is_focus(widget) != 0
            && (direction == Int(GTK_DIR_TAB_FORWARD.rawValue) || direction == Int(GTK_DIR_TAB_BACKWARD.rawValue))
    }

    /// In a "focus" signal handler of `widget`: when the move is a Tab leaving it
    /// (``tabLeaves(_:direction:)``), stops the widget's own handling; the handler then returns
    /// false, and GTK moves the focus on to the next widget.
    static func lettingTabLeave(_ widget: UnsafeMutablePointer<GtkWidget>, direction: Int) -> Bool {
        guard tabLeaves(widget, direction: direction) else { return false }
        g_signal_stop_emission_by_name(widget, "focus")
        return true
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
