import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Seeded random sequences of storage operations over several sections with headers and footers.
/// After every step the GtkListBox's children, read through GTK, must be exactly the rows the
/// storage implies (role, model, order), and row views must not leak.
final class RandomizedListTests: XCTestCase {
    static let sequenceCount = SeedCount.of(2_000)
    static let sequenceLength = 30

    func testRandomSequencesKeepTheListEqualToTheStorage() throws {
        try MainActor.assumeIsolated { try Self.randomSequences() }
    }

    @MainActor private static func randomSequences() throws {
        try requireGtk()
        let startingRows = NumberRow.liveCount
        var steps = 0
        for seed in 0..<UInt64(sequenceCount) {
            var rng = SplitMix64(seed: seed)
            let configuration = randomConfiguration(&rng)
            let storage = MemoryStorage()
            storage.anomalyHandler.action = { _ in }
            let manager = ListManager(storage: storage, configuration: configuration)
            manager.anomalyHandler.action = { _ in }
            manager.register(NumberRow.self)
            manager.register(CaptionRow.self)
            var history: [String] = []
            for _ in 0..<sequenceLength {
                let step = randomStep(storage, &rng)
                history.append(step.name)
                step.run()
                steps += 1
                let actual = inspectRows(of: manager.listBox!).map { ExpectedRow(role: $0.role, model: $0.model) }
                let expected = expectedRows(
                    of: storage, headerOnEmpty: configuration.displayHeaderOnEmptySection,
                    footerOnEmpty: configuration.displayFooterOnEmptySection)
                guard actual == expected, manager.rowCount == actual.count else {
                    XCTFail(
                        """
                        seed \(seed), configuration \(configuration), after:
                        \(history.map { "  \($0)" }.joined(separator: "\n"))
                        list:    \(actual)
                        storage: \(expected)
                        """)
                    return
                }
                let itemRows = actual.filter { $0.role == .item }.count
                XCTAssertLessThanOrEqual(
                    NumberRow.liveCount - startingRows, itemRows + configuration.reusePoolLimit, "seed \(seed): row views leak")
            }
        }
        XCTAssertEqual(NumberRow.liveCount, startingRows, "every row view is released with its manager")
        print("Randomized list: \(sequenceCount) sequences, \(steps) steps checked against the GtkListBox")
    }

    /// Random header and footer settings, move style and pool size.
    static func randomConfiguration(_ rng: inout SplitMix64) -> ListConfiguration {
        var configuration = ListConfiguration()
        configuration.displayHeaderOnEmptySection = rng.next() % 2 == 0
        configuration.displayFooterOnEmptySection = rng.next() % 2 == 0
        configuration.animateMoveAsDeleteAndInsert = rng.next() % 4 == 0
        configuration.reusePoolLimit = Int(rng.next() % 6)
        return configuration
    }

    struct Step {
        let name: String
        let run: @MainActor () -> Void
    }

