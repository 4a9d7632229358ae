import CGtk
import Dispatch
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Content that arrives late (`LateContentTransfer`, `RowBinding`): each row loads a text for its
/// model off the main thread after a delay, while the list jumps and rows are recycled for other
/// models; every eleventh load fails, and its row says so. A result or a failure lands only on a
/// row that still shows its model; once the list settles, every row GTK shows reads its own
/// model's late text.
final class LateContentTests: XCTestCase {
    func testLateResultsLandOnlyOnTheRowThatStillShowsTheirModelOnTheVirtualizedHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .virtualizedGrid] {
                for seed in SeedCount.seeds(2) { try Self.randomJumps(on: kind, seed: seed) }
            }
        }
    }

    func testARowRefreshedOrRemovedEndsItsBindingOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in HostKind.allCases {
                let shown = ShownLateList(kind, count: 20)
                defer { shown.list.close() }
                XCTAssertTrue(shown.waitUntilSettled(), "\(kind): \(shown.shownTexts())")
                let bindings = shown.log.bindings
                let first = try XCTUnwrap(bindings.first { $0.model == 0 }?.binding, "\(kind)")
                XCTAssertTrue(first.isCurrent)

                try shown.storage.replaceItem(at: IndexPath(item: 0, section: 0), with: 100)
                XCTAssertFalse(first.isCurrent, "\(kind): refreshed in place, the old binding ended")
                XCTAssertTrue(shown.waitUntilSettled(), "\(kind): \(shown.shownTexts())")
                XCTAssertEqual(shown.shownTexts()[0], "late 100", "\(kind)")

                let hundred = try XCTUnwrap(shown.log.bindings.last { $0.model == 100 }?.binding)
                let ended = LockedValue(false)
                hundred.onEnd { ended.withLock { $0 = true } }
                shown.storage.removeItems([100])
                shown.list.settleFrame()
                XCTAssertFalse(hundred.isCurrent, "\(kind): removed, its binding ended")
                XCTAssertTrue(ended.withLock { $0 }, "\(kind): and said so")
                XCTAssertEqual(shown.log.wrongDeliveries, 0, "\(kind)")
            }
        }
    }

    func testATablesCellsLoadTheirLateContentAsRowsDo() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            var random = SplitMix64(seed: 36)
            let log = LateContentLog()
            let host = VirtualListHost()
            let (manager, _, list) = TableFixture.show(rows: 2_000, columns: TableFixture.columns(2), on: host, cellsFor: ["c1"]) {
                manager, _ in
                manager.register(LateRow.self, column: "c0", handler: { cell, _, _ in cell.log = log })
            }
            defer { list.close() }
            /// The late column's cell of every row GTK shows, and whether each reads its row's late text.
            @MainActor func lateCellsSettled() -> Bool {
                var settled = true, rows = 0
                host.forEachBoundRow { _, row in
                    rows += 1
                    let item = row.model as! Int
                    let texts = TableFixture.cells(ofItem: item, in: manager, list: list).map(\.text)
                    if texts.first != LateRow.lateText(of: item) { settled = false }
                }
                return settled && rows > 0
            }
            for _ in 0..<30 {
                XCTAssertTrue(manager.scrollTo(IndexPath(item: Int(random.next() % 2_000), section: 0), alignment: .top))
                for _ in 0..<Int(random.next() % 3) { list.settleFrame() }
            }
            XCTAssertTrue(GtkRuntime.iterate(until: lateCellsSettled, timeout: .seconds(5)))
            XCTAssertEqual(log.wrongDeliveries, 0)
            XCTAssertGreaterThan(log.endedBeforeApplied, 0, "rows recycled while loads ran")

            manager.memoryStorage!.setItems(Array(0..<5))
            XCTAssertTrue(GtkRuntime.iterate(until: { lateCellsSettled() && host.boundRow(at: 4) != nil }, timeout: .seconds(5)))
            let current = log.bindings.filter { $0.binding.isCurrent }.map(\.model)
            XCTAssertEqual(current.sorted(), Array(0..<5), "a cell's binding lasts while its row shows")
        }
    }

    @MainActor private static func randomJumps(on kind: HostKind, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 3_000
        let shown = ShownLateList(kind, count: count)
        defer { shown.list.close() }
        for jump in 0..<40 {
            let item = Int(random.next() % UInt64(count))
            XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top), "\(kind), jump \(jump)")
            // A frame or two: some loads land, the others are still running when rows recycle.
            for _ in 0..<Int(random.next() % 3) { shown.list.settleFrame() }
        }
        let context = "\(kind), seed \(seed)"
        XCTAssertTrue(shown.waitUntilSettled(), "\(context): \(shown.shownTexts())")
        XCTAssertEqual(shown.log.wrongDeliveries, 0, "\(context): results applied to a row showing another model")
        XCTAssertGreaterThan(shown.log.endedBeforeApplied, 0, "\(context): the test recycled rows while loads ran")
        // A shorter list binds fewer rows: the rows it lets go stay in the pool, their bindings
        // ended.
        shown.storage.setItems(Array(0..<5))
        XCTAssertTrue(shown.waitUntilSettled(), "\(context): \(shown.shownTexts())")
        XCTAssertEqual(shown.shownTexts().count, 5, context)
        var boundModels: [Int] = []
        shown.host.forEachBoundRow { _, row in boundModels.append(row.model as! Int) }
        let currentModels = shown.log.bindings.filter { $0.binding.isCurrent }.map(\.model)
        XCTAssertEqual(currentModels.sorted(), boundModels.sorted(), "\(context): a binding lasts exactly while its row is bound")
    }
}

