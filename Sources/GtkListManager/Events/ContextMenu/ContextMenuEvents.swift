import CGtk
import ModelStorage

extension ListEvent {
    static let contextMenu = ListEvent("contextMenu", source: ContextMenuEvents.self)
    static let contextMenuForSelection = ListEvent("contextMenuForSelection", source: ContextMenuEvents.self)
}

/// Context menus of rows: a right-click on a row (any press that
/// `gdk_event_triggers_context_menu`, from the list's ``PointerDispatcher``, at the row the
/// host finds under it) or a long press lifted from it pops a menu up at the pointer; the Menu key and Shift+F10 (the `popup-menu` keybinding signal,
/// which reaches the list when the focused row leaves it unhandled) pop it up below the
/// focused row.
///
/// The menu holds the `contextMenu` entries, then the edit item when the row offers an edit
/// (`EditingEvents`): "Delete" (`titleForDeleteConfirmationButton`) for `.delete`, "Insert"
/// for `.insert`, committing through `commitEditing`. No entries: no menu, and the event goes
/// on to GTK. A right-click first selects the row unless it is already selected, as GTK file
/// managers do (a user selection: selection events run and may veto it).
///
/// On an item that is one of several selected, the `contextMenuForSelection` entries stand for
/// all of them, when that event is registered and answers.
///
/// The menu is destroyed once it is dismissed, after the chosen item ran.
@MainActor
final class ContextMenuEvents: OnDemandFeature {
    private unowned let manager: ListManager
    /// The menu shown now, if any: one at a time.
    private(set) var shownMenu: UnsafeMutablePointer<GtkMenu>?
    /// Counts the menus shown, so that a late callback of a finished menu never touches the
    /// next one (which may even get the same address).
    private var menuNumber = 0
    /// The edit interaction the shown menu offers, ended when the menu closes.
    private var editSession: EditSession?
    /// The menu for several selected items, given their index paths in list order.
    var selectionMenu: (([IndexPath]) -> [MenuItem]?)?

    init(manager: ListManager) {
        self.manager = manager
        Signal.connectEvent(manager.widget, "popup-menu") { [weak self] _ in
            guard let self, let (row, location) = self.manager.focusedRowAndLocation() else { return false }
            return self.showMenu(for: row, at: location, atPointer: false)
        }
        // The menu would outlive a list that leaves the screen (window hidden or destroyed).
        Signal.connect(manager.widget, "unmap") { [weak self] _ in self?.dismissShownMenu() }
    }

    /// A manager that goes away takes its open menu with it.
    isolated deinit {
        guard let shownMenu else { return }
        gtk_widget_destroy(gcast(shownMenu))
        g_object_unref(shownMenu)
    }

    // MARK: - Triggers

    var pointerStage: PointerStage? { .contextMenu }

    /// A long press lifted opens the menu of the row it held.
    func touchLiftedAfterHold(atX x: Double, y: Double) -> Bool {
        openMenu(atX: x, y: y)
    }

