import CGtk
import ModelStorage

extension ListEvent {
    /// Installs type-ahead find; no reaction is registered for it.
    static let typeAheadFind = ListEvent("typeAheadFind", source: TypeAheadFind.self)
}

/// Type-ahead find, as GtkTreeView users know it: typing on the focused list (or Ctrl+F) opens a
/// small search entry under it and moves the cursor to the first row whose findable text
/// (``FindableRow``) starts with what was typed, else contains it; Down and Ctrl+G go to the
/// next match, Up and Shift+Ctrl+G to the previous, Backspace takes the last character back,
/// Escape or five idle seconds close it, Enter closes it and activates the row found.
///
/// It reads the storage's models, not the widgets: rows with no widget are found too. Installed
/// when a findable row class is registered for items; keys go to it first while it is open, and
/// after every other key handler while it is closed (a tree's `+` and `-` open and close rows).
@MainActor
final class TypeAheadFind: OnDemandFeature {
    private unowned let manager: ListManager
    private lazy var popup = TypeAheadPopup()
    /// What was typed since the search opened.
    private(set) var query = ""
    private(set) var isOpen = false
    /// The item the search found last, where it goes on from; the cursor's when it opens.
    private var current = IndexPath(item: 0, section: 0)
    /// Where the search looks (nil until first needed, and after a change too big to follow),
    /// and its build while one runs.
    private var index: TypeAheadIndex?
    private var indexBuild: TypeAheadIndexBuild?
    /// A search that waits for the index.
    private var pendingSearch: (start: IndexPath, includingStart: Bool, forward: Bool)?
    /// Lists up to this many items have their index built at once when a search needs it;
    /// longer ones in slices (``TypeAheadIndexBuild``).
    static let itemsIndexedAtOnce = 20_000
    private var idleTimeout: guint = 0
    /// The window whose keys the search takes while open, before the focused row does (a row's
    /// own bindings, Space activating it, would otherwise come first): a weak pointer GLib clears
    /// when the window goes, and the handler connected there.
    private let keysWindow = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
    private var keysHandler: gulong = 0
    /// How long the search stays open without a key, in milliseconds.
    static let idleMilliseconds: UInt32 = 5_000

    init(manager: ListManager) {
        self.manager = manager
        keysWindow.initialize(to: nil)
    }

    isolated deinit {
        if idleTimeout != 0 { g_source_remove(idleTimeout) }
        releaseKeysWindow()
        keysWindow.deallocate()
    }

    /// What the search entry shows; nil while closed.
    var shownQuery: String? { isOpen ? popup.text : nil }

