import CGtk
import GtkListManager

/// The desktop's `gtk-enable-animations` setting, turned off for tests that read frames which
/// a theme's transitions would change between reads.
@MainActor
enum DesktopAnimations {
    static func set(_ enabled: Bool, on settings: UnsafeMutablePointer<GtkSettings> = gtk_settings_get_default()) {
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(gcast(settings), "gtk-enable-animations", &value)
    }
}
