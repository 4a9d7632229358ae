import CGtk

/// A key as the keyboard sends it, for the benchmarks that type: a press and a release from the
/// seat's keyboard on a toplevel's window, handed to GTK as GDK hands it X's keys (they go to
/// the window's focus widget), without the X server's round trip.
@MainActor
enum SyntheticKey {
    /// Presses and releases `keyval`, whose text is `text` ("" for none), on `window`.
    static func press(_ keyval: UInt32, text: String, on window: UnsafeMutablePointer<GtkWidget>) {
        let display = gtk_widget_get_display(window)
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var keyCount: Int32 = 0
        gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), keyval, &keys, &keyCount)
        defer { g_free(keys) }
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            guard let event = gdk_event_new(type) else { continue }
            let gdkWindow = gtk_widget_get_window(window)
            g_object_ref(UnsafeMutableRawPointer(gdkWindow))  // the event's, released with it
            event.pointee.key.window = gdkWindow
            event.pointee.key.send_event = 1
            event.pointee.key.time = guint32(GDK_CURRENT_TIME)
            event.pointee.key.keyval = keyval
            event.pointee.key.string = g_strdup(text)
            event.pointee.key.length = Int32(text.utf8.count)
            if let key = keys, keyCount > 0 {
                event.pointee.key.hardware_keycode = guint16(key.pointee.keycode)
                event.pointee.key.group = guint8(key.pointee.group)
            }
            gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(display)))
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// Types `character` (its key, and its text).
    static func type(_ character: Character, on window: UnsafeMutablePointer<GtkWidget>) {
        press(gdk_unicode_to_keyval(character.unicodeScalars.first.map { $0.value } ?? 0), text: String(character), on: window)
    }
}
