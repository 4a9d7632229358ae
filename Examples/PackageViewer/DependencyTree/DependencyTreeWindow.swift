import CGtk
import GtkListManager
import ModelStorage

/// `--dependencies`: the installed packages as a tree of what they depend on. A package sits
/// under every package that depends on it, each place a row of its own (an ``OutlinePath``),
/// opened and selected on its own; its dependencies are read as it opens, so the tree stays
/// finite though dependencies loop, and a package that comes back to one above it shows no
/// arrow.
@MainActor
final class DependencyTreeWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let manager: ListManager
    let storage = OutlineStorage<String, OutlinePath<InstalledPackage>>()
    private(set) var anomalies: [ManagerAnomaly] = []

    init(packages: [InstalledPackage]) {
        let graph = DependencyGraph(packages)
        manager = ListManager(host: VirtualListHost(), storage: storage, configuration: .viewer)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), "Dependencies")
        gtk_window_set_default_size(gcast(window), 620, 640)
        manager.anomalyHandler.action = { [unowned self] anomaly in
            anomalies.append(anomaly)
            print(anomaly.debugDescription)
        }
        manager.register(PackageRow.self)
        storage.childrenProvider = .immediate(mayHaveChildren: { !$0.closesACycle && !graph.dependencies(of: $0.model).isEmpty }) {
            path in graph.dependencies(of: path.model).map(path.appending)
        }
        var outline = OutlineSnapshot<OutlinePath<InstalledPackage>>()
        let top = graph.packages.map(OutlinePath.init)
        outline.append(top)
        outline.markChildrenUnloaded(top.filter { !graph.dependencies(of: $0.model).isEmpty })
        storage.apply(outline, to: "Installed")

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
    }

    /// Opens the packages at these paths (names from the top, `apt/libc6`), for screenshots;
    /// false when one is not in the tree.
    func expand(_ paths: [String]) -> Bool {
        for path in paths {
            guard let found = storage.outline(of: "Installed").items.first(where: { $0.models.map(\.name).joined(separator: "/") == path })
            else { return false }
            storage.expand([found])
        }
        return true
    }
}

/// The installed packages by name, and each one's dependencies among them: of the alternatives
/// of a dependency, the first installed one.
struct DependencyGraph: Sendable {
    let packages: [InstalledPackage]
    private let byName: [String: InstalledPackage]

    init(_ packages: [InstalledPackage]) {
        self.packages = packages.sorted { $0.name < $1.name }
        byName = Dictionary(packages.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each once, in the order of the package's fields (two entries may name the same one).
    func dependencies(of package: InstalledPackage) -> [InstalledPackage] {
        var seen = Set<String>()
        return package.dependencies.compactMap { alternatives in alternatives.lazy.compactMap { byName[$0] }.first }
            .filter { seen.insert($0.name).inserted }
    }
}
