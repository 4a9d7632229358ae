import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// `--files DIR`: the directory as a tree table on the virtualized list, as a file manager's
/// list view: Name (the tree's arrows and indentation before it), Size, Modified and Type.
/// Directories show an arrow before they are read and are read off the main thread on their
/// first expand (a loading row meanwhile, an error row with Retry when unreadable). Each
/// directory read is watched: files created or deleted elsewhere appear and vanish in place,
/// keeping what is open and selected. The columns the user resizes, moves and hides are saved in
/// the settings file, with the sort: a header click orders every folder's entries, those read
/// later too (see `FolderColumns`). A root that is not a directory shows the
/// list's failure state, with a Retry that looks again. The search field in the header bar
/// filters the folders read so far by name: a match shows with the folders above it, opened.
@MainActor
final class FolderTreeWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let manager: ListManager
    /// The manager's host: it pins the folders above the top row over the rows they hold.
    let host = VirtualListHost()
    /// The folder tree table: the manager's list with a cell per column under the headers.
    let table: ListTable
    let storage = OutlineStorage<String, FolderEntry>(handOff: GLibMainActorHandOff())
    /// The search field (a `GtkSearchEntry`) in the header bar.
    let searchEntry = gtk_search_entry_new()!
    /// The searches applied, told by their completions.
    private(set) var searchesApplied = 0
    /// The settings file the columns are restored from and saved to; nil keeps them for this
    /// window only.
    let settings: ViewerSettings?
    /// The directory at the top.
    let root: String
    private(set) var anomalies: [ManagerAnomaly] = []
    /// The watched directories, by path.
    private var monitors: [String: DirectoryMonitor] = [:]
    /// Whether the place saved last time is being restored (its folders read, its top scrolled to).
    private(set) var restoringPlace = false

    /// A window over `root`, its top level open, its columns as `settings` saved them (and saved
    /// there when they change).
    init(root: String, settings: ViewerSettings? = nil) {
        self.settings = settings
        self.root = root
        manager = ListManager(host: host, storage: storage, configuration: .viewer)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), root == "/" ? "/" : String(root.split(separator: "/").last ?? Substring(root)))
        gtk_window_set_default_size(gcast(window), 760, 620)
        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_set_title(gcast(headerBar), gtk_window_get_title(gcast(window)))
        gtk_header_bar_set_subtitle(gcast(headerBar), root)
        gtk_header_bar_set_show_close_button(gcast(headerBar), 1)
        gtk_entry_set_placeholder_text(gcast(searchEntry), "Filter opened folders")
        gtk_header_bar_pack_start(gcast(headerBar), searchEntry)
        gtk_window_set_titlebar(gcast(window), headerBar)
        table = manager.makeTable(columns: FolderColumns.all())  // over an empty storage: nothing to report yet
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        table.outlineColumn = FolderColumns.name
        registerCells()
        manager.selectionMode = .multiple
        // Deep in the tree, the folders the top row is in stay in sight at the top.
        manager.pinsParentRows = true
        storage.childrenProvider = .background(handOff: GLibMainActorHandOff(), mayHaveChildren: \.isDirectory) { folder, cancellation in
            try FolderEntry.children(of: folder.path, stoppingWhen: { cancellation.isCancelled })
        }
        // Watch what the user opens; stop when it closes.
        manager.didExpand(FolderEntry.self) { [unowned self] entry, _ in watch(entry) }
        manager.didCollapse(FolderEntry.self) { [unowned self] entry, _ in monitors.removeValue(forKey: entry.path)?.cancel() }

        table.didChangeSort { [unowned self] keys in storage.sort(by: keys, using: FolderColumns.comparisons) }
        if let saved = settings?.contents.fileColumns { table.state = saved }  // before the saving listens: nothing to save
        table.stateDidChange = { [weak self] state in self?.settings?.saveFileColumns(state) }

        Signal.connect(searchEntry, "search-changed") { [weak self] entry in
            self?.search(String(cString: gtk_entry_get_text(gcast(entry))))
        }
        openRoot()
        restorePlace()
        gtk_scrolled_window_set_policy(gcast(table.scrolledWindow), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(window), table.widget)
        // Where the tree was left is saved as its window closes.
        Signal.connectEvent(window, "delete-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, _ in
            self?.savePlace()
            return false
        }
    }

    // MARK: - Where the tree was left

    /// Saves the folders open and the entry at the top of the view, for the next window over
    /// the same root.
    func savePlace() {
        guard let settings, showsRoot else { return }
        let top = topEntry
        settings.saveFolderTree(
            ViewerSettings.FolderTreePlace(
                openFolders: storage.expansionState.expandedItems.map(\.path), topPath: top.map(\.path)),
            root: root)
    }

    /// The entry at the top of the view: the first whose row shows below the folders pinned
    /// there, where a reveal at the top puts it again.
    var topEntry: FolderEntry? {
        let pinned = host.pinnedParentPositions
        let pinnedHeight = pinned.compactMap { host.rowFrame(at: $0)?.height }.reduce(0, +)
        for position in host.positionsOnScreen ?? 0..<0 where !pinned.contains(position) {
            guard let frame = host.rowFrame(at: position), frame.y + frame.height > pinnedHeight else { continue }
            guard let row = host.boundRow(at: position), let location = manager.location(of: row), location.role == .item else {
                continue
            }
            return storage.item(at: location.indexPath) as? FolderEntry
        }
        return nil
    }

    /// Opens the folders saved open (each read as its parent's entries arrive) and scrolls the
    /// saved top entry back to the top; entries gone from the disk since are passed over.
    private func restorePlace() {
        guard showsRoot, let place = settings?.contents.folderTrees?[root] else { return }
        storage.restoreExpansion(OutlineExpansionState(expandedItems: place.openFolders.compactMap(FolderEntry.init(path:))))
        guard let topPath = place.topPath, let top = FolderEntry(path: topPath), topPath.hasPrefix(root) else { return }
        // The folders from the root down to the top entry's: the way to read to it.
        var way: [FolderEntry] = []
        var folder = (topPath as NSString).deletingLastPathComponent
        while folder.count >= root.count, let entry = FolderEntry(path: folder) {
            way.insert(entry, at: 0)
            if folder == root { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        Task { [weak self] in
            guard let self else { return }
            restoringPlace = true
            await manager.reveal(top, under: way, alignment: .top, selecting: false)
            restoringPlace = false
        }
    }

    /// A cell class per column. A folder's loading or error row shows its status in the Name
    /// column (the library's `OutlineStatusRow`) and nothing in the others.
    private func registerCells() {
        manager.register(FolderNameCell.self, column: FolderColumns.name)
        manager.register(OutlineStatusRow.self, column: FolderColumns.name)
        manager.register(FolderSizeCell.self, column: FolderColumns.size)
        manager.register(TextCell.self, for: FolderEntry.self, column: FolderColumns.modified) { cell, entry, _ in
            cell.text = FolderColumns.modifiedText(entry.modified)
        }
        manager.register(TextCell.self, for: FolderEntry.self, column: FolderColumns.type) { cell, entry, _ in
            cell.text = entry.type
        }
        for column in [FolderColumns.size, FolderColumns.modified, FolderColumns.type] {
            manager.register(TextCell.self, for: OutlineChildrenStatus.self, column: column) { cell, _, _ in cell.text = "" }
        }
    }

    /// Whether the root is a directory the tree shows.
    var showsRoot: Bool { storage.numberOfSections > 0 }

    /// Shows the root's top level, or, when it is not a directory, the failure state with a
    /// Retry that calls this again.
    private func openRoot() {
        guard let top = FolderEntry(path: root), top.isDirectory else {
            manager.contentState = .failed(
                message: MissingDirectory(path: root).sentence, retry: { [weak self] in self?.openRoot() })
            return
        }
        manager.contentState = .ready
        var outline = OutlineSnapshot<FolderEntry>()
        outline.append([top])
        outline.markChildrenUnloaded([top])
        storage.apply(outline, to: root)
        storage.expand([top])
        watch(top)
    }

    /// Shows the entries read so far whose name holds `text` (case aside), each with the folders
    /// above it, opened; every entry when `text` is empty. Folders not read yet are not read for it.
    private func search(_ text: String) {
        let needle = text.lowercased()
        let completion: @MainActor () -> Void = { [weak self] in self?.searchesApplied += 1 }
        guard !needle.isEmpty else { return storage.setFilter(nil, completion: completion) }
        storage.setFilter({ (entry: FolderEntry) in entry.name.lowercased().contains(needle) }, completion: completion)
    }

    /// Reads the rows of `entries`' directories at once and waits for them (for screenshots).
    func expand(_ paths: [String]) -> Bool {
        for path in paths {
            guard let entry = FolderEntry(path: path) else { return false }
            storage.expand([entry])
            watch(entry)
            guard GtkRuntime.iterate(until: { [storage] in storage.outline(of: storage.sections[0]).childrenState(of: entry) != .loading })
            else { return false }
        }
        return true
    }

    private func watch(_ entry: FolderEntry) {
        guard monitors[entry.path] == nil else { return }
        monitors[entry.path] = DirectoryMonitor(path: entry.path) { [weak self] in self?.storage.refreshChildren(of: entry) }
    }

    deinit {
        MainActor.assumeIsolated { for monitor in monitors.values { monitor.cancel() } }
    }
}

/// `--files` named something that is not a directory.
struct MissingDirectory: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path): no such directory" }
    /// What the window says.
    var sentence: String { "The folder “\(path)” does not exist." }

    /// The problem with `path` as a `--files` root; nil when it is a directory.
    static func check(_ path: String) -> MissingDirectory? {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue ? nil : Self(path: path)
    }
}
