import CGtk

/// Where a pointer event happened, in the coordinates of a widget's allocation (the ones
/// ``ListHost/position(atY:)`` takes), whether or not the widget has a window of its own: a
/// host finds the row a press or a drag is on through it, never through the event's own
/// window coordinates (a row's window, a bin window scrolled sideways).
@MainActor
public enum PointerLocation {
    /// The point of `event` (a button, motion or touch event) in `widget`'s allocation; nil for
    /// an event without coordinates or a widget not realized.
    public static func point(of event: UnsafeMutablePointer<GdkEvent>, in widget: UnsafeMutablePointer<GtkWidget>) -> (
        x: Double, y: Double
    )? {
        var rootX = 0.0, rootY = 0.0
        guard gdk_event_get_root_coords(event, &rootX, &rootY) != 0, let window = gtk_widget_get_window(widget) else { return nil }
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var x = rootX - Double(originX), y = rootY - Double(originY)
        if gtk_widget_get_has_window(widget) == 0 {
            // A widget without its own window shares its parent's: its allocation is the offset.
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            x -= Double(allocation.x)
            y -= Double(allocation.y)
        }
        return (x, y)
    }
}