/// A manager over `kind` showing the numbers `0..<count`, each row a `LateRow`.
@MainActor
private final class ShownLateList {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList
    let log = LateContentLog()
    var storage: MemoryStorage { manager.memoryStorage! }

    init(_ kind: HostKind, count: Int) {
        host = kind.makeHost()
        manager = ListManager(host: host)
        let log = log
        manager.register(LateRow.self, handler: { row, _, _ in row.log = log })
        manager.memoryStorage!.setItems(Array(0..<count))
        list = ShownList(manager, width: 440, height: 600)
    }

    /// The labels of the rows GTK shows, by position.
    func shownTexts() -> [String] {
        var texts: [Int: String] = [:]
        host.forEachBoundRow { position, row in texts[position] = String(cString: gtk_label_get_text(gcast(row.widget))) }
        return texts.keys.sorted().map { texts[$0]! }
    }

    /// Whether every row shown reads its own model's late text, waiting for the loads (at most 5 s).
    func waitUntilSettled() -> Bool {
        GtkRuntime.iterate(
            until: {
                var settled = true, rows = 0
                host.forEachBoundRow { _, row in
                    rows += 1
                    let text = String(cString: gtk_label_get_text(gcast(row.widget)))
                    if text != LateRow.lateText(of: row.model as! Int) { settled = false }
                }
                return settled && rows > 0
            }, timeout: .seconds(5))
    }
}

/// What the late rows did: each binding with its model, results that would have landed on a
/// row showing another model, and loads whose binding ended before their result came.
@MainActor
private final class LateContentLog {
    var bindings: [(model: Int, binding: RowBinding)] = []
    var wrongDeliveries = 0
    /// The bindings that ended: their rows scrolled away, most before their loads were done.
    var endedBeforeApplied: Int { bindings.filter { !$0.binding.isCurrent }.count }
}

/// A label that shows "… n" at once and "late n" once its load, 0–19 ms off the main thread,
/// is done; a load of a multiple of 11 throws, and the label shows "failed n".
private final class LateRow: RowView, LateContentTransfer {
    static let loads = DispatchQueue(label: "LateContentTests.loads", attributes: .concurrent)
    let widget = gtk_label_new(nil)!
    var log: LateContentLog?
    private var shown: Int?
    init() {}

    func update(with number: Int) {
        shown = number
        gtk_label_set_text(gcast(widget), "… \(number)")
    }

    struct LoadFailure: Error {}

    /// What the row of `number` shows once its load is done.
    static func lateText(of number: Int) -> String {
        number % 11 == 0 ? "failed \(number)" : "late \(number)"
    }

    func loadLateContent(for number: Int, binding: RowBinding) {
        log?.bindings.append((number, binding))
        binding.load(on: Self.loads) { _ in
            usleep(useconds_t((number &* 7_919) % 20) * 1_000)
            if number % 11 == 0 { throw LoadFailure() }
            return "late \(number)"
        } apply: { [weak self] text in
            self?.show(text, for: number)
        } failed: { [weak self] error in
            self?.show(error is LoadFailure ? "failed \(number)" : "\(error)", for: number)
        }
    }

    private func show(_ text: String, for number: Int) {
        if shown != number { log?.wrongDeliveries += 1 }
        gtk_label_set_text(gcast(widget), text)
    }
}