    /// Opens the menu of the row under a press that triggers a context menu; false when the
    /// press triggers none or the row has no menu (it goes on to the host).
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_triggers_context_menu(event) != 0,
            let point = PointerLocation.point(of: event, in: manager.widget)
        else { return false }
        return openMenu(atX: point.x, y: point.y)
    }

    /// Opens the menu of the row at the point (list coordinates) at the pointer: a
    /// right-click's, or a long press's when the finger lifts. False when the row has none.
    func openMenu(atX x: Double, y: Double) -> Bool {
        guard let position = manager.host.position(atX: x, y: y),
            let (row, location) = manager.boundRowAndLocation(atPosition: position)
        else { return false }
        return showMenu(for: row, at: location, atPointer: true)
    }

    // MARK: - The menu

    /// Builds and pops up the row's menu; false when it has no entries.
    private func showMenu(for row: BoundRow, at location: RowLocation, atPointer: Bool) -> Bool {
        guard row.role == .item, let hostWidget = row.hostWidget else { return false }
        let entries = menuEntries(for: row, at: location)
        guard entries.editStyle != nil || !ContextMenuBuilder.tidied(entries.items).isEmpty else { return false }

        dismissShownMenu()
        if atPointer { manager.selectForContextMenu(location.indexPath) }
        let session = entries.editStyle.flatMap { style in
            manager.features.installed(EditingEvents.self)?.begin(row, at: location, style: style)
        }
        editSession = session
        let items = entries.items + (session.map { [MenuItem.separator, editItem(for: $0, title: entries.editTitle)] } ?? [])

        let menu = ContextMenuBuilder.makeMenu(items) { [weak self] in self?.closeShownMenu() }
        g_object_ref(menu)  // released by `finishShownMenu`, after the menu is destroyed
        shownMenu = menu
        menuNumber += 1
        let number = menuNumber
        gtk_menu_attach_to_widget(menu, manager.widget, nil)
        Signal.connect(menu, "deactivate") { [weak self] _ in
            // GTK deactivates a menu before running the chosen item: finish afterwards.
            GtkRuntime.after(milliseconds: 0) { self?.finishShownMenu(number: number) }
        }
        let trigger = gtk_get_current_event()
        defer { if let trigger { gdk_event_free(trigger) } }
        if atPointer {
            gtk_menu_popup_at_pointer(menu, trigger)
        } else {
            gtk_menu_popup_at_widget(menu, hostWidget, GDK_GRAVITY_SOUTH_WEST, GDK_GRAVITY_NORTH_WEST, trigger)
        }
        // A popup that could not grab the input is not shown and never deactivates.
        if gtk_widget_get_visible(gcast(menu)) == 0 { finishShownMenu(number: number) }
        return true
    }

    /// The `contextMenu` entries, and the edit the row offers with its item's title; on one of
    /// several selected items, the `contextMenuForSelection` entries when it answers.
    private func menuEntries(
        for row: BoundRow, at location: RowLocation
    ) -> (items: [MenuItem], editStyle: EditingStyle?, editTitle: String) {
        let selected = manager.selectedIndexPaths
        if let selectionMenu, selected.count > 1, selected.contains(location.indexPath), let items = selectionMenu(selected) {
            return (items, nil, "")
        }
        let answer: [MenuItem]?? = manager.events.perform(.contextMenu, on: row, at: location)
        let items = (answer ?? nil) ?? []
        guard let editing = manager.features.installed(EditingEvents.self) else { return (items, nil, "") }
        switch editing.offeredStyle(for: row, at: location) {
        case .none: return (items, nil, "")
        case .delete: return (items, .delete, editing.deleteTitle(for: row, at: location))
        case .insert: return (items, .insert, "Insert")
        }
    }

    /// The item committing the session's edit.
    private func editItem(for session: EditSession, title: String) -> MenuItem {
        MenuItem(title) { [weak self] in
            guard let editing = self?.manager.features.installed(EditingEvents.self) else { return }
            editing.commit(session)
            editing.end(session)
        }
    }

    private func closeShownMenu() {
        if let shownMenu { gtk_menu_shell_deactivate(gcast(shownMenu)) }
    }

    /// Closes the shown menu and finishes it now (before another one opens, or when the list
    /// leaves the screen).
    private func dismissShownMenu() {
        guard let shownMenu else { return }
        gtk_menu_shell_deactivate(gcast(shownMenu))
        finishShownMenu(number: menuNumber)
    }

    /// Ends the shown menu's edit interaction and destroys it, if it is menu `number`.
    private func finishShownMenu(number: Int) {
        guard number == menuNumber, let menu = shownMenu else { return }
        shownMenu = nil
        if let session = editSession {
            editSession = nil
            manager.features.installed(EditingEvents.self)?.end(session)
        }
        gtk_widget_destroy(gcast(menu))
        g_object_unref(menu)
    }
}
