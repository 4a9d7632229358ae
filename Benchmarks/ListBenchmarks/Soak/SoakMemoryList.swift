import CGtk
import GtkListManager
import ModelStorage

/// A list over a `MemoryStorage` of ``SoakItem``s, on any host or as a table, optionally
/// sectioned (then sections are inserted, deleted and moved too) or filtered (the manager shows
/// a `FilteredStorage` over the memory storage, whose filter changes now and then).
@MainActor
final class SoakMemoryList: SoakSubject {
    let name: String
    let manager: ListManager
    let storage = MemoryStorage()
    private let sectioned: Bool
    private let filtered: FilteredStorage<SoakItem>?
    private var window: UnsafeMutablePointer<GtkWidget>!
    private var scrolledWindow: UnsafeMutablePointer<GtkWidget>!
    private var table: ListTable?
    private var nextID = 0
    private var filtersPending = 0

    /// Items the list keeps between: deletes win above the most, inserts below the least.
    private static let most = 400, least = 60

    init(name: String, host: some ListHost, sectioned: Bool = false, table: Bool = false, filtered: Bool = false) {
        self.name = name
        self.sectioned = sectioned
        manager = ListManager(host: host)
        self.filtered =
            filtered ? FilteredStorage<SoakItem>(storage, filter: Self.filter(modulus: 3), handOff: GLibMainActorHandOff()) : nil
        let sections = sectioned ? 3 : 1
        storage.setSections(
            (0..<sections).map { _ in SectionModel(items: (0..<(Self.most / 2 / sections)).map { _ in makeItem() }) })
        if table {
            let table = manager.makeTable(of: SoakItem.self) {
                ModelColumn("Item", id: "id", text: { item, _ in String(item.id) }).width(.fixed(120))
                ModelColumn("Text", id: "text", text: \.text).width(.share(1))
            }
            self.table = table
            let shown = TableWindow(showing: table)
            (window, scrolledWindow) = (shown.window, shown.scrolledWindow)
        } else {
            manager.register(SoakLabelRow.self)
            let shown = BenchmarkWindow(showing: manager.widget, width: 480, height: 400)
            (window, scrolledWindow) = (shown.window, shown.scrolledWindow)
        }
        gtk_window_set_title(gcast(window), name)
        manager.storage = self.filtered ?? storage
        manager.selectionMode = .multiple
    }

    var shownStorage: any Storage { filtered ?? storage }
    var isSettled: Bool { filtersPending == 0 }

    func step(_ random: inout SoakRandom) {
        let total = storage.totalNumberOfItems
        switch random.below(100) {
        case 0..<20 where total < Self.most, _ where total < Self.least: insert(&random)
        case 0..<38: delete(&random)
        case 38..<50: move(&random)
        case 50..<68: update(&random)
        case 68..<74: changeSections(&random)
        case 74..<86: scroll(&random)
        default: select(&random)
        }
    }

    // MARK: - Changes

    private func makeItem() -> SoakItem {
        nextID += 1
        return SoakItem(id: nextID)
    }

    private func randomItem(_ random: inout SoakRandom) -> IndexPath? {
        var index = random.below(storage.totalNumberOfItems)
        for section in 0..<storage.numberOfSections {
            let count = storage.numberOfItems(inSection: section)
            if index < count { return IndexPath(item: index, section: section) }
            index -= count
        }
        return nil
    }

    /// One to three items, in one transaction.
    private func insert(_ random: inout SoakRandom) {
        storage.performUpdates {
            for _ in 0...random.below(3) {
                let section = random.below(storage.numberOfSections)
                let item = random.below(storage.numberOfItems(inSection: section) + 1)
                try? storage.insertItem(makeItem(), to: IndexPath(item: item, section: section))
            }
        }
    }

    /// One item, or a few at once.
    private func delete(_ random: inout SoakRandom) {
        let paths = (0...random.below(3)).compactMap { _ in randomItem(&random) }
        storage.removeItems(at: Array(Set(paths)))
    }

    private func move(_ random: inout SoakRandom) {
        guard let source = randomItem(&random) else { return }
        let section = random.below(storage.numberOfSections)
        let count = storage.numberOfItems(inSection: section) - (section == source.section ? 1 : 0)
        storage.moveItem(at: source, to: IndexPath(item: random.below(count + 1), section: section))
    }

    /// An item's new version (the edit an app makes), or, with a filter, a new filter.
    private func update(_ random: inout SoakRandom) {
        if let filtered, random.below(5) == 0 {
            filtersPending += 1
            filtered.setFilter(Self.filter(modulus: 2 + random.below(4))) { [weak self] in self?.filtersPending -= 1 }
            return
        }
        guard let path = randomItem(&random), let item = storage.item(at: path, as: SoakItem.self) else { return }
        try? storage.replaceItem(at: path, with: SoakItem(id: item.id, version: item.version + 1))
    }

    /// A section inserted, deleted or moved; an update where the list has no sections.
    private func changeSections(_ random: inout SoakRandom) {
        guard sectioned else { return update(&random) }
        let count = storage.numberOfSections
        switch random.below(3) {
        case 0 where count < 6, _ where count < 2:
            let items = (0..<random.below(20)).map { _ in makeItem() }
            storage.insertSection(SectionModel(items: items), at: random.below(count + 1))
        case 0, 1: storage.deleteSections([random.below(count)])
        default: storage.moveSection(random.below(count), toSection: random.below(count))
        }
    }

    // MARK: - Scrolling and selection

    private func scroll(_ random: inout SoakRandom) {
        let adjustment = gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow))
        if random.below(2) == 0 {
            let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, range * Double(random.below(1001)) / 1000)
        } else if let path = randomShownItem(&random) {
            _ = manager.scrollTo(path, alignment: .nearest)
        }
    }

    private func select(_ random: inout SoakRandom) {
        if random.below(6) == 0 {
            manager.deselectAll()
        } else if let path = randomShownItem(&random) {
            _ = manager.selectItem(at: path)
        }
    }

    /// An index path of the storage the manager shows.
    private func randomShownItem(_ random: inout SoakRandom) -> IndexPath? {
        let shown = shownStorage
        guard shown.numberOfSections > 0 else { return nil }
        let section = random.below(shown.numberOfSections)
        let count = shown.numberOfItems(inSection: section)
        return count > 0 ? IndexPath(item: random.below(count), section: section) : nil
    }

    private static func filter(modulus: Int) -> FilteredStorage<SoakItem>.Filter {
        { item in item.id % modulus != 0 }
    }
}
