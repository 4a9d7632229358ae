import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Diffed replacements, snapshots and declared sections on the flow-box grid: after every step
/// the grid read from GTK, section by section, holds what the storage or declaration implies.
final class FlowBoxGridStorageKindsTests: XCTestCase {
    /// `role model` lines of what GTK shows, and how many section boxes it has.
    @MainActor private static func shown(_ host: FlowBoxGridHost) -> (lines: [String], sections: Int) {
        let sections = inspectSections(of: host)
        return (sections.joined().map { "\($0.role) \($0.model)" }, sections.count)
    }

    /// A `role model (RowClass)` line without its class.
    private static func withoutClass(_ line: String) -> String {
        line.replacingOccurrences(of: #" \([A-Za-z]+\)$"#, with: "", options: .regularExpression)
    }

    func testRandomDiffedReplacementsKeepEverySection() throws {
        try MainActor.assumeIsolated { try requireGtk(); try Self.diffedReplacements() }
    }

    @MainActor private static func diffedReplacements() throws {
        for seed in SeedCount.seeds(40) {
            var random = SplitMix64(seed: seed &+ 0x51)
            let host = FlowBoxGridHost()
            let manager = ListManager(host: host)
            manager.register(NumberRow.self)
            let storage = manager.memoryStorage!
            storage.setSectionHeaderModels(["A", "B", "C"])
            for step in 0..<20 {
                // Distinct values dealt into up to four sections: items move within and across them.
                var values = Array(0..<Int(random.next() % 30)).shuffled(using: &random)
                let sectionCount = Int(random.next() % 4) + 1
                var sections = Array(repeating: [Int](), count: sectionCount)
                while let value = values.popLast() { sections[Int(random.next() % UInt64(sectionCount))].append(value) }
                storage.setItemsForAllSections(sections, animated: true)
                XCTAssertEqual(inspectSections(of: host), expectedSections(of: storage), "seed \(seed), step \(step)")
                guard inspectSections(of: host) == expectedSections(of: storage) else { return }
            }
        }
    }

    func testRandomSnapshotsShowTheSnapshotSectionBySection() throws {
        try MainActor.assumeIsolated { try requireGtk(); try Self.randomSnapshots() }
    }

    @MainActor private static func randomSnapshots() throws {
        for seed in SeedCount.seeds(30) {
            var random = SplitMix64(seed: seed &+ 3)
            let storage = SnapshotStorage<String, Int>(headerModel: { sectionTitle($0) }, footerModel: { sectionFooter($0) })
            let host = FlowBoxGridHost()
            let manager = ListManager(host: host, storage: storage)
            manager.register(NumberRow.self)
            var snapshot = NumberSnapshot()
            for round in 0..<15 {
                let next = RandomizedSnapshotListTests.randomSuccessor(of: snapshot, using: &random)
                manager.apply(next, animatingDifferences: random.next() % 2 == 0)
                snapshot = next
                let grid = shown(host)
                XCTAssertEqual(grid.lines, expectedRowLines(of: next, withFooters: true).map(withoutClass), "seed \(seed), round \(round)")
                XCTAssertEqual(grid.sections, next.numberOfSections, "one section box per snapshot section")
                guard grid.lines == expectedRowLines(of: next, withFooters: true).map(withoutClass) else { return }
            }
        }
    }

    func testRandomDeclarationsShowTheDeclaredSections() throws {
        try MainActor.assumeIsolated { try requireGtk(); try Self.randomDeclarations() }
    }

    @MainActor private static func randomDeclarations() throws {
        for seed in SeedCount.seeds(30) {
            var random = SplitMix64(seed: seed &+ 11)
            let host = FlowBoxGridHost()
            let manager = ListManager(host: host)
            manager.anomalyHandler.action = { _ in }
            var specs: [SectionSpec] = []
            var nextModel = 0
            for step in 0..<15 {
                for _ in 0...(random.next() % 3) { _ = DeclarativeUpdateTests.mutate(&specs, &random, &nextModel) }
                manager.update(animated: random.next() % 2 == 0) { declaredSections(specs) }
                let grid = shown(host)
                let expected = expectedRows(specs).map { "\($0.role) \($0.model)" }
                XCTAssertEqual(grid.lines, expected, "seed \(seed), step \(step)")
                XCTAssertEqual(grid.sections, specs.count, "one section box per declared section")
                guard grid.lines == expected else { return }
            }
        }
    }
}
