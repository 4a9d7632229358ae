import CGtk

/// Taps on a host's widget: a finger that lifts where it landed, sooner than a long press.
///
/// A finger that moves makes no tap (the scrolled window around the list pans it), nor one that
/// rests (a long press: the manager opens the row's context menu, or drags it). A host selects
/// and activates on a tap what a click would; a touch *press* should select nothing, or every
/// scroll would select the row it started on. A tap activates even where a click needs a
/// double click: a finger has no double click to spare.
///
/// ```swift
/// TouchTaps.recognize(on: widget) { [weak self] tap in
///     guard let self, let position = position(atX: tap.x, y: tap.y) else { return }
///     …select and activate `position`…
/// }
/// ```
@MainActor
public enum TouchTaps {
    /// One tap, in the widget's coordinates (those of ``ListHost/position(atX:y:)``).
    public struct Tap: Equatable, Sendable {
        /// Where the finger landed, from the widget's left edge.
        public let x: Double
        /// Where the finger landed, from the widget's top edge.
        public let y: Double
        /// 1 for a tap, 2 for the second of a double tap, and so on.
        public let count: Int
    }

    /// True when `event` comes from a finger (or GTK simulates a touchscreen): a host's
    /// handler of presses leaves such presses to ``recognize(on:_:)``.
    public static func isTouch(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        TouchInput.isTouch(event)
    }

    /// Tells `tapped` of each tap on `widget`, for the widget's lifetime.
    public static func recognize(on widget: UnsafeMutablePointer<GtkWidget>, _ tapped: @escaping @MainActor (Tap) -> Void) {
        let tracker = TapTracker(widget: widget, tapped: tapped)
        gtk_widget_add_events(
            widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue | GDK_BUTTON1_MOTION_MASK.rawValue))
        // The handlers own the tracker; GLib releases them with the widget.
        Signal.connectEvent(widget, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { _, event in
            if let event { tracker.pressed(event) }
            return false
        }
        Signal.connectEvent(widget, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self) { _, event in
            if let event { tracker.moved(event) }
            return false
        }
        Signal.connectEvent(widget, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self, after: true) {
            _, event in
            if let event { tracker.released(event) }
            return false
        }
    }
}

/// The touch on one widget that may become a tap, and the last tap (for double taps).
@MainActor
private final class TapTracker {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let tapped: @MainActor (TouchTaps.Tap) -> Void
    private var press: (x: Double, y: Double, time: UInt32)?
    private var lastTap: (tap: TouchTaps.Tap, time: UInt32)?

    init(widget: UnsafeMutablePointer<GtkWidget>, tapped: @escaping @MainActor (TouchTaps.Tap) -> Void) {
        self.widget = widget
        self.tapped = tapped
    }

    func pressed(_ event: UnsafeMutablePointer<GdkEvent>) {
        var button: guint = 0
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, TouchInput.isTouch(event),
            gdk_event_get_button(event, &button) != 0, button == GDK_BUTTON_PRIMARY,
            let point = PointerLocation.point(of: event, in: widget)
        else { return }
        press = (point.x, point.y, gdk_event_get_time(event))
    }

    func moved(_ event: UnsafeMutablePointer<GdkEvent>) {
        guard let press, let point = PointerLocation.point(of: event, in: widget) else { return }
        if gtk_drag_check_threshold(widget, Int32(press.x), Int32(press.y), Int32(point.x), Int32(point.y)) != 0 {
            self.press = nil
        }
    }

    func released(_ event: UnsafeMutablePointer<GdkEvent>) {
        guard let press else { return }
        self.press = nil
        let time = gdk_event_get_time(event)
        guard time &- press.time < TouchInput.longPressTime(of: widget) else { return }
        let count = lastTap.map { isRepeat(of: $0.tap, at: press, after: $0.time) ? $0.tap.count + 1 : 1 } ?? 1
        let tap = TouchTaps.Tap(x: press.x, y: press.y, count: count)
        lastTap = (tap, time)
        tapped(tap)
    }

    /// A press close enough in place and time to the last tap to continue it (GTK's double
    /// click distance and time).
    private func isRepeat(of previous: TouchTaps.Tap, at press: (x: Double, y: Double, time: UInt32), after time: UInt32) -> Bool {
        let distance = Double(DesktopSettings.int("gtk-double-click-distance", for: widget) ?? 5)
        let interval = UInt32(max(DesktopSettings.int("gtk-double-click-time", for: widget) ?? 400, 0))
        return press.time &- time <= interval && abs(press.x - previous.x) <= distance && abs(press.y - previous.y) <= distance
    }
}
