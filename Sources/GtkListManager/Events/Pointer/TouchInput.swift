import CGtk
import Foundation

/// Whether pointer input comes from a finger, decided as GTK's own gestures decide it: a touch
/// event, an event whose source device is a touchscreen, or any pointer event while GTK
/// simulates a touchscreen (`GTK_TEST_TOUCHSCREEN` set in the environment, or GTK's
/// `touchscreen` debug flag). The simulation is how the tests touch a list under Xvfb, whose
/// X server has no touch device.
@MainActor
enum TouchInput {
    static func isTouch(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        if isSimulated { return true }
        switch gdk_event_get_event_type(event) {
        case GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL: return true
        default: break
        }
        guard let device = gdk_event_get_source_device(event) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// True while GTK treats every pointer as a touchscreen.
    static var isSimulated: Bool {
        gtk_get_debug_flags() & GTK_DEBUG_TOUCHSCREEN.rawValue != 0 || simulatedByEnvironment
    }

    private static let simulatedByEnvironment = ProcessInfo.processInfo.environment["GTK_TEST_TOUCHSCREEN"] != nil

    /// How long a finger rests before a press becomes a long press, in milliseconds.
    static func longPressTime(of widget: UnsafeMutablePointer<GtkWidget>) -> UInt32 {
        UInt32(max(DesktopSettings.int("gtk-long-press-time", for: widget) ?? 500, 0))
    }
}
