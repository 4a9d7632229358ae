import CGtk

// Keys on the grid's flow boxes. A key goes from the focused cell up through its flow box to the
// grid box, the list widget whose key presses the manager handles (Delete editing, Alt+arrow
// reordering, the user's `keyPress`); but a flow box handles the arrows, Home, End, the page
// keys, Enter and Space itself, and stops them. So each flow box offers a key to the grid box
// first, as a list box's own handlers come after the manager's; a key the grid box and the
// flow box both leave alone goes on up past the grid box (to the window's Tab and mnemonics)
// without being offered twice.
extension FlowBoxGridHost {
    func connectKeyboard(of section: GridSection) {
        Signal.connectEvent(section.flowBox, "key-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) {
            [weak self, weak section] _, event in
            guard let self, let section, let event else { return false }
            return keyPressed(event, in: section)
        }
        // Runs only when the flow box left the key alone: it goes on up to the grid box.
        Signal.connectEvent(section.flowBox, "key-press-event", argument: UnsafeMutablePointer<GdkEvent>.self, after: true) {
            [weak self] _, event in
            self?.keyOfferedToGrid = event
            return false
        }
    }

    /// The grid box's first key handler, connected before the manager's: a key a flow box
    /// already offered it stops there (its emission, not its propagation to the window).
    func connectKeyRelay() {
        Signal.connectEvent(box, "key-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] box, event in
            guard let self, let event, event == keyOfferedToGrid else { return false }
            keyOfferedToGrid = nil
            g_signal_stop_emission_by_name(box, "key-press-event")
            return false
        }
    }

    private func keyPressed(_ event: UnsafeMutablePointer<GdkEvent>, in section: GridSection) -> Bool {
        keyOfferedToGrid = nil
        if gtk_widget_get_realized(widget) != 0, gtk_widget_event(widget, event) != 0 { return true }
        guard !notFocusable.isEmpty, isMovementKey(event) else { return false }
        // GTK's flow box moves its cursor onto a cell that cannot take the focus (it passes over
        // insensitive cells only): the focus stays where it was and the selection goes to that
        // cell. The movement runs with those cells insensitive, so that it passes over them as
        // the other hosts do; they are sensitive again before anything is drawn.
        let passedOver = section.cells.compactMap { cell -> UnsafeMutablePointer<GtkWidget>? in
            let widget: UnsafeMutablePointer<GtkWidget> = gcast(cell)
            return gtk_widget_get_can_focus(widget) == 0 && gtk_widget_get_sensitive(widget) != 0 ? widget : nil
        }
        guard !passedOver.isEmpty else { return false }
        let key = UnsafeMutableRawPointer(event).assumingMemoryBound(to: GdkEventKey.self)
        for cell in passedOver { gtk_widget_set_sensitive(cell, 0) }
        let handled = gtk_bindings_activate_event(gcast(section.flowBox), key) != 0
        for cell in passedOver { gtk_widget_set_sensitive(cell, 1) }
        // The flow box's own handler would run the same bindings again, with the cells to pass
        // over sensitive.
        g_signal_stop_emission_by_name(section.flowBox, "key-press-event")
        if !handled { keyOfferedToGrid = event }
        return handled
    }

    /// Whether the key is one a flow box moves its cursor with.
    private func isMovementKey(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        var keyval: guint = 0
        guard gdk_event_get_keyval(event, &keyval) != 0 else { return false }
        return [
            GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Home, GDK_KEY_End, GDK_KEY_Page_Up, GDK_KEY_Page_Down,
            GDK_KEY_KP_Up, GDK_KEY_KP_Down, GDK_KEY_KP_Left, GDK_KEY_KP_Right, GDK_KEY_KP_Home, GDK_KEY_KP_End, GDK_KEY_KP_Page_Up,
            GDK_KEY_KP_Page_Down,
        ].contains(Int32(keyval))
    }
}
