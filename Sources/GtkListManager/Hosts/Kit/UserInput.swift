import CAccessibility
import CGtk

/// Whether GTK is handling an input event from the user right now: what a host tells its
/// delegate as `byUser` (``ListHostDelegate/hostSelectionDidChange(selected:deselected:byUser:)``),
/// as the built-in hosts do: read it in the handler of the widget's own selection signal.
@MainActor
public enum UserInput {
    /// True while GTK handles a button, key or touch event, or a selection asked for through
    /// accessibility (a screen reader's user). Selection changes made by code, and GTK's own
    /// selection of the focused row when a list gets focus, happen outside such events.
    public static var isHandlingInput: Bool {
        if glm_accessible_is_handling_selection_request() != 0 { return true }
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

    /// Whether GTK is handling a pointer button event without Ctrl or Shift: a click that, in
    /// a list, selects its row alone.
    public static var isPlainClick: Bool {
        guard let event = gtk_get_current_event() else { return false }
        defer { gdk_event_free(event) }
        var state = GdkModifierType(0)
        let type = gdk_event_get_event_type(event)
        guard type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE, gdk_event_get_state(event, &state) != 0 else { return false }
        return state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
    }
}
