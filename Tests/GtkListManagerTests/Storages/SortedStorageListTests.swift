import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// A package-like model: identity `id`, content `size` and `note`, a section. Prints as
/// `id:size` so the rows read like the storage.
struct Crate: Identifiable, Equatable, Diffable, Sendable, CustomStringConvertible {
    var id: String
    var size: Int
    var section: String
    var note = ""

    var description: String { "\(id):\(size)" + (note.isEmpty ? "" : "(\(note))") }
}

/// A row for crates that remembers what it showed and how often it was refreshed.
@MainActor
final class CrateRow: RowView, ModelTransfer {
    static var liveCount = 0
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var updateCount = 0

    init() { Self.liveCount += 1 }
    isolated deinit { Self.liveCount -= 1 }

    var text: String { String(cString: gtk_label_get_text(gcast(widget))) }

    func update(with crate: Crate) {
        updateCount += 1
        gtk_label_set_text(gcast(widget), crate.description)
    }
}

/// A SortedStorage shown by a ListManager, its background results handed back through the GLib
/// main loop: after each completion the real GtkListBox holds the sorted items under their
/// section headers, and rows are refreshed or moved, never rebuilt.
final class SortedStorageListTests: XCTestCase {
    typealias CrateStorage = SortedStorage<Crate, String>

    @MainActor private static func makeList() -> (ListManager, CrateStorage) {
        let storage = CrateStorage(
            sortedBy: { $0.id < $1.id }, sectionedBy: { $0.section }, sectionHeader: { "§ \($0)" },
            handOff: GLibMainActorHandOff())
        let manager = ListManager(storage: storage)
        manager.register(CrateRow.self)
        return (manager, storage)
    }

    /// Runs `change` with a completion and iterates the GLib loop until the completion ran.
    @MainActor private static func perform(
        _ change: (@escaping @MainActor () -> Void) -> Void, file: StaticString = #filePath, line: UInt = #line
    ) {
        var completed = false
        change { completed = true }
        XCTAssertTrue(GtkRuntime.iterate(until: { completed }, timeout: .seconds(10)), "the change never completed", file: file, line: line)
    }

    /// The rows the storage implies: per section its header row, then its items.
    @MainActor private static func expectedRows(_ storage: CrateStorage) -> [String] {
        storage.sectionKeys.enumerated().flatMap { section, key in
            ["header § \(key) (SectionTitleRow)"] + storage.items(inSection: section).map { "item \($0) (CrateRow)" }
        }
    }

    @MainActor private static func widget(of id: String, in manager: ListManager) -> UnsafeMutableRawPointer? {
        inspectRows(of: manager.listBox!).first { $0.role == .item && $0.model.hasPrefix(id + ":") }?.widget
    }

    // MARK: -

    func testRowsFollowTheSortedItemsInSectionsAfterEachCompletion() throws {
        try MainActor.assumeIsolated { try Self.rowsFollowTheSortedItems() }
    }

