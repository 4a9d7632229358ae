import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Random snapshot sequences on a real GtkListBox: after every apply the rows equal the
/// snapshot, and every item that stayed (not reloaded) kept its widget.
final class RandomizedSnapshotListTests: XCTestCase {
    func testRandomSnapshotSequencesKeepTheListEqualToTheSnapshot() throws {
        try MainActor.assumeIsolated { try Self.randomSequences() }
    }

    @MainActor private static func randomSequences() throws {
        try requireGtk()
        for seed in SeedCount.seeds(12).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            var configuration = ListConfiguration()
            configuration.reusePoolLimit = Int(random.next() % 4)
            configuration.displayHeaderOnEmptySection = true
            let (manager, storage, anomalies) = makeSnapshotManager(configuration, withFooters: true)
            var reported: [SnapshotAnomaly] = []
            storage.anomalyHandler.action = { reported.append($0) }

            for round in 0..<30 {
                let old = try XCTUnwrap(manager.snapshot(NumberSnapshot.self))
                let next = randomSuccessor(of: old, using: &random)
                let widgets = itemWidgets(manager)
                tagRows(manager)
                let animated = random.next() % 2 == 0
                var completed = false

                manager.apply(next, animatingDifferences: animated) { completed = true }

                let context = "seed \(seed) round \(round): \(old.sectionIdentifiers) → \(next.sectionIdentifiers)"
                XCTAssertTrue(completed, context)
                XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: next, withFooters: true), context)
                XCTAssertEqual(manager.rowCount, expectedRowLines(of: next, withFooters: true).count, context)
                let rebuilt = Set(next.reloadedItemIdentifiers)
                    .union(next.reloadedSectionIdentifiers.flatMap { next.itemIdentifiers(inSection: $0) })
                let after = itemWidgets(manager)
                let afterRows = itemListRows(manager)
                for item in next.itemIdentifiers where old.indexOfItem(item) != nil {
                    if rebuilt.contains(item) {
                        XCTAssertFalse(isTagged(afterRows[item]), "\(context): reloaded item \(item) gets a new list row")
                    } else {
                        XCTAssertEqual(after[item], widgets[item], "\(context): item \(item) stayed and must keep its widget")
                        XCTAssertTrue(isTagged(after[item]) && isTagged(afterRows[item]), "\(context): item \(item) stayed in its list row")
                    }
                }
            }
            XCTAssertEqual(reported, [], "seed \(seed): the generator makes valid snapshots")
            XCTAssertEqual(anomalies.reports, [], "seed \(seed)")
        }
    }

    /// A random next state built from `old` with snapshot operations: sections deleted, added and
    /// moved, items deleted, added and moved (across sections too), some marked for reload or
    /// reconfigure.
    @MainActor static func randomSuccessor(of old: NumberSnapshot, using random: inout SplitMix64) -> NumberSnapshot {
        var next = old
        func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[Int(random.next() % UInt64(values.count))] }
        for _ in 0..<Int(random.next() % 6) {
            switch random.next() % 9 {
            case 0:
                if let section = pick(next.sectionIdentifiers), random.next() % 3 == 0 { next.deleteSections([section]) }
            case 1:
                let name = "S\(random.next() % 8)"
                if next.indexOfSection(name) == nil {
                    if let anchor = pick(next.sectionIdentifiers) {
                        next.insertSections([name], afterSection: anchor)
                    } else {
                        next.appendSections([name])
                    }
                }
            case 2:
                if let section = pick(next.sectionIdentifiers), let anchor = pick(next.sectionIdentifiers), section != anchor {
                    next.moveSection(section, beforeSection: anchor)
                }
            case 3, 4:
                let new = (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 60) }.filter { next.indexOfItem($0) == nil }
                if let section = pick(next.sectionIdentifiers) { next.appendItems(Array(Set(new)).sorted(), toSection: section) }
            case 5:
                let gone = (0..<Int(random.next() % 3)).compactMap { _ in pick(next.itemIdentifiers) }
                next.deleteItems(gone)
            case 6:
                if let item = pick(next.itemIdentifiers), let anchor = pick(next.itemIdentifiers), item != anchor {
                    next.moveItem(item, afterItem: anchor)
                }
            case 7:
                if let item = pick(next.itemIdentifiers) {
                    if random.next() % 2 == 0 { next.reloadItems([item]) } else { next.reconfigureItems([item]) }
                }
            default:
                if let section = pick(next.sectionIdentifiers), random.next() % 4 == 0 { next.reloadSections([section]) }
            }
        }
        return next
    }
}
