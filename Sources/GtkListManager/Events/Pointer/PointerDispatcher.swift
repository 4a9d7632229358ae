import CGtk

/// The one handler of pointer buttons on the list, as ``KeyDispatcher`` is of keys: it offers
/// each press to the features that take presses in stage order (``PointerStage``), and the
/// first that handles it wins; a press no feature handled reaches the host's own handling last
/// (the selection and activation of `GtkListBox` and `GtkFlowBox`, their class handlers, or the
/// virtualized host's handler, connected after every other).
///
/// A release goes to every pointer feature (the press is over) and then on to the host. The
/// handler is connected when the first feature with a pointer stage is installed.
///
/// A finger is not a mouse (``TouchInput``): a touch press arms no drag (a finger that moves
/// scrolls the list, in the scrolled window around it); a touch held still for the long-press
/// time (``TouchLongPress``) is told to every pointer feature (a drag source arms a drag there),
/// and when it lifts without moving on, the first feature that answers it does (a context
/// menu opens). Taps are the hosts' (``TouchTaps``): they select and activate as clicks do.
@MainActor
final class PointerDispatcher {
    private unowned let manager: ListManager
    private var longPress: TouchLongPress?
    /// Where a touch was held for a long press, until it lifts or drags.
    private var heldTouch: (x: Double, y: Double)?

    init(manager: ListManager) {
        self.manager = manager
        let widget = manager.widget
        let mask = GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
        gtk_widget_add_events(widget, Int32(mask))
        if let window = gtk_widget_get_window(widget), gtk_widget_get_has_window(widget) != 0 {
            gdk_window_set_events(window, GdkEventMask(gdk_window_get_events(window).rawValue | mask))
        }
        Signal.connectEvent(widget, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event else { return false }
            return pressed(event)
        }
        Signal.connectEvent(widget, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, _ in
            guard let self else { return false }
            return released()
        }
        longPress = TouchLongPress(widget: widget) { [weak self] x, y in self?.touchHeld(atX: x, y: y) }
        Signal.connect(widget, "drag-begin", argument: OpaquePointer.self) { [weak self] _, _ in self?.heldTouch = nil }
    }

    private func released() -> Bool {
        let features = manager.features.pointerFeatures
        for feature in features { feature.pointerReleased() }
        guard let held = heldTouch else { return false }
        heldTouch = nil
        return features.contains { $0.touchLiftedAfterHold(atX: held.x, y: held.y) }
    }

    private func touchHeld(atX x: Double, y: Double) {
        heldTouch = (x, y)
        for feature in manager.features.pointerFeatures { feature.touchHeld(atX: x, y: y) }
    }

    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        heldTouch = nil
        return manager.features.pointerFeatures.contains { $0.pointerPressed(event) }
    }
}