    /// A random storage change; with `otherKinds`, one step in eight sets the models of one of
    /// those supplementary kinds.
    @MainActor
    static func randomStep(_ storage: MemoryStorage, _ rng: inout SplitMix64, otherKinds: [SupplementaryKind] = []) -> Step {
        let sections = storage.numberOfSections
        func model() -> Any {
            switch rng.next() % 10 {
            case 0: "s\(rng.next() % 5)"
            case 1: Int?.none as Any
            default: Int(rng.next() % 50)
            }
        }
        func section(extra: Int = 0) -> Int { Int(rng.next() % UInt64(max(sections + extra, 1))) }
        func existingPath() -> IndexPath? {
            let filled = (0..<sections).filter { storage.numberOfItems(inSection: $0) > 0 }
            guard !filled.isEmpty else { return nil }
            let s = filled[Int(rng.next() % UInt64(filled.count))]
            return IndexPath(item: Int(rng.next() % UInt64(storage.numberOfItems(inSection: s))), section: s)
        }
        func slot(inSection s: Int) -> IndexPath {
            IndexPath(item: Int(rng.next() % UInt64(storage.numberOfItems(inSection: s) + 1)), section: s)
        }
        func titles() -> [String?] {
            (0..<Int(rng.next() % 5)).map { _ in rng.next() % 3 == 0 ? nil : "T\(rng.next() % 9)" }
        }

        if !otherKinds.isEmpty, rng.next() % 8 == 0 {
            let kind = otherKinds[Int(rng.next() % UInt64(otherKinds.count))], models = titles()
            return Step(name: "setSupplementaryModels(\(models), ofKind: \(kind))") { storage.setSupplementaryModels(models, ofKind: kind) }
        }
        switch rng.next() % 16 {
        case 0, 1, 2:
            let s = section(extra: 2), values = (0..<Int(rng.next() % 4)).map { _ in model() }
            return Step(name: "addItems(\(values), toSection: \(s))") { storage.addItems(values, toSection: s) }
        case 3:
            let s = section(extra: 1), path = slot(inSection: s), value = model()
            return Step(name: "insertItem(\(value), to: \(path.shortDescription))") { try? storage.insertItem(value, to: path) }
        case 4, 5:
            guard let path = existingPath() else { return Step(name: "addItem(1)") { storage.addItem(1) } }
            let other = existingPath().map { [$0] } ?? []
            return Step(name: "removeItems(at: \(([path] + other).map(\.shortDescription)))") { storage.removeItems(at: [path] + other) }
        case 6, 7:
            guard let from = existingPath() else { return Step(name: "addItem(2)") { storage.addItem(2) } }
            let target = section()
            var to = slot(inSection: target)
            if target == from.section { to.item = min(to.item, storage.numberOfItems(inSection: target) - 1) }
            return Step(name: "moveItem(\(from.shortDescription) → \(to.shortDescription))") { storage.moveItem(at: from, to: to) }
        case 8:
            guard let path = existingPath() else { return Step(name: "addItem(3)") { storage.addItem(3) } }
            let value = model()
            return Step(name: "replaceItem(at: \(path.shortDescription), with: \(value))") {
                try? storage.replaceItem(at: path, with: value)
            }
        case 9:
            let index = Int(rng.next() % UInt64(sections + 1)), values = (0..<Int(rng.next() % 3)).map { _ in model() }
            return Step(name: "insertSection(\(values), at: \(index))") { storage.insertSection(SectionModel(items: values), at: index) }
        case 10:
            let doomed = (0..<Int(rng.next() % 2 + 1)).map { _ in section() }.filter { $0 < sections }
            return Step(name: "deleteSections(\(doomed))") { storage.deleteSections(doomed) }
        case 11:
            let from = section(), to = section()
            return Step(name: "moveSection(\(from), \(to))") { storage.moveSection(from, toSection: to) }
        case 12:
            let headers = titles()
            return Step(name: "setSectionHeaderModels(\(headers))") { storage.setSupplementaryModels(headers, ofKind: .header) }
        case 13:
            let footers = titles()
            return Step(name: "setSectionFooterModels(\(footers))") { storage.setSupplementaryModels(footers, ofKind: .footer) }
        case 14:
            let inner = (0..<Int(rng.next() % 3 + 2)).map { _ in randomStep(storage, &rng, otherKinds: otherKinds) }
            return Step(name: "performUpdates { \(inner.map(\.name).joined(separator: "; ")) }") {
                storage.performUpdates { for step in inner { step.run() } }
            }
        default:
            if rng.next() % 3 == 0 {
                let all = (0..<Int(rng.next() % 4)).map { _ in (0..<Int(rng.next() % 4)).map { _ in model() } }
                return Step(name: "setItemsForAllSections(\(all))") { storage.setItemsForAllSections(all) }
            }
            let s = section()
            return Step(name: "removeItems(fromSection: \(s))") { storage.removeItems(fromSection: s) }
        }
    }
}
