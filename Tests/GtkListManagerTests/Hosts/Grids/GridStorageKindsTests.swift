import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Diffed replacements, snapshots and declared sections on both grid hosts: after every step
/// the grid read from GTK, section by section, holds what the storage or declaration implies.
final class GridStorageKindsTests: XCTestCase {
    /// `role model` lines of what GTK shows, and how many sections it shows (nil for the
    /// virtualized grid, whose sections are no widgets).
    @MainActor private static func shown(_ host: any ListHost, _ manager: ListManager, _ list: ShownList?) -> (
        lines: [String], sections: Int?
    ) {
        list?.settleFrame()
        let sections = shownSections(of: host, manager)
        return (sections.joined().map { "\($0.role) \($0.model)" }, host is FlowBoxGridHost ? sections.count : nil)
    }

    /// A `role model (RowClass)` line without its class.
    private static func withoutClass(_ line: String) -> String {
        line.replacingOccurrences(of: #" \([A-Za-z]+\)$"#, with: "", options: .regularExpression)
    }

    func testRandomDiffedReplacementsKeepEverySection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.diffedReplacements(kind) }
        }
    }

    @MainActor private static func diffedReplacements(_ kind: GridKind) throws {
        for seed in SeedCount.seeds(kind.isVirtualized ? 12 : 40) {
            var random = SplitMix64(seed: seed &+ 0x51)
            let host = kind.makeHost()
            let manager = ListManager(host: host)
            manager.register(NumberRow.self)
            let list = kind.showIfNeeded(manager)
            defer { list?.close() }
            let storage = manager.memoryStorage!
            storage.setSectionHeaderModels(["A", "B", "C"])
            for step in 0..<20 {
                // Distinct values dealt into up to four sections: items move within and across them.
                var values = Array(0..<Int(random.next() % 30)).shuffled(using: &random)
                let sectionCount = Int(random.next() % 4) + 1
                var sections = Array(repeating: [Int](), count: sectionCount)
                while let value = values.popLast() { sections[Int(random.next() % UInt64(sectionCount))].append(value) }
                storage.setItemsForAllSections(sections, diffing: true)
                list?.settleFrame()
                let shown = shownSections(of: host, manager)
                XCTAssertEqual(shown, expectedSections(of: storage), "\(kind), seed \(seed), step \(step)")
                guard shown == expectedSections(of: storage) else { return }
            }
        }
    }

    func testRandomSnapshotsShowTheSnapshotSectionBySection() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.randomSnapshots(kind) }
        }
    }

    @MainActor private static func randomSnapshots(_ kind: GridKind) throws {
        for seed in SeedCount.seeds(kind.isVirtualized ? 10 : 30) {
            var random = SplitMix64(seed: seed &+ 3)
            let storage = SnapshotStorage<String, Int>(headerModel: { sectionTitle($0) }, footerModel: { sectionFooter($0) })
            let host = kind.makeHost()
            let manager = ListManager(host: host, storage: storage)
            manager.register(NumberRow.self)
            let list = kind.showIfNeeded(manager)
            defer { list?.close() }
            var snapshot = NumberSnapshot()
            for round in 0..<15 {
                let next = RandomizedSnapshotListTests.randomSuccessor(of: snapshot, using: &random)
                manager.apply(next, animatingDifferences: random.next() % 2 == 0)
                snapshot = next
                let grid = shown(host, manager, list)
                XCTAssertEqual(
                    grid.lines, expectedRowLines(of: next, withFooters: true).map(withoutClass), "\(kind), seed \(seed), round \(round)")
                if let sections = grid.sections { XCTAssertEqual(sections, next.numberOfSections, "one section box per snapshot section") }
                guard grid.lines == expectedRowLines(of: next, withFooters: true).map(withoutClass) else { return }
            }
        }
    }

    func testRandomDeclarationsShowTheDeclaredSections() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in GridKind.allCases { try Self.randomDeclarations(kind) }
        }
    }

    @MainActor private static func randomDeclarations(_ kind: GridKind) throws {
        for seed in SeedCount.seeds(kind.isVirtualized ? 10 : 30) {
            var random = SplitMix64(seed: seed &+ 11)
            let host = kind.makeHost()
            let manager = ListManager(host: host)
            manager.anomalyHandler.action = { _ in }
            let list = kind.showIfNeeded(manager)
            defer { list?.close() }
            var specs: [SectionSpec] = []
            var nextModel = 0
            for step in 0..<15 {
                for _ in 0...(random.next() % 3) { _ = DeclarativeUpdateTests.mutate(&specs, &random, &nextModel) }
                manager.update(animated: random.next() % 2 == 0) { declaredSections(specs) }
                let grid = shown(host, manager, list)
                let expected = expectedRows(specs).map { "\($0.role) \($0.model)" }
                XCTAssertEqual(grid.lines, expected, "seed \(seed), step \(step)")
                if let sections = grid.sections { XCTAssertEqual(sections, specs.count, "one section box per declared section") }
                guard grid.lines == expected else { return }
            }
        }
    }
}
