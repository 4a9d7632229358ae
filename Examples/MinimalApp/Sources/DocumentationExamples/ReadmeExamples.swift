// swift-format-ignore-file
// The README's examples, section by section, as printed there (checked by
// scripts/check-doc-examples.sh).
import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

/// "Requirements": an application boots GTK from a synchronous `main`.
struct App {
    static func main() {
        MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { fatalError("no display") }
            // build windows, connect signals with Signal.connect(...)
            GtkRuntime.run()
        }
    }
}

/// "ListManager": a row class, the manager, its events and a row from a `.ui` definition.
enum ReadmeListManager {
    final class PackageRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with package: Package) { gtk_label_set_text(gcast(widget), package.name) }
    }

    @MainActor
    static func showPackages(
        _ adminPackages: [Package], _ develPackages: [Package], in scrolledWindow: UnsafeMutablePointer<GtkWidget>,
        then newPackage: Package
    ) {
        let manager = ListManager()                          // creates and drives a GtkListBox
        manager.register(PackageRow.self)                    // models of type Package → PackageRow
        manager.memoryStorage?.setSectionHeaderModels(["admin", "devel"])   // String: built-in titles
        manager.memoryStorage?.setItemsForAllSections([adminPackages, develPackages])
        gtk_container_add(gcast(scrolledWindow), manager.widget)

        manager.memoryStorage?.addItem(newPackage, toSection: 1)   // one row inserted, nothing rebuilt
    }

    @MainActor
    static func events(of manager: ListManager) {
        manager.register(PackageRow.self) { mapping in
            mapping.didSelect { row, package, indexPath in show(package) }
            mapping.contextMenu { _, package, _ in [MenuItem("Copy name") { copy(package.name) }] }
        }
        manager.canMove(PackageRow.self) { _, _, _ in true }       // drag rows, or Alt+Up/Down
        manager.rowsNearEnd(threshold: 10) { loadNextPage() }
    }
}

/// "ListManager": a row from a GtkBuilder definition (`PackageRow.ui` in this target).
enum ReadmeBuilderRow {
    final class PackageRow: BuilderRow, ModelTransfer {
        static var interfaceBundle: Bundle { .module }          // where PackageRow.ui lives
        let widget: UnsafeMutablePointer<GtkWidget>
        private let name: UnsafeMutablePointer<GtkLabel>

        init(interface: RowInterface) throws(RowInterfaceError) {
            widget = interface.root                                   // the object with id "root"
            name = try interface.object("name", of: gtk_label_get_type())  // checked by GType
        }
        func update(with package: Package) { gtk_label_set_text(name, package.name) }
    }
}

/// "Hosts: which list widget": one argument chooses the host; grids.
enum ReadmeHosts {
    typealias PackageTile = LabelRow<String>
    typealias SectionHeadingRow = LabelRow<String>
    typealias FileTile = LabelRow<URL>
    typealias InstalledPackage = String

    @MainActor
    static func hosts() -> [ListManager] {
        var managers: [ListManager] = []
        do {
            let manager = ListManager()                          // a GtkListBox: a widget for every row
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: .virtualized)        // widgets for the rows on screen only
            managers.append(manager)
        }
        do {
            let manager = ListManager(host: .flowBoxGrid)        // a grid: a GtkFlowBox per section
            managers.append(manager)
        }
        return managers
    }

    @MainActor
    static func flowBoxGrid() -> ListManager {
        var layout = FlowBoxGridLayout()
        layout.maximumColumns = 8
        let grid = ListManager(host: .flowBoxGrid(layout))
        grid.register(PackageTile.self)
        grid.registerHeader(SectionHeadingRow.self)
        grid.sizeForCell(InstalledPackage.self) { _, _ in GridSize(width: 150, height: 112) }
        grid.insetForSection { _ in EdgeInsets(top: 6, leading: 8, bottom: 10, trailing: 8) }
        return grid
    }

    @MainActor
    static func virtualizedGrid() -> ListManager {
        var layout = VirtualGridLayout(cellSize: GridSize(width: 128, height: 104))
        layout.itemSpacing = 6
        layout.lineSpacing = 6
        let files = ListManager(host: .virtualizedGrid(layout))
        files.register(FileTile.self)
        return files
    }
}

/// "ModelStorage": one change set per transaction; refused requests and their anomalies.
enum ReadmeModelStorage {
    @MainActor
    static func transactions() throws {
        let storage = MemoryStorage()
        storage.setSectionHeaderModels(["Fruit", "Vegetables"])
        storage.performUpdates {
            storage.addItems(["apple", "pear"], toSection: 0)
            storage.addItems(["leek"], toSection: 1)
        }

        try storage.removeItem("pear")                // delete s0.i1
        storage.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
        storage.removeItems(["apple", "kiwi"])         // refused as a whole: "kiwi" is not stored

        storage.anomalyHandler.silence { if case .removeItemFailedItemNotFound = $0 { true } else { false } }
        storage.anomalyHandler.action = { anomaly in print(anomaly.debugDescription) }
    }
}

/// "A live SQLite storage": the lazy storage for large tables (the storage over a query is the
/// GRDBStorage article's, line for line).
enum ReadmeDatabase {
    typealias Book = GRDBStorageArticle.Book

    @MainActor
    static func lazyStorage(over pool: DatabasePool) throws -> ListManager {
        let storage = try LazyDatabaseStorage<Book, String>(
            pool,                                   // a DatabasePool: page reads never wait for a write
            request: Book.order(Column("shelf"), Column("position")),
            sectionedBy: Column("shelf"),
            changeMarker: Column("revision"),
            handOff: GLibMainActorHandOff())
        let manager = ListManager(host: .virtualized, storage: storage)
        return manager
    }
}

/// "Diffing: hand over the new state".
enum ReadmeDiffing {
    struct Package: Identifiable, Equatable, Sendable, Diffable {   // identity: id; content: ==
        let id: String
        var version: String, section: String, size: Int
    }

    final class PackageRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with package: Package) { gtk_label_set_text(gcast(widget), package.id) }
    }

    @MainActor static func show(_ package: Package) { print("showing \(package.id)") }

    @MainActor
    static func handOver(
        _ filtered: [Package], old: [Package], new: [Package], packages: [Package], favourites: [Package],
        to storage: MemoryStorage, manager: ListManager
    ) {
        storage.setItems(filtered, diffing: true)                  // a MemoryStorage section
        let script = Differ().script(from: old, to: new)            // or the differ itself, on any thread
        print(script.counts)

        let sorted = SortedStorage<Package, String>(                 // always sorted, unique by id
            sortedBy: { $0.id < $1.id }, sectionedBy: { $0.section }, handOff: GLibMainActorHandOff())
        manager.storage = sorted
        sorted.reset(packages)                                       // diffed on a background queue
        sorted.setComparator({ $0.size > $1.size })                  // moves only, the fewest possible

        manager.update {                                             // declarative sections and rows
            Section(id: "favourites", header: "Favourites") {
                for package in favourites {
                    Row<PackageRow>(model: package) { row in row.onTap = { _, p, _ in show(p); return .deselect } }
                }
            }
        }
    }
}
