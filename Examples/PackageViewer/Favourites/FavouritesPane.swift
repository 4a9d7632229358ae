import CGtk
import Foundation
import GRDBStorage
import GtkListManager
import ModelStorage

/// The favourites pane: the starred packages in the order the user gives them, shown by a
/// `ListManager` over a `DatabaseStorage` of the favourites file, with a search field whose words
/// the storage's request looks up in the file's FTS5 index, live (`FullTextSearch`): the rows
/// that still match stay, with their selection. A second storage, never searched, holds every
/// favourite for the stars in the table and for whether the pane shows.
///
/// The storages follow the file whoever writes to it: this window at once, other windows and
/// processes within their polling interval (250 ms). Rows move by drag or Alt+Up/Down, and the storage
/// writes the new order to the file. Delete, the star key (``KeyPress/togglesFavourite``) or
/// the context menu's "Remove from favourites" unstar the focused row. The pane is a table of
/// the package and its note, an editable cell: F2 (or a double click) edits the note in place,
/// Enter stores it, Escape leaves it as it was. Ctrl+Z on the list takes back the last unstar or
/// move (the favourite back in its place, with its note), Shift+Ctrl+Z does it again.
@MainActor
final class FavouritesPane {
    /// The pane: a title over the scrolled list.
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    /// The manager of the favourites list.
    let manager: ListManager
    /// The favourites' table: the package and its note.
    let table: ListTable
    /// The favourites the pane lists, in the file's order: those matching the search, or all.
    let storage: DatabaseStorage<Favourite, Unsectioned>
    /// Every favourite, whatever the search.
    let starred: DatabaseStorage<Favourite, Unsectioned>
    /// The search field over the list.
    let searchEntry = gtk_search_entry_new()!
    /// The searches applied, told by their completions.
    private(set) var searchesApplied = 0
    /// The file they are read from and written to.
    let database: FavouritesDatabase

    /// Called after the favourites changed: starred, unstarred or moved, by anyone.
    var favouritesDidChange: (() -> Void)?
    /// Called when the user selects a favourite, with its package id.
    var didChooseFavourite: ((String) -> Void)?
    /// Told when a write or a later read fails (the file locked too long, made read-only…).
    var problemHandler: (String) -> Void = { problem in
        FileHandle.standardError.write(Data("package-viewer: \(problem)\n".utf8))
    }

