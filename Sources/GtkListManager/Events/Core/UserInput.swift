import CGtk

/// Whether GTK is handling an input event from the user right now: a button, key or touch
/// event. Selection changes made by code, and GTK's own selection of the focused row when a
/// list gets focus, happen outside such events.
@MainActor
enum UserInput {
    static var isHandlingInput: Bool {
        guard let event = gtk_get_current_event() else { return false }
        defer { gdk_event_free(event) }
        switch gdk_event_get_event_type(event) {
        case GDK_BUTTON_PRESS, GDK_2BUTTON_PRESS, GDK_3BUTTON_PRESS, GDK_BUTTON_RELEASE,
            GDK_KEY_PRESS, GDK_KEY_RELEASE, GDK_TOUCH_BEGIN, GDK_TOUCH_END:
            return true
        default:
            return false
        }
    }
}
