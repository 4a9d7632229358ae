import CGtk

/// The one handler of pointer buttons on the list, as ``KeyDispatcher`` is of keys: it offers
/// each press to the interested event sources in a fixed order, and the first that handles it
/// wins:
///
/// 1. a tree's disclosure arrow (``OutlineEvents``) opens or closes its row, and handles the
///    press;
/// 2. the drag source (``ListDragController``) remembers a primary press on a row that may be
///    dragged; it never handles the press, so a click stays a click;
/// 3. the context menu (``ContextMenuEvents``) opens on a press that triggers one
///    (`gdk_event_triggers_context_menu`), and handles it;
/// 4. a press no source handled reaches the host's own handling last: the selection and
///    activation of `GtkListBox` and `GtkFlowBox` (their class handlers), or the virtualized
///    host's handler, connected after every other.
///
/// A release goes to the drag source (the press is over) and then on to the host. The handler
/// is connected when the first of these sources is installed.
///
/// A finger is not a mouse (``TouchInput``): a touch press arms no drag (a finger that moves
/// scrolls the list, in the scrolled window around it); a touch held still for the long-press
/// time (``TouchLongPress``) opens the row's context menu when it lifts, or, when it moves on,
/// drags the row. Taps are the hosts' (``TouchTaps``): they select and activate as clicks do.
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
        manager.events.source(ListDragController.self)?.pointerReleased()
        guard let held = heldTouch else { return false }
        heldTouch = nil
        return manager.events.source(ContextMenuEvents.self)?.openMenu(atX: held.x, y: held.y) ?? false
    }

    private func touchHeld(atX x: Double, y: Double) {
        heldTouch = (x, y)
        manager.events.source(ListDragController.self)?.touchHeld(atX: x, y: y)
    }

    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        heldTouch = nil
        let events = manager.events
        if let outline = events.source(OutlineEvents.self), outline.pointerPressed(event) { return true }
        events.source(ListDragController.self)?.pointerPressed(event)
        if let menus = events.source(ContextMenuEvents.self), menus.pointerPressed(event) { return true }
        return false
    }
}
