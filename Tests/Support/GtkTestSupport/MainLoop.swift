import CGtk
import GtkListManager

/// Lets the GLib main loop run in a test, for what GTK has pending: input round trips through
/// the X server, layout, a frame.
@MainActor
public enum MainLoop {
    /// Runs the main loop for `milliseconds`, handling whatever arrives meanwhile (input sent
    /// through the X server comes back this way).
    public static func settle(milliseconds: Int = 60) {
        _ = GtkRuntime.iterate(until: { false }, timeout: .milliseconds(milliseconds))
    }

    /// Lets GTK lay out and paint `window`'s next frame (at most 200 ms), then handles what is
    /// pending: where a list binds and places its rows after a change or a scroll. Quicker than
    /// a fixed wait; a window without a frame clock (not realized) gets ``settle(milliseconds:)``.
    public static func settleFrame(of window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { return settle() }
        let frame = gdk_frame_clock_get_frame_counter(clock)
        gtk_widget_queue_draw(window)
        _ = GtkRuntime.iterate(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, timeout: .milliseconds(200))
        _ = GtkRuntime.iteratePending()
    }
}
