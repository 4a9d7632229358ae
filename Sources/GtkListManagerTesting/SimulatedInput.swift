import CGtk
import GtkListManager

/// Clicks and keys put on GDK's event queue as the window system's would arrive (on the
/// innermost window under the point, with the seat's pointer or keyboard): GTK handles them as
/// the user's, through its own dispatch, grabs and gestures, with no input device of the
/// machine involved. (GDK's own `gdk_test_simulate_button` sends core X events, which GDK
/// ignores while it reads the X Input 2 devices.)
@MainActor
enum SimulatedInput {
    /// `count` clicks of the primary button (two: a double click, as GDK reports one) at the
    /// middle of `widget`, with `modifiers` held.
    static func click(_ widget: UnsafeMutablePointer<GtkWidget>, count: Int = 1, modifiers: GdkModifierType) {
        guard let toplevel = gtk_widget_get_toplevel(widget), let root = gtk_widget_get_window(toplevel) else { return }
        var x: Int32 = 0, y: Int32 = 0
        let middleX = gtk_widget_get_allocated_width(widget) / 2, middleY = gtk_widget_get_allocated_height(widget) / 2
        guard gtk_widget_translate_coordinates(widget, toplevel, middleX, middleY, &x, &y) != 0 else { return }
        waitOutDoubleClick(atX: x, y: y, of: toplevel)
        let (window, windowX, windowY) = innermostWindow(in: root, atX: Double(x), y: Double(y))
        var rootX: Int32 = 0, rootY: Int32 = 0
        gdk_window_get_origin(root, &rootX, &rootY)
        let time = UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000)
        defer { lastClick = (x, y, g_get_monotonic_time() / 1000) }
        for click in 0..<count {
            var types = [GDK_BUTTON_PRESS]
            if click == 1 { types.append(GDK_2BUTTON_PRESS) }
            types.append(GDK_BUTTON_RELEASE)
            for type in types {
                let event = gdk_event_new(type)!
                event.pointee.button.window = window
                g_object_ref(UnsafeMutableRawPointer(window))
                event.pointee.button.send_event = 0
                event.pointee.button.time = time &+ UInt32(click * 20)
                event.pointee.button.x = windowX
                event.pointee.button.y = windowY
                event.pointee.button.x_root = Double(rootX + x)
                event.pointee.button.y_root = Double(rootY + y)
                event.pointee.button.state =
                    type == GDK_BUTTON_RELEASE
                    ? modifiers.rawValue | GDK_BUTTON1_MASK.rawValue : modifiers.rawValue
                event.pointee.button.button = 1
                gdk_event_set_device(event, pointer(of: root))
                deliver(event)
            }
        }
    }

    /// Where and when (monotonic milliseconds) the last click was.
    private static var lastClick: (x: Int32, y: Int32, time: Int)?

    /// A click sooner than the double-click time after the last one continues it for GTK's
    /// gestures, which time it on the clock: a double click at the same place, and at another
    /// place a count that starts again only when the time runs out (a double click there then
    /// counts as none). A separate click waits it out, as a user's would.
    private static func waitOutDoubleClick(atX x: Int32, y: Int32, of widget: UnsafeMutablePointer<GtkWidget>) {
        defer { lastClick = (x, y, g_get_monotonic_time() / 1000) }
        guard let last = lastClick else { return }
        let doubleClickTime = DesktopSettings.int("gtk-double-click-time", for: widget) ?? 400
        let due = last.time + Int(doubleClickTime) + 50
        _ = GtkRuntime.iterate(until: { g_get_monotonic_time() / 1000 > due }, timeout: .milliseconds(Int(doubleClickTime) + 100))
    }

    /// A press and release of `keyval`, with the focus of `window` (it goes to the focused
    /// widget).
    static func press(_ keyval: UInt32, in window: UnsafeMutablePointer<GtkWidget>) {
        guard let gdkWindow = gtk_widget_get_window(window) else { return }
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: Int32 = 0
        let keymap = gdk_keymap_get_for_display(gdk_window_get_display(gdkWindow))
        let keycode = gdk_keymap_get_entries_for_keyval(keymap, keyval, &keys, &count) != 0 && count > 0 ? keys![0].keycode : 0
        g_free(keys)
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            let event = gdk_event_new(type)!
            event.pointee.key.window = gdkWindow
            g_object_ref(UnsafeMutableRawPointer(gdkWindow))
            event.pointee.key.time = UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000)
            event.pointee.key.keyval = keyval
            event.pointee.key.hardware_keycode = UInt16(keycode)
            if let seat = gdk_display_get_default_seat(gdk_window_get_display(gdkWindow)) {
                gdk_event_set_device(event, gdk_seat_get_keyboard(seat))
            }
            deliver(event)
        }
    }

    /// Hands `event` to GTK as the main loop does, then frees it.
    private static func deliver(_ event: UnsafeMutablePointer<GdkEvent>) {
        gtk_main_do_event(event)
        gdk_event_free(event)
        _ = GtkRuntime.iteratePending()
    }

    private static func pointer(of window: OpaquePointer) -> OpaquePointer? {
        gdk_display_get_default_seat(gdk_window_get_display(window)).flatMap { gdk_seat_get_pointer($0) }
    }

    /// The deepest visible window under (`x`, `y`) of `window` (a toplevel's), and the point
    /// in its coordinates: where the window system delivers a click.
    private static func innermostWindow(in window: OpaquePointer, atX x: Double, y: Double) -> (OpaquePointer, Double, Double) {
        var children = gdk_window_peek_children(window)
        var found: (OpaquePointer, Double, Double)?
        while let node = children {
            children = node.pointee.next
            let child = OpaquePointer(node.pointee.data!)
            var childX: Int32 = 0, childY: Int32 = 0
            gdk_window_get_position(child, &childX, &childY)
            let localX = x - Double(childX), localY = y - Double(childY)
            guard gdk_window_is_visible(child) != 0, localX >= 0, localY >= 0,
                localX < Double(gdk_window_get_width(child)), localY < Double(gdk_window_get_height(child))
            else { continue }
            // The list's first child is the topmost: the first that holds the point wins.
            found = innermostWindow(in: child, atX: localX, y: localY)
            break
        }
        return found ?? (window, x, y)
    }
}
