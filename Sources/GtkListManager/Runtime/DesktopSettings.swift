import CGtk

/// The desktop's GTK settings (`GtkSettings`) a widget sees, read one by one.
@MainActor
package enum DesktopSettings {
    /// The boolean setting `name` (`"gtk-enable-animations"`, …) for `widget`'s screen; nil
    /// when the widget has no settings.
    static func bool(_ name: String, for widget: UnsafeMutablePointer<GtkWidget>) -> Bool? {
        guard let settings = gtk_widget_get_settings(widget) else { return nil }
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(gcast(settings), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Whether the desktop lets `widget` animate (`gtk-enable-animations`, true when unknown).
    static func animationsEnabled(for widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        bool("gtk-enable-animations", for: widget) ?? true
    }

    /// The integer setting `name` (`"gtk-double-click-time"`, …) for `widget`'s screen; nil
    /// when the widget has no settings.
    package static func int(_ name: String, for widget: UnsafeMutablePointer<GtkWidget>) -> Int32? {
        guard let settings = gtk_widget_get_settings(widget) else { return nil }
        var value = GValue()
        g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_INT
        defer { g_value_unset(&value) }
        g_object_get_property(gcast(settings), name, &value)
        return g_value_get_int(&value)
    }
}
