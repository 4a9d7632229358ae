import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// The manager over a host that binds only a window of positions (``WindowedTestHost``): the
/// randomized sequences of the list-box suites run again, with the viewport moving between
/// steps. After every step exactly the window is bound, each row showing what the storage holds
/// at its position: models changed while their position was unbound included.
final class WindowedHostTests: XCTestCase {
    /// A manager over a windowed host of `windowSize` positions.
    @MainActor private static func makeWindowedManager(
        storage: any Storage = MemoryStorage(), configuration: ListConfiguration = ListConfiguration(), windowSize: Int = 5
    ) -> (ListManager, WindowedTestHost) {
        let host = WindowedTestHost(windowSize: windowSize)
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.anomalyHandler.action = { _ in }
        return (manager, host)
    }

    /// Asserts that after settling exactly the window is bound and every bound row shows the
    /// expected line for its position; false (after reporting) when not.
    @MainActor @discardableResult
    private static func assertWindowShows(
        _ expected: [String], on host: WindowedTestHost, line describe: (BoundRow) -> String, _ context: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        host.settle()
        var failures: [String] = []
        if host.rowCount != expected.count { failures.append("\(host.rowCount) positions for \(expected.count) rows") }
        if host.boundPositions != Array(host.window) { failures.append("bound \(host.boundPositions), window \(host.window)") }
        for position in host.boundPositions where position < expected.count {
            let shown = describe(host.boundRow(at: position)!)
            if shown != expected[position] { failures.append("position \(position) shows \(shown), expected \(expected[position])") }
        }
        failures += host.violations
        guard failures.isEmpty else {
            XCTFail("\(context())\n" + failures.joined(separator: "\n"), file: file, line: line)
            return false
        }
        return true
    }

    // MARK: - Randomized

