import CGtk

/// Turns ``MenuItem`` entries into GTK menu widgets.
@MainActor
enum ContextMenuBuilder {
    /// A new `GtkMenu` with `items` (separators tidied, empty submenus left out).
    ///
    /// Each action's closure lives in its menu item's `activate` handler, released when the
    /// item is finalized (with the menu). `willActivate` runs first, with the top menu: it
    /// closes the menu when an item is activated without the menu's own key or click handling
    /// (`gtk_menu_item_activate`), so the menu is cleaned up the same way in every case.
    static func makeMenu(
        _ items: [MenuItem], willActivate: @escaping @MainActor () -> Void
    ) -> UnsafeMutablePointer<GtkMenu> {
        let menu: UnsafeMutablePointer<GtkMenu> = gcast(gtk_menu_new())
        for item in tidied(items) {
            let widget: UnsafeMutablePointer<GtkWidget>
            switch item.content {
            case .separator:
                widget = gtk_separator_menu_item_new()
            case .action(let action):
                widget = gtk_menu_item_new_with_label(item.title)
                Signal.connect(widget, "activate") { _ in
                    willActivate()
                    action()
                }
            case .check(let isOn, let action):
                widget = gtk_check_menu_item_new_with_label(item.title)
                gtk_check_menu_item_set_active(gcast(widget), isOn ? 1 : 0)
                Signal.connect(widget, "toggled") { item in
                    willActivate()
                    action(gtk_check_menu_item_get_active(gcast(item)) != 0)
                }
            case .submenu(let children):
                widget = gtk_menu_item_new_with_label(item.title)
                gtk_menu_item_set_submenu(gcast(widget), gcast(makeMenu(children, willActivate: willActivate)))
            }
            gtk_widget_set_sensitive(widget, item.isEnabled ? 1 : 0)
            gtk_menu_shell_append(gcast(menu), widget)
        }
        gtk_widget_show_all(gcast(menu))
        return menu
    }

    /// The entries worth showing: no empty submenus, no leading, trailing or repeated separators.
    static func tidied(_ items: [MenuItem]) -> [MenuItem] {
        var shown: [MenuItem] = []
        for item in items {
            if case .submenu(let children) = item.content, tidied(children).isEmpty { continue }
            if item.isSeparator, shown.last?.isSeparator ?? true { continue }
            shown.append(item)
        }
        if shown.last?.isSeparator == true { shown.removeLast() }
        return shown
    }
}