    @MainActor private static func rowsFollowTheSortedItems() throws {
        try requireGtk()
        let (manager, storage) = makeList()

        perform { done in
            storage.reset(
                [
                    Crate(id: "vim", size: 30, section: "editors"), Crate(id: "bash", size: 7, section: "shells"),
                    Crate(id: "emacs", size: 90, section: "editors"), Crate(id: "zsh", size: 8, section: "shells"),
                ], completion: done)
        }
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header § editors (SectionTitleRow)", "item emacs:90 (CrateRow)", "item vim:30 (CrateRow)",
                "header § shells (SectionTitleRow)", "item bash:7 (CrateRow)", "item zsh:8 (CrateRow)",
            ])

        let kept = ["vim", "bash", "emacs", "zsh"].map { widget(of: $0, in: manager) }
        perform {
            storage.upsert([Crate(id: "ash", size: 1, section: "shells"), Crate(id: "nano", size: 2, section: "editors")], completion: $0)
        }
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRows(storage))
        XCTAssertEqual(
            ["vim", "bash", "emacs", "zsh"].map { widget(of: $0, in: manager) }, kept, "rows whose item stayed keep their widget")
        XCTAssertEqual(storage.items.map(\.id), ["emacs", "nano", "vim", "ash", "bash", "zsh"])

        perform { storage.remove(identifiers: ["emacs", "nano", "vim"], completion: $0) }
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header § shells (SectionTitleRow)", "item ash:1 (CrateRow)", "item bash:7 (CrateRow)", "item zsh:8 (CrateRow)",
            ], "the emptied section went with its header")
        XCTAssertEqual(manager.rowCount, 4)
    }

    func testUpsertThatKeepsThePositionRefreshesTheSameWidget() throws {
        try MainActor.assumeIsolated { try Self.upsertRefreshesTheSameWidget() }
    }

    @MainActor private static func upsertRefreshesTheSameWidget() throws {
        try requireGtk()
        let (manager, storage) = makeList()
        perform {
            storage.reset(
                [Crate(id: "a", size: 1, section: "s"), Crate(id: "b", size: 2, section: "s"), Crate(id: "c", size: 3, section: "s")],
                completion: $0)
        }
        let before = inspectRows(of: manager.listBox!).map(\.widget)
        let liveRows = CrateRow.liveCount

        perform { storage.upsert([Crate(id: "b", size: 2, section: "s", note: "new")], completion: $0) }

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), before, "every row kept its widget")
        let row = try XCTUnwrap(manager.boundRow(atPosition: 2)?.view as? CrateRow)
        XCTAssertEqual(row.text, "b:2(new)")
        XCTAssertEqual(row.updateCount, 2, "built once, refreshed once in place")
        XCTAssertEqual(CrateRow.liveCount, liveRows, "no row was created")
    }

    func testComparatorChangeMovesTheWidgetsWithoutRecreatingThem() throws {
        try MainActor.assumeIsolated { try Self.comparatorChangeMovesWidgets() }
    }

    @MainActor private static func comparatorChangeMovesWidgets() throws {
        try requireGtk()
        let (manager, storage) = makeList()
        let crates = (0..<12).map { Crate(id: "p\($0)", size: ($0 * 7) % 12, section: $0 % 3 == 0 ? "admin" : "devel") }
        perform { storage.reset(crates, completion: $0) }
        let widgetByID = Dictionary(uniqueKeysWithValues: crates.map { ($0.id, try! XCTUnwrap(widget(of: $0.id, in: manager))) })
        let liveRows = CrateRow.liveCount
        var updates: [ChangeSet] = []
        manager.didUpdateContent = { if case let .changes(changes) = $0 { updates.append(changes) } }

        perform { storage.setComparator({ $0.size > $1.size }, completion: $0) }

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRows(storage))
        XCTAssertEqual(storage.items(inSection: 1).map(\.size), [11, 10, 8, 7, 5, 4, 2, 1])
        for crate in crates {
            XCTAssertEqual(widget(of: crate.id, in: manager), widgetByID[crate.id], "\(crate.id) moved with its widget")
        }
        XCTAssertEqual(CrateRow.liveCount, liveRows, "no row was created")
        XCTAssertEqual(manager.pooledRowCount, 0, "no row was removed")
        XCTAssertEqual(updates.count, 1)
        XCTAssertTrue(updates.first?.allSatisfy { if case .moveItem = $0 { true } else { false } } ?? false, "moves only")
    }

    func testRandomChangesKeepTheListEqualToTheStorage() throws {
        try MainActor.assumeIsolated { try Self.randomChangesKeepTheListEqual() }
    }

    @MainActor private static func randomChangesKeepTheListEqual() throws {
        try requireGtk()
        let (manager, storage) = makeList()
        storage.anomalyHandler.action = { _ in }  // removals of absent crates are expected here
        let initialSeed: UInt64 = 0x5EED
        var seed = initialSeed
        func next(_ bound: Int) -> Int {  // a small LCG: the run replays from its seed
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for step in 0..<40 {
            let crates = (0..<next(5)).map { _ in
                Crate(id: "c\(next(20))", size: next(6), section: ["a", "b", "c"][next(3)], note: next(2) == 0 ? "" : "x")
            }
            switch next(4) {
            case 0, 1: perform { storage.upsert(crates, completion: $0) }
            case 2: perform { storage.remove(crates, completion: $0) }
            default:
                let bySize: @Sendable (Crate, Crate) -> Bool = { $0.size < $1.size }
                let byIDDescending: @Sendable (Crate, Crate) -> Bool = { $0.id > $1.id }
                let comparator = next(2) == 0 ? bySize : byIDDescending
                perform { storage.setComparator(comparator, completion: $0) }
            }
            XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRows(storage), "seed \(initialSeed) step \(step)")
        }
    }

    func testSortsUpsertsAndRemovalsBeforeTheBackgroundCompletesEndShownInTheStoragesOrderOnBothHosts() throws {
        try MainActor.assumeIsolated { try Self.interleavedSortsEndShownInOrder() }
    }

    /// Header clicks (`sort(by:)`) while crates keep arriving and leaving, none waiting for the
    /// background: once every job came back, each host shows the storage's items, which are a
    /// plain sort of its contents by the last sort.
    @MainActor private static func interleavedSortsEndShownInOrder() throws {
        try requireGtk()
        let columns = ColumnComparisons<Crate>(breakingTiesBy: { $0.id < $1.id }).column("id", byText: \.id).column("size", by: \.size)
        let keyChoices: [[SortKey]] = [
            [SortKey("id")], [SortKey("size", ascending: false)], [SortKey("size"), SortKey("id", ascending: false)], [],
        ]
        let hosts: [(String, @MainActor () -> any ListHost)] = [
            ("list box", { ListBoxHost() }), ("virtualized list", { VirtualListHost() }),
        ]
        for (name, make) in hosts {
            for seed in SeedCount.seeds(4) {
                var random = SplitMix64(seed: seed)
                let storage = SortedStorage<Crate, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: GLibMainActorHandOff())
                storage.anomalyHandler.action = { _ in }  // removals of absent crates are expected here
                let manager = ListManager(host: make(), storage: storage)
                manager.register(CrateRow.self)
                let list = ShownList(manager, width: 300, height: 900)
                defer { list.close() }
                var keys: [SortKey] = []
                for _ in 0..<50 {
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0, 1:
                        keys = keyChoices.randomElement(using: &random)!
                        storage.sort(by: keys, using: columns)
                    case 2, 3:
                        let crates = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                            let id = "c\(Int.random(in: 10..<30, using: &random))"
                            return Crate(id: id, size: Int.random(in: 0..<5, using: &random), section: "-")
                        }
                        storage.upsert(crates)
                    default:
                        storage.remove(identifiers: ["c\(Int.random(in: 10..<30, using: &random))"])
                    }
                    // Sometimes a result comes back between two calls, mostly not.
                    if Int.random(in: 0..<4, using: &random) == 0 { _ = GtkRuntime.iteratePending() }
                }
                XCTAssertTrue(GtkRuntime.iterate(until: { !storage.hasPendingChanges }, timeout: .seconds(10)), "\(name), seed \(seed)")
                list.settleFrame()
                let plain = storage.items.sorted(by: columns.comparator(for: keys)).map(\.description)
                XCTAssertEqual(storage.items.map(\.description), plain, "\(name), seed \(seed): \(keys)")
                let shown = (0..<manager.rowCount).map { (manager.boundRow(atPosition: $0)?.view as? CrateRow)?.text ?? "∅" }
                XCTAssertEqual(shown, plain, "\(name), seed \(seed): what GTK shows")
            }
        }
    }
}
