import CGtk
import Foundation
import GtkListManager

/// A context menu and keys for the packages of a table: a right click on a row, or Menu or
/// Shift+F10 on the focused row, pops up the menu `menu` gives for its model; a key pressed on
/// the focused row goes to `keyPress`.
///
/// A workaround. The manager finds a row event (`mapping.contextMenu`, `mapping.keyPress`) by the
/// row's class, and a table's item rows are the library's own row class (the app's classes are
/// the cells), so events registered on an app's row mapping never reach them, and these two
/// events have no registration by model type (selection has one: `selectionDidChange(of:)`).
/// Remove this once the manager offers them for a model type on tables.
@MainActor
final class TableRowEvents<Model> {
    private unowned let manager: ListManager
    private let host: any ListHost
    /// The entries of the menu of a row showing `Model`; none shows no menu.
    var menu: ((Model, IndexPath) -> [MenuItem])?
    /// A key pressed on the focused row showing `Model`; true when handled.
    var keyPress: ((KeyPress, Model, IndexPath) -> Bool)?
    /// Called when a right click selects the row it opens the menu of (a selection made by
    /// code, which the manager does not report).
    var didSelectForMenu: ((Model, IndexPath) -> Void)?
    /// The menu shown, until it closes.
    private(set) var shownMenu: UnsafeMutablePointer<GtkMenu>?

    /// Events for the rows of `manager`, whose rows `host` shows.
    init(manager: ListManager, host: any ListHost) {
        self.manager = manager
        self.host = host
        let list = manager.widget
        Signal.connectEvent(list, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self, let event, gdk_event_triggers_context_menu(event) != 0,
                gdk_event_get_event_type(event) == GDK_BUTTON_PRESS,
                let (x, y) = Self.point(of: event, in: list), let position = self.host.position(atX: x, y: y)
            else { return false }
            return popUpMenu(forRowAt: position, event: event)
        }
        Signal.connectEvent(list, "popup-menu") { [weak self] _ in
            guard let self, let position = self.host.focusedPosition else { return false }
            return popUpMenu(forRowAt: position, event: nil)
        }
        Signal.connectEvent(list, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) { [weak self] _, event in
            guard let self, let event, let keyPress, let position = self.host.focusedPosition,
                let (model, indexPath) = item(atPosition: position)
            else { return false }
            let known = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue
            let key = KeyPress(keyval: event.pointee.keyval, modifiers: KeyPress.Modifiers(rawValue: event.pointee.state & known))
            return keyPress(key, model, indexPath)
        }
        // The menu would outlive a list that leaves the screen.
        Signal.connect(list, "unmap") { [weak self] _ in
            if let menu = self?.shownMenu { gtk_menu_shell_deactivate(gcast(menu)) }
        }
    }

    /// The model and index path of the item row at `position`, when it shows a `Model`.
    private func item(atPosition position: Int) -> (Model, IndexPath)? {
        guard let location = manager.location(ofPosition: position), location.role == .item,
            let model = manager.boundRow(atPosition: position)?.model as? Model
        else { return nil }
        return (model, location.indexPath)
    }

    /// Pops up the menu of the row at `position`: at the pointer of a click `event` (selecting
    /// the row first), else under the row. False when the row has no menu.
    private func popUpMenu(forRowAt position: Int, event: UnsafeMutablePointer<GdkEvent>?) -> Bool {
        guard let (model, indexPath) = item(atPosition: position), let items = menu?(model, indexPath), !items.isEmpty,
            let row = manager.boundRow(atPosition: position)
        else { return false }
        if let shownMenu { gtk_menu_shell_deactivate(gcast(shownMenu)) }
        if event != nil, !manager.selectedIndexPaths.contains(indexPath) {
            manager.selectItem(at: indexPath)
            didSelectForMenu?(model, indexPath)
        }
        let menu: UnsafeMutablePointer<GtkMenu> = gcast(gtk_menu_new())
        Self.append(items, to: menu)
        gtk_menu_attach_to_widget(menu, manager.widget, nil)
        shownMenu = menu
        Signal.connect(menu, "deactivate") { [weak self] menu in
            // GTK deactivates a menu before running the chosen item: destroy it afterwards.
            _ = GtkRuntime.after(milliseconds: 0) { gtk_widget_destroy(gcast(menu)) }
            if let self, let shown = shownMenu, UnsafeMutableRawPointer(shown) == UnsafeMutableRawPointer(menu) { shownMenu = nil }
        }
        if let event {
            gtk_menu_popup_at_pointer(menu, event)
        } else {
            gtk_menu_popup_at_widget(menu, row.hostWidget ?? row.widget, GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, nil)
        }
        return true
    }

    /// Adds the entries' widgets to `menu`; an entry activated closes the menu, then runs.
    private static func append(_ items: [MenuItem], to menu: UnsafeMutablePointer<GtkMenu>) {
        for item in items {
            let widget: UnsafeMutablePointer<GtkWidget>
            switch item.content {
            case .separator:
                widget = gtk_separator_menu_item_new()
            case .action(let action):
                widget = gtk_menu_item_new_with_label(item.title)
                Signal.connect(widget, "activate") { _ in
                    gtk_menu_shell_deactivate(gcast(menu))
                    action()
                }
            case .check(let isOn, let action):
                widget = gtk_check_menu_item_new_with_label(item.title)
                gtk_check_menu_item_set_active(gcast(widget), isOn ? 1 : 0)
                Signal.connect(widget, "toggled") { item in action(gtk_check_menu_item_get_active(gcast(item)) != 0) }
            case .submenu(let children):
                widget = gtk_menu_item_new_with_label(item.title)
                let submenu: UnsafeMutablePointer<GtkMenu> = gcast(gtk_menu_new())
                append(children, to: submenu)
                gtk_menu_item_set_submenu(gcast(widget), gcast(submenu))
            }
            gtk_widget_set_sensitive(widget, item.isEnabled ? 1 : 0)
            gtk_menu_shell_append(gcast(menu), widget)
        }
        gtk_widget_show_all(gcast(menu))
    }

    /// Where a pointer event happened, in `widget`'s allocation's coordinates (those
    /// ``ListHost/position(atX:y:)`` takes), whether or not it has a window of its own.
    private static func point(of event: UnsafeMutablePointer<GdkEvent>, in widget: UnsafeMutablePointer<GtkWidget>) -> (Double, Double)? {
        var rootX = 0.0, rootY = 0.0
        guard gdk_event_get_root_coords(event, &rootX, &rootY) != 0, let window = gtk_widget_get_window(widget) else { return nil }
        var originX: Int32 = 0, originY: Int32 = 0
        gdk_window_get_origin(window, &originX, &originY)
        var x = rootX - Double(originX), y = rootY - Double(originY)
        if gtk_widget_get_has_window(widget) == 0 {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            x -= Double(allocation.x)
            y -= Double(allocation.y)
        }
        return (x, y)
    }
}