    var keyStage: KeyStage? { .search }
    var capturesKeys: Bool { isOpen }

    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        take(key)
    }

    /// Offers `key`: true when the search used it.
    private func take(_ key: KeyPress) -> Bool {
        let control = key.modifiers.contains(.control), shift = key.modifiers.contains(.shift)
        guard isOpen else {
            if control, !key.modifiers.contains(.alt), key.keyval == UInt32(GDK_KEY_f) || key.keyval == UInt32(GDK_KEY_F) {
                open()
                return true
            }
            guard let typed = Self.typedText(key) else { return false }
            open()
            type(typed)
            return true
        }
        // Shift, Ctrl, Alt and the like, pressed on their own on the way to a combination.
        if (UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(key.keyval) { return false }
        restartIdleTimeout()
        switch Int32(key.keyval) {
        case GDK_KEY_Escape:
            close()
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            close()
            return false  // the list activates the row found
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            step(forward: true)
        case GDK_KEY_Up, GDK_KEY_KP_Up:
            step(forward: false)
        case GDK_KEY_g where control, GDK_KEY_G where control:
            step(forward: !shift)
        case GDK_KEY_BackSpace:
            query.removeLast(query.isEmpty ? 0 : 1)
            search(from: current, includingStart: true)
        default:
            guard let typed = Self.typedText(key) ?? (key.character == " " ? " " : nil) else {
                close()
                return false  // another key (Page Down, Home, …) ends the search and does its own work
            }
            type(typed)
        }
        return true
    }

    /// Closes the search, leaving the cursor where it is.
    func close() {
        guard isOpen else { return }
        isOpen = false
        query = ""
        pendingSearch = nil
        if idleTimeout != 0 { g_source_remove(idleTimeout) }
        idleTimeout = 0
        popup.hide()
    }

    // MARK: - The index

    /// The keyboard focus is on a row of the list: the index is built now, in slices, so that the first
    /// keys typed find at once.
    func focusDidMove(to row: BoundRow, at location: RowLocation) {
        if index == nil, indexBuild == nil { buildIndex() }
    }

    /// The list changed by `changes`: the index follows them, or, for a change too big to
    /// follow, is dropped and built again if a search is open.
    func listDidApply(_ changes: ChangeSet) {
        if indexBuild != nil { return buildIndex() }
        guard index != nil else { return }
        let rows = FindableRows(manager: manager)
        if index?.apply(changes, text: rows.foldedText(of:at:)) != true {
            index = nil
            if isOpen { buildIndex() }
        }
    }

    /// The list reloaded: the index is built again if a search is open, else when next needed.
    func listDidReload() {
        index = nil
        indexBuild = nil
        if isOpen { buildIndex() }
    }

    /// Whether the index is built, or being built: for tests.
    var indexState: (isBuilt: Bool, isBuilding: Bool) { (index != nil, indexBuild != nil) }

    /// Starts building the index again from the storage.
    private func buildIndex() {
        index = nil
        indexBuild = TypeAheadIndexBuild(rows: FindableRows(manager: manager)) { [unowned self] built in
            index = built
            indexBuild = nil
            if let pendingSearch, isOpen {
                search(from: pendingSearch.start, includingStart: pendingSearch.includingStart, forward: pendingSearch.forward)
            }
        }
    }

    /// The index, built now if the list is short; nil while a long list's is still building.
    private func readyIndex() -> TypeAheadIndex? {
        if let index { return index }
        if indexBuild == nil { buildIndex() }
        if FindableRows(manager: manager).count <= Self.itemsIndexedAtOnce { indexBuild?.finishNow() }
        return index
    }

    /// The text a key types to start a search: a visible character, no Ctrl, Alt or Super.
    private static func typedText(_ key: KeyPress) -> String? {
        guard key.modifiers.isDisjoint(with: [.control, .alt, .superKey]), let character = key.character,
            !character.isWhitespace, !(character.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false)
        else { return nil }
        return String(character)
    }

    private func open() {
        isOpen = true
        query = ""
        current = cursorItem()
        popup.show(query, found: true, under: manager.widget)
        restartIdleTimeout()
        takeKeysFromTheWindow()
    }

    /// Hears the keys of the list's window while the search is open and the focus is in the
    /// list, before the focused row does. Connected once per window; idle while closed.
    private func takeKeysFromTheWindow() {
        guard let toplevel = gtk_widget_get_toplevel(manager.widget), gtk_widget_is_toplevel(toplevel) != 0,
            keysWindow.pointee != UnsafeMutableRawPointer(toplevel)
        else { return }
        releaseKeysWindow()
        let list = manager.widget
        keysHandler = Signal.connectEvent(toplevel, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) {
            [weak self] window, event in
            guard let self, isOpen, let event, let focus = gtk_window_get_focus(gcast(window)),
                focus == list || gtk_widget_is_ancestor(focus, list) != 0
            else { return false }
            return take(KeyPress(event))
        }
        keysWindow.pointee = UnsafeMutableRawPointer(toplevel)
        g_object_add_weak_pointer(gcast(toplevel), keysWindow)
    }

    /// Disconnects from the window whose keys the search heard, if it is still there.
    private func releaseKeysWindow() {
        guard let window = keysWindow.pointee else { return }
        g_signal_handler_disconnect(window, keysHandler)
        g_object_remove_weak_pointer(window.assumingMemoryBound(to: GObject.self), keysWindow)
        keysWindow.pointee = nil
    }

    private func type(_ text: String) {
        query += text
        search(from: current, includingStart: true)
    }

    private func step(forward: Bool) {
        search(from: current, includingStart: false, forward: forward)
    }

    /// Moves the cursor to the match from `start`; shows the query red when nothing matches. Waits
    /// for the index when a long list's is still being built (the keys go on meanwhile).
    private func search(from start: IndexPath, includingStart: Bool, forward: Bool = true) {
        pendingSearch = nil
        guard let index = readyIndex() else {
            pendingSearch = (start, includingStart, forward)
            popup.show(query, found: true, under: manager.widget)
            return
        }
        let found = index.next(query, from: start, forward: forward, includingStart: includingStart)
        popup.show(query, found: found != nil || query.isEmpty, under: manager.widget)
        if let found {
            current = found
            manager.moveCursorAsUser(to: found, alignment: .center)
        }
    }

    /// The item of the cursor; the first without one.
    private func cursorItem() -> IndexPath {
        guard let cursor = manager.selection.cursor, cursor.role == .item else { return IndexPath(item: 0, section: 0) }
        return cursor.indexPath
    }

    private func restartIdleTimeout() {
        if idleTimeout != 0 { g_source_remove(idleTimeout) }
        idleTimeout = GtkRuntime.after(milliseconds: Self.idleMilliseconds) { [weak self] in
            self?.idleTimeout = 0
            self?.close()
        }
    }
}
