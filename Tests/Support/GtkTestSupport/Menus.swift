import CGtk
import GtkListManager

/// The menus attached to `widget` (`gtk_menu_attach_to_widget`), as GTK lists them.
@MainActor
public func attachedMenus(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkMenu>] {
    // The list belongs to GTK: read, not freed.
    Array(GListSequence(gtk_menu_get_for_attach_widget(widget), of: GtkMenu.self))
}

/// The labels of a menu's items, in order, "-" for a separator and "?" for an item without a
/// label.
@MainActor
public func menuTitles(_ menu: UnsafeMutablePointer<GtkMenu>) -> [String] {
    containerChildren(gcast(menu)).map { item in
        if isA(item, gtk_separator_menu_item_get_type()) { return "-" }
        return gtk_menu_item_get_label(gcast(item)).map { String(cString: $0) } ?? "?"
    }
}

/// The first item of `menu` labelled `title` (never a separator); nil when there is none.
@MainActor
public func menuItem(_ menu: UnsafeMutablePointer<GtkMenu>, _ title: String) -> UnsafeMutablePointer<GtkWidget>? {
    containerChildren(gcast(menu)).first { item in
        !isA(item, gtk_separator_menu_item_get_type()) && gtk_menu_item_get_label(gcast(item)).map { String(cString: $0) } == title
    }
}
