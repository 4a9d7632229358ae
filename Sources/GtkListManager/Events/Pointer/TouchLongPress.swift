import CGtk

/// A finger held still on the list for GTK's long-press time (`GtkGestureLongPress`, for
/// touchscreens only): told where, in the list widget's coordinates.
///
/// A scrolled window around the list gives up panning when a long press is recognized, so the
/// motion that follows reaches the list: that is how a long press can start a drag.
@MainActor
final class TouchLongPress {
    typealias Handler = @MainActor (_ x: Double, _ y: Double) -> Void

    private let gesture: OpaquePointer

    init(widget: UnsafeMutablePointer<GtkWidget>, pressed: @escaping Handler) {
        gesture = gtk_gesture_long_press_new(widget)
        gtk_gesture_single_set_touch_only(gesture, 1)
        gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_BUBBLE)
        let userData = CallbackBox<Handler>(pressed).retainedPointer()
        g_signal_connect_data(
            UnsafeMutableRawPointer(gesture), "pressed", unsafeBitCast(pressedThunk, to: GCallback.self), userData,
            CallbackBoxRelease.closureNotify,
            GConnectFlags(0))
    }

    // A GTK 3 widget does not own its gestures.
    isolated deinit {
        gtk_event_controller_reset(gesture)
        g_object_unref(UnsafeMutableRawPointer(gesture))
    }
}

/// `pressed`: `void (*)(GtkGestureLongPress *, gdouble x, gdouble y, gpointer)`.
private let pressedThunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, userData in
    let handler = CallbackBox<TouchLongPress.Handler>.payload(of: userData)
    MainActor.assumeIsolated { handler(x, y) }
}