    func testRandomStorageSequencesBindOnlyTheWindowAndShowTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomStorageSequences()
        }
    }

    @MainActor private static func randomStorageSequences() throws {
        let startingRows = NumberRow.liveCount
        var steps = 0
        for seed in SeedCount.seeds(600) {
            var rng = SplitMix64(seed: seed)
            let configuration = RandomizedListTests.randomConfiguration(&rng)
            let storage = MemoryStorage()
            storage.anomalyHandler.action = { _ in }
            let (manager, host) = makeWindowedManager(storage: storage, configuration: configuration, windowSize: 1 + Int(rng.next() % 6))
            manager.register(NumberRow.self)
            manager.register(CaptionRow.self)
            var history: [String] = []
            for _ in 0..<30 {
                let step = RandomizedListTests.randomStep(storage, &rng)
                history.append(step.name)
                step.run()
                if rng.next() % 3 == 0 { host.scroll(to: Int(rng.next() % UInt64(host.rowCount + 1))) }
                steps += 1
                let expected = expectedRows(
                    of: storage, headerOnEmpty: configuration.displayHeaderOnEmptySection,
                    footerOnEmpty: configuration.displayFooterOnEmptySection
                ).map(\.description)
                guard
                    assertWindowShows(
                        expected, on: host, line: { "\($0.role) \(String(describing: $0.model))" },
                        "seed \(seed), \(configuration), after:\n  " + history.joined(separator: "\n  "))
                else { return }
            }
            XCTAssertEqual(host.bindCount - host.releaseCount, host.boundPositions.count, "seed \(seed): every unbound row was released")
        }
        XCTAssertEqual(NumberRow.liveCount, startingRows, "every row view is released with its manager")
        print("Windowed host: \(steps) storage steps checked")
    }

    func testRandomSnapshotsBindOnlyTheWindow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomSnapshots()
        }
    }

    @MainActor private static func randomSnapshots() throws {
        for seed in SeedCount.seeds(40).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            let storage = SnapshotStorage<String, Int>(headerModel: { sectionTitle($0) }, footerModel: { sectionFooter($0) })
            let (manager, host) = makeWindowedManager(storage: storage, windowSize: 2 + Int(random.next() % 8))
            manager.register(NumberRow.self)
            var snapshot = NumberSnapshot()
            for round in 0..<30 {
                let next = RandomizedSnapshotListTests.randomSuccessor(of: snapshot, using: &random)
                manager.apply(next, animatingDifferences: random.next() % 2 == 0)
                snapshot = next
                if random.next() % 2 == 0 { host.scroll(to: Int(random.next() % UInt64(host.rowCount + 1))) }
                guard
                    assertWindowShows(
                        expectedRowLines(of: next, withFooters: true), on: host,
                        line: { "\($0.role) \(String(describing: $0.model)) (\(type(of: $0.view)))" }, "seed \(seed), round \(round)")
                else { return }
            }
        }
    }

    func testRandomDeclarationsBindOnlyTheWindow() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomDeclarations()
        }
    }

    @MainActor private static func randomDeclarations() throws {
        for seed in SeedCount.seeds(80) {
            var rng = SplitMix64(seed: seed)
            let (manager, host) = makeWindowedManager(windowSize: 2 + Int(rng.next() % 6))
            var specs: [SectionSpec] = []
            var nextModel = 0
            var history: [String] = []
            for step in 0..<25 {
                for _ in 0...(rng.next() % 3) { history.append(DeclarativeUpdateTests.mutate(&specs, &rng, &nextModel)) }
                manager.update(animated: rng.next() % 2 == 0) { declaredSections(specs) }
                if rng.next() % 2 == 0 { host.scroll(to: Int(rng.next() % UInt64(host.rowCount + 1))) }
                let expected = expectedRows(specs).map { "\($0.role) \($0.model) (\($0.rowClass))" }
                guard
                    assertWindowShows(
                        expected, on: host, line: { "\($0.role) \(String(describing: $0.model)) (\(type(of: $0.view)))" },
                        "seed \(seed), step \(step): \(history.suffix(4))")
                else { return }
            }
        }
    }

    // MARK: - Scenarios

    func testAnUpdateAtAnUnboundPositionIsRecordedAndShownOnceBound() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.updateAtAnUnboundPosition()
        }
    }

    @MainActor private static func updateAtAnUnboundPosition() throws {
        let (manager, host) = makeWindowedManager(windowSize: 10)
        manager.register(NumberRow.self)
        manager.register(CaptionRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems(Array(0..<100))
        XCTAssertEqual(host.boundPositions, Array(0..<10))
        let bindsBefore = host.bindCount

        try storage.replaceItem(at: IndexPath(item: 50, section: 0), with: 500)
        try storage.replaceItem(at: IndexPath(item: 60, section: 0), with: "sixty")  // another row class
        XCTAssertEqual(host.bindCount, bindsBefore, "an unbound position only records its new model")

        host.scroll(to: 50)
        XCTAssertEqual(host.boundRow(at: 50)?.model as? Int, 500)
        XCTAssertEqual(host.boundRow(at: 59)?.model as? Int, 59)
        host.scroll(to: 60)
        XCTAssertEqual(host.boundRow(at: 60)?.model as? String, "sixty")
        XCTAssertTrue(host.boundRow(at: 60)?.view is CaptionRow, "bound with the mapping the new model needs")
    }

    func testTheSelectionLivesByIndexPathWhileItsRowIsUnboundAndShowsWhenBoundAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.selectionSurvivesUnbinding()
        }
    }

    @MainActor private static func selectionSurvivesUnbinding() throws {
        let (manager, host) = makeWindowedManager(windowSize: 10)
        manager.register(NumberRow.self)
        manager.selectionMode = .multiple
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems(Array(0..<100))
        manager.selectItem(at: IndexPath(item: 5, section: 0))
        manager.selectItem(at: IndexPath(item: 70, section: 0))  // not bound: kept by index path only
        XCTAssertTrue(host.showsSelected(at: 5))

        host.scroll(to: 40)
        XCTAssertNil(host.boundRow(at: 5), "the selected row's widget went")
        try storage.insertItems([-1, -2], at: IndexPath(item: 0, section: 0))
        storage.removeItems(at: [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(
            manager.selectedIndexPaths, [IndexPath(item: 6, section: 0), IndexPath(item: 71, section: 0)],
            "inserts above shift the selection, a delete above takes it back one")

        host.scroll(to: 0)
        XCTAssertTrue(host.showsSelected(at: 6), "the row bound at the selected index path shows it")
        XCTAssertEqual((0..<10).filter(host.showsSelected(at:)), [6])
        host.scroll(to: 65)
        XCTAssertTrue(host.showsSelected(at: 71))
        XCTAssertEqual(host.boundRow(at: 71)?.model as? Int, 70)

        storage.removeItems(at: [IndexPath(item: 71, section: 0)])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 6, section: 0)], "a deleted item leaves the selection")
    }

    // MARK: - Splices

    func testConsecutiveInsertionsOrDeletionsReachTheHostAsOneSplice() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.batchedSplices()
        }
    }

    /// A storage reports one entry per item; the host gets one splice per run of adjacent
    /// entries (a section of a million models moves once, not once per item), and what it
    /// shows, the selection included, is what entry-by-entry application would give.
    @MainActor private static func batchedSplices() throws {
        let (manager, host) = makeWindowedManager(windowSize: 10)
        manager.register(NumberRow.self)
        manager.selectionMode = .multiple
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems(Array(0..<100))
        manager.selectItem(at: IndexPath(item: 5, section: 0))
        let expected = { (items: [Int]) in items.map { "item \($0)" } }
        let line = { (row: BoundRow) in "item \(row.model)" }
        func spliced(_ change: () throws -> Void) rethrows -> [String] {
            let before = host.splices.count
            try change()
            return Array(host.splices[before...])
        }

        XCTAssertEqual(try spliced { try storage.insertItems(Array(-1_000..<0), at: IndexPath(item: 0, section: 0)) }, ["insert 0+1000"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1_005, section: 0)])
        assertWindowShows(expected(Array(-1_000..<100)), on: host, line: line, "after 1,000 inserted")

        XCTAssertEqual(spliced { storage.removeItems(at: (0..<1_000).map { IndexPath(item: $0, section: 0) }) }, ["remove 0..<1000"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 5, section: 0)])
        assertWindowShows(expected(Array(0..<100)), on: host, line: line, "after 1,000 removed")

        // Deleting forwards, at the same index: one run too.
        XCTAssertEqual(
            spliced {
                storage.performUpdates { for _ in 0..<3 { storage.removeItems(at: [IndexPath(item: 2, section: 0)]) } }
            }, ["remove 2..<5"])
        XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 2, section: 0)], "item 5 slid to 2")
        assertWindowShows(expected([0, 1] + Array(5..<100)), on: host, line: line, "after deleting forwards")

        // Not adjacent: separate splices, in the storage's order.
        XCTAssertEqual(
            spliced { storage.insertItems([7, 8], to: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)]) },
            ["insert 0+1", "insert 5+1"])
        XCTAssertEqual(
            spliced { storage.removeItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 5, section: 0)]) },
            ["remove 5..<6", "remove 0..<1"])
        assertWindowShows(expected([0, 1] + Array(5..<100)), on: host, line: line, "after separate changes")
        XCTAssertEqual(spliced { storage.removeItems(fromSection: 0) }, ["remove 0..<97"])
        XCTAssertEqual(manager.selectedIndexPaths, [])
    }
}
