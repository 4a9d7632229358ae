import CGtk

/// The desktop's GTK settings (`GtkSettings`) a widget sees, read one by one.
@MainActor
package enum DesktopSettings {
    /// The boolean setting `name` (`"gtk-enable-animations"`, …) for `widget`'s screen; nil
    /// when the widget has no settings.
    static func bool(_ name: String, for widget: UnsafeMutablePointer<GtkWidget>) -> Bool? {
        gtk_widget_get_settings(widget).map { ObjectProperty.bool(name, of: UnsafeMutableRawPointer($0)) }
    }

    /// Whether the desktop lets `widget` animate (`gtk-enable-animations`, true when unknown).
    static func animationsEnabled(for widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        bool("gtk-enable-animations", for: widget) ?? true
    }

    /// The integer setting `name` (`"gtk-double-click-time"`, …) for `widget`'s screen; nil
    /// when the widget has no settings.
    package static func int(_ name: String, for widget: UnsafeMutablePointer<GtkWidget>) -> Int32? {
        gtk_widget_get_settings(widget).map { ObjectProperty.int(name, of: UnsafeMutableRawPointer($0)) }
    }
}
