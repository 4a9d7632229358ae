// swift-format-ignore-file
// The examples of ModelStorage's DocC articles, as printed there (checked by
// scripts/check-doc-examples.sh).
import Foundation
import GtkListManager
import ModelStorage

/// Diffing.
enum DiffingArticle {
    struct Package: Identifiable, Equatable, Diffable {
        let id: String        // identity: which row
        var version: String   // content: a new version refreshes the row in place
    }

    static func script(_ installed: [Package], _ updated: [Package]) {
        let script = Differ().script(from: installed, to: updated)
        print(script.counts)      // inserts, deletes, moves, updates
    }

    @MainActor
    static func setItems(_ storage: MemoryStorage, filteredPackages: [Package], grouped: [[Package]], sections: [SectionModel]) {
        storage.setItems(filteredPackages, diffing: true)          // one section
        storage.setItemsForAllSections(grouped, diffing: true)     // items move across sections
        storage.setSections(sections, diffing: true)              // sections matched by identifier
    }
}

/// Sorted and single-section storages.
enum SortedStorageArticle {
    @MainActor
    static func sorted(_ packages: [Package], updatedPackage: Package) -> SortedStorage<Package, String> {
        let storage = SortedStorage<Package, String>(
            sortedBy: { $0.name < $1.name },
            sectionedBy: { $0.section },
            sectionHeader: { $0 },
            handOff: GLibMainActorHandOff())     // from GtkListManager: results come back via g_idle_add_full
        storage.reset(packages)
        storage.upsert([updatedPackage])         // an in-place update when it keeps its position, else a move
        storage.setComparator({ $0.size > $1.size })   // moves only, the fewest possible
        return storage
    }

    @MainActor
    static func columnSort(_ storage: SortedStorage<Package, String>) {
        let comparisons = ColumnComparisons<Package>(breakingTiesBy: { $0.name < $1.name })
            .column("name", byText: \.name)          // as a file manager sorts names
            .column("section", byText: \.section)
            .column("size", by: \.size)               // any Comparable value, optionals too
        storage.sort(by: [SortKey("size", ascending: false), SortKey("name")], using: comparisons)
    }
}

/// The change-set contract: an observer that keeps counts, not models.
@MainActor
final class CountingObserver: StorageObserver {
    let storage: MemoryStorage

    init(storage: MemoryStorage) { self.storage = storage }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {}
    func storageNeedsReload(_ storage: any Storage) {}

    /// In an observer that keeps counts, not models: the model it shows at `indexPath`.
    func shownModel(at indexPath: IndexPath) -> Any? {
        var path = indexPath
        for update in storage.updatesNotDelivered(to: self) ?? [] {
            guard case let .changes(changes) = update else { return nil }  // a reload is coming
            for change in changes {
                guard let next = change.destination(ofItemAt: path) else { return nil }  // deleted
                path = next
            }
        }
        return storage.item(at: path)
    }
}

/// Writing a storage: a feed of posts by day, complete.
@MainActor
final class FeedStorage: SupplementaryStorage, BroadcastingStorage {
    let broadcaster = UpdateBroadcaster()
    private var sections: [[Post]] = []
    private var days: [String] = []

    var numberOfSections: Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }
    func item(at indexPath: IndexPath) -> Any? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
    func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        kind == .header && days.indices.contains(section) ? days[section] : nil
    }

    func show(_ newSections: [[Post]], days newDays: [String]) {
        let old = sections
        let script = Differ().script(
            fromSections: days, items: old.map { $0.map(\.id) },
            toSections: newDays, items: newSections.map { $0.map(\.id) },
            itemContentEqual: { old[$0.section][$0.item] == newSections[$1.section][$1.item] })
        sections = newSections
        days = newDays
        guard !script.isEmpty else { return }
        broadcaster.deliver(.changes(script.changeSet(
            supplements: { [.header: newDays[$0]] },
            item: { newSections[$0.section][$0.item] })), from: self)
    }
}

/// Diffing: reading a script by its edits.
func printEdits(of script: EditScript) {
    for edit in script {
        switch edit {
        case let .insertItem(at, _): print("insert row", at.item)
        case let .deleteItem(place): print("delete row", place.item)
        case let .moveItem(from, to): print("move row", from.item, "to", to.item)
        case let .updateItem(place): print("refresh row", place.item)
        default: break  // the section steps of a sectioned diff
        }
    }
}
