import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Snapshots, declared rows and a sorted storage on the real virtualized widget, the list
/// scrolled at random between steps: after each, every bound row shows what the list holds at
/// its position. (The windowed test host runs the same sequences at length; these prove the
/// real host.)
final class VirtualListStorageKindsTests: XCTestCase {
    /// A shown manager over a virtualized host in a short window, so that most rows have no
    /// widget.
    @MainActor private static func makeList(_ manager: (VirtualListHost) -> ListManager) -> (ListManager, VirtualListHost, ShownList) {
        let host = VirtualListHost()
        let made = manager(host)
        made.anomalyHandler.action = { _ in }
        return (made, host, ShownList(made, width: 300, height: 160))
    }

    /// Scrolls to a random place, settles, and checks the bound rows against `expected`.
    @MainActor @discardableResult
    private static func scrollAndCheck(
        _ host: VirtualListHost, _ list: ShownList, _ expected: [String], _ random: inout SplitMix64,
        line describe: (BoundRow) -> String, _ context: String
    ) -> Bool {
        if random.next() % 2 == 0, let adjustment = host.verticalAdjustment {
            gtk_adjustment_set_value(adjustment, Double(random.next() % UInt64(max(gtk_adjustment_get_upper(adjustment), 1))))
        }
        list.settleFrame()
        var wrong: [String] = []
        if host.rowCount != expected.count { wrong.append("\(host.rowCount) rows for \(expected.count)") }
        host.forEachBoundRow { position, row in
            if position >= expected.count || describe(row) != expected[position] { wrong.append("\(position): \(describe(row))") }
        }
        if let visible = host.positionsOnScreen, !visible.allSatisfy({ host.boundRow(at: $0) != nil }) {
            wrong.append("a row on screen has no widget")
        }
        XCTAssertEqual(wrong, [], context)
        return wrong.isEmpty
    }

    func testRandomSnapshotsWithScrollsShowTheSnapshot() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomSnapshots()
        }
    }

    @MainActor private static func randomSnapshots() throws {
        for seed in SeedCount.seeds(6).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            let storage = SnapshotStorage<String, Int>(headerModel: { sectionTitle($0) }, footerModel: { sectionFooter($0) })
            let (manager, host, list) = makeList { ListManager(host: $0, storage: storage) }
            defer { list.close() }
            manager.register(NumberRow.self)
            var snapshot = NumberSnapshot()
            for round in 0..<15 {
                let next = RandomizedSnapshotListTests.randomSuccessor(of: snapshot, using: &random)
                manager.apply(next, animatingDifferences: random.next() % 2 == 0)
                snapshot = next
                guard
                    scrollAndCheck(
                        host, list, expectedRowLines(of: next, withFooters: true), &random,
                        line: { "\($0.role) \(String(describing: $0.model)) (\(type(of: $0.view)))" }, "seed \(seed), round \(round)")
                else { return }
            }
        }
    }

    func testRandomDeclarationsWithScrollsShowTheDeclaredRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomDeclarations()
        }
    }

    @MainActor private static func randomDeclarations() throws {
        for seed in SeedCount.seeds(8) {
            var random = SplitMix64(seed: seed)
            let (manager, host, list) = makeList { ListManager(host: $0) }
            defer { list.close() }
            var specs: [SectionSpec] = []
            var nextModel = 0
            for step in 0..<15 {
                for _ in 0...(random.next() % 3) { _ = DeclarativeUpdateTests.mutate(&specs, &random, &nextModel) }
                manager.update(animated: random.next() % 2 == 0) { declaredSections(specs) }
                guard
                    scrollAndCheck(
                        host, list, expectedRows(specs).map { "\($0.role) \($0.model) (\($0.rowClass))" }, &random,
                        line: { "\($0.role) \(String(describing: $0.model)) (\(type(of: $0.view)))" }, "seed \(seed), step \(step)")
                else { return }
            }
        }
    }

    func testASortedStorageDiffedInTheBackgroundShowsItsItemsInOrder() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.sortedStorage()
        }
    }

    @MainActor private static func sortedStorage() throws {
        let storage = SortedStorage<Crate, String>(
            sortedBy: { $0.id < $1.id }, sectionedBy: { $0.section }, sectionHeader: { "§ \($0)" },
            handOff: GLibMainActorHandOff())
        let (manager, host, list) = makeList { ListManager(host: $0, storage: storage) }
        defer { list.close() }
        manager.register(CrateRow.self)
        var random = SplitMix64(seed: 7)
        var crates = (0..<3_000).map { Crate(id: String(format: "c%05d", $0 * 7 % 3_000), size: $0, section: "s\($0 % 3)") }
        for round in 0..<6 {
            var completed = false
            storage.reset(crates, completion: { completed = true })
            XCTAssertTrue(GtkRuntime.iterate(until: { completed }, timeout: .seconds(10)))
            let expected = storage.sectionKeys.enumerated().flatMap { section, key in
                ["header § \(key) (SectionTitleRow)"] + storage.items(inSection: section).map { "item \($0) (CrateRow)" }
            }
            guard
                scrollAndCheck(
                    host, list, expected, &random, line: { "\($0.role) \(String(describing: $0.model)) (\(type(of: $0.view)))" },
                    "round \(round)")
            else { return }
            // Drop a tenth, change sizes, add new ones: the background diff moves and refreshes rows.
            crates = crates.filter { _ in random.next() % 10 != 0 }.map { Crate(id: $0.id, size: $0.size + 1, section: $0.section) }
            crates += (0..<100).map { Crate(id: "n\(round)-\($0)", size: $0, section: "s\($0 % 4)") }
        }
    }
}