    /// Shows the favourites of `database`, described by the installed `packages` (by id).
    /// - Throws: the storage's error when the favourites cannot be read.
    init(database: FavouritesDatabase, packages: [String: InstalledPackage]) throws {
        self.database = database
        let manager = ListManager(host: .listBox, configuration: .viewer)
        self.manager = manager
        table = Self.makeTable(of: manager, packages: packages)
        storage = try DatabaseStorage(
            database.queue, request: FavouritesDatabase.request, reordering: FavouritesDatabase.reordering,
            // Other windows' and processes' writes show within a quarter of a second.
            externalChangeInterval: .milliseconds(250), handOff: GLibMainActorHandOff())
        starred = try DatabaseStorage(
            database.queue, request: FavouritesDatabase.request, externalChangeInterval: .milliseconds(250),
            handOff: GLibMainActorHandOff())
        for storage in [storage, starred] {
            storage.anomalyHandler.action = { [unowned self] anomaly in
                problemHandler("favourites: \(anomaly)")
            }
        }
        configureManager()
        manager.storage = storage
        // Unstars and moves are written through the storage, which records them for Ctrl+Z.
        storage.undoWriting = .records
        let history = UndoHistory()
        history.track(storage)
        manager.undoHistory = history
        starred.addObserver(self)
        // The storages stop following the file with the pane: no star is set in a closed window.
        Signal.connect(widget, "destroy") { [weak self] _ in
            guard let self else { return }
            starred.removeObserver(self)
            starred.stopObserving()
            storage.stopObserving()
        }

        let title = gtk_label_new("Favourites")!
        gtk_label_set_xalign(gcast(title), 0)
        addStyleClass(SectionHeadingRow.styleClass, to: title)
        gtk_box_pack_start(gcast(widget), title, 0, 1, 0)
        gtk_entry_set_placeholder_text(gcast(searchEntry), "Search favourites")
        Signal.connect(searchEntry, "search-changed") { [weak self] entry in
            self?.search(String(cString: gtk_entry_get_text(gcast(entry))))
        }
        gtk_box_pack_start(gcast(widget), searchEntry, 0, 1, 0)
        // The table scrolls itself, under its header.
        gtk_scrolled_window_set_policy(gcast(table.scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_box_pack_start(gcast(widget), table.widget, 1, 1, 0)
        gtk_widget_set_size_request(widget, Self.width, -1)
    }

    /// The width the pane asks for.
    static let width: Int32 = 240

    /// The package ids starred, in the pane's order, whatever the search.
    var packageIDs: [String] { starred.records.map(\.id) }

    /// Whether the package `packageID` is a favourite.
    func contains(_ packageID: String) -> Bool {
        starred.indexPath(ofID: packageID) != nil
    }

    /// Lists the favourites whose package id has a word starting with each word of `text`;
    /// every favourite when `text` is empty. The storage is not replaced: rows that still match
    /// stay, with their selection.
    private func search(_ text: String) {
        storage.setRequest(FavouritesDatabase.search.request(FavouritesDatabase.request, matching: text)) { [weak self] _ in
            self?.searchesApplied += 1
        }
    }

    /// Whether the list shows every favourite: moving rows is for then alone (a drag among the
    /// matches would renumber the favourites around hidden ones).
    private var isSearching: Bool { !String(cString: gtk_entry_get_text(gcast(searchEntry))).allSatisfy(\.isWhitespace) }

    /// Stars the package, or unstars it when it is a favourite.
    func toggle(_ packageID: String) {
        contains(packageID) ? remove(packageID) : add(packageID)
    }

    /// Stars the package at the end of the favourites.
    func add(_ packageID: String) {
        database.add(packageID, completion: reportingFailure("cannot add \(packageID) to the favourites"))
    }

    /// Unstars the package, as an action Ctrl+Z on the list takes back (part of the list's own
    /// action when the list's Delete asked for it).
    func remove(_ packageID: String) {
        let report = reportingFailure("cannot remove \(packageID) from the favourites")
        manager.undoHistory?.group(named: "Remove from favourites") {
            storage.write({ db in _ = try Favourite.deleteOne(db, id: packageID) }) { result in
                if case let .failure(error) = result { report(error) }
            }
        }
    }

    private func reportingFailure(_ what: String) -> @Sendable ((any Error)?) -> Void {
        let path = database.path
        return { [weak self] error in
            guard let error else { return }
            let message = "\(what) in \(path): \(error)"
            GtkRuntime.perform { self?.problemHandler(message) }
        }
    }

    /// The pane's table: each favourite's package (said "not installed" when the status file
    /// has none) and the user's note, which the user edits in place like any table cell.
    private static func makeTable(of manager: ListManager, packages: [String: InstalledPackage]) -> ListTable {
        manager.makeTable(of: Favourite.self) {
            ModelColumn("Package", id: "package") { favourite, _ in
                packages[favourite.id]?.name ?? "\(favourite.id) (not installed)"
            }
            .width(.share(1), minimum: 90)
            ModelColumn("Note", id: "note", text: \.note).width(.share(1), minimum: 90)
        }
    }

    /// The pane's reactions: selecting, moving, unstarring and editing notes.
    private func configureManager() {
        manager.selectionMode = .single
        manager.canMove(Favourite.self) { [unowned self] _, _ in !isSearching }
        table.didSelect(Favourite.self) { [unowned self] favourite, _ in didChooseFavourite?(favourite.id) }
        // Delete and the context menu's edit item unstar; the storage shows the file after it.
        manager.canEdit(Favourite.self) { _, _ in true }
        manager.titleForDeleteConfirmationButton(Favourite.self) { _, _ in "Remove from favourites" }
        manager.commitEditing(Favourite.self) { [unowned self] style, favourite, _ in
            if style == .delete { remove(favourite.id) }
        }
        table.keyPress(Favourite.self) { [unowned self] key, favourite, _, _ in
            guard key.togglesFavourite else { return false }
            remove(favourite.id)
            return true
        }
        // F2 (or a double click) edits the note; the file stores it (or refuses it, and the
        // editor says why), and the storage shows it as it follows the file.
        table.commitTextEdit(Favourite.self, column: "note") { [unowned self] note, favourite, _ in
            try database.setNote(note, of: favourite.id)
        }
    }
}

extension FavouritesPane: StorageObserver {
    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        favouritesDidChange?()
    }

    func storageNeedsReload(_ storage: any Storage) {
        favouritesDidChange?()
    }
}

extension KeyPress {
    /// S or Ctrl+D: stars the focused package, or unstars it.
    var togglesFavourite: Bool {
        switch (keyval, modifiers) {
        case (guint(GDK_KEY_s), []), (guint(GDK_KEY_S), []), (guint(GDK_KEY_d), .control), (guint(GDK_KEY_D), .control): true
        default: false
        }
    }
}
