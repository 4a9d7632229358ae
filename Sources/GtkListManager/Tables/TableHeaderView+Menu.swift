import CGtk

// The menu of a column's header: a right click on it, or Menu / Shift+F10 with the header
// focused. What it holds is the table's (``ListTable/headerMenuItems(for:)``).
extension TableHeaderView {
    func connectMenu(of button: UnsafeMutablePointer<GtkWidget>, column: String) {
        Signal.connectEvent(button, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] button, event in
            guard let self, let event, gdk_event_triggers_context_menu(event) != 0 else { return false }
            return showMenu(of: column, from: button, atPointer: true)
        }
        Signal.connectEvent(button, "popup-menu") { [weak self] button in
            self?.showMenu(of: column, from: button, atPointer: false) ?? false
        }
    }

    /// Shows the menu of `column`'s header; false when it has no entries.
    @discardableResult
    func showMenu(of column: String, from button: UnsafeMutablePointer<GtkWidget>, atPointer: Bool) -> Bool {
        let items = menuItems?(column) ?? []
        guard !ContextMenuBuilder.tidied(items).isEmpty else { return false }
        closeMenu()
        let menu = ContextMenuBuilder.makeMenu(items) {}
        shownMenu = menu
        gtk_menu_attach_to_widget(menu, widget, nil)
        Signal.connect(menu, "deactivate") { [weak self] menu in
            // GTK deactivates a menu before running the chosen entry: destroy it afterwards.
            GtkRuntime.after(milliseconds: 0) {
                if self?.shownMenu == menu { self?.shownMenu = nil }
                gtk_widget_destroy(gcast(menu))
            }
        }
        let trigger = gtk_get_current_event()
        defer { if let trigger { gdk_event_free(trigger) } }
        if atPointer {
            gtk_menu_popup_at_pointer(menu, trigger)
        } else {
            gtk_menu_popup_at_widget(menu, button, GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, trigger)
        }
        return true
    }

    /// Closes the menu shown, if any.
    func closeMenu() {
        guard let menu = shownMenu else { return }
        shownMenu = nil
        gtk_widget_destroy(gcast(menu))
    }
}
