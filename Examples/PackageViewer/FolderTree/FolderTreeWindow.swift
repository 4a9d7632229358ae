import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// `--files DIR`: the directory as a tree on the virtualized list. Directories show an arrow
/// before they are read and are read off the main thread on their first expand (a loading row
/// meanwhile, an error row with Retry when unreadable). Each directory read is watched: files
/// created or deleted elsewhere appear and vanish in place, keeping what is open and selected.
@MainActor
final class FolderTreeWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let manager: ListManager
    let storage = OutlineStorage<String, FolderEntry>()
    private(set) var anomalies: [ManagerAnomaly] = []
    /// The watched directories, by path.
    private var monitors: [String: DirectoryMonitor] = [:]

    /// A window over `root`, its top level open; nil (with a message) when `root` is not a
    /// readable directory.
    init(root: String) throws {
        guard let top = FolderEntry(path: root), top.isDirectory else { throw MissingDirectory(path: root) }
        manager = ListManager(host: VirtualListHost(), storage: storage)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), top.name)
        gtk_window_set_default_size(gcast(window), 560, 620)
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        manager.register(FolderTreeRow.self)
        manager.selectionMode = .multiple
        storage.childrenProvider = .background(handOff: GLibMainActorHandOff(), mayHaveChildren: \.isDirectory) { folder, cancellation in
            try FolderEntry.children(of: folder.path, stoppingWhen: { cancellation.isCancelled })
        }
        // Watch what the user opens; stop when it closes.
        manager.didExpand(FolderEntry.self) { [unowned self] entry, _ in watch(entry) }
        manager.didCollapse(FolderEntry.self) { [unowned self] entry, _ in monitors.removeValue(forKey: entry.path)?.cancel() }

        var outline = OutlineSnapshot<FolderEntry>()
        outline.append([top])
        outline.markChildrenUnloaded([top])
        storage.apply(outline, to: root)
        storage.expand([top])
        watch(top)

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
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
}
