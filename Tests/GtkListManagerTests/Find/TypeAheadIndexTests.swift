import ModelStorage
import SeededRandom
import XCTest

@testable import GtkListManager

/// The type-ahead index: what it finds, checked against reading every row, and how it follows a
/// list's changes, checked against an index built again from the changed list.
final class TypeAheadIndexTests: XCTestCase {
    private static func index(of sections: [[String]]) -> TypeAheadIndex {
        var index = TypeAheadIndex()
        for section in sections {
            index.appendSection()
            for text in section { index.append(TypeAheadMatch.fold(text)) }
        }
        return index
    }

    /// Every row's index path and folded text, in list order.
    private static func foldedRows(of sections: [[String]]) -> [(IndexPath, String)] {
        sections.enumerated().flatMap { section, texts in
            texts.indices.map { (IndexPath(item: $0, section: section), String(decoding: TypeAheadMatch.fold(texts[$0]), as: UTF8.self)) }
        }
    }

    /// The answer read row by row, as GtkTreeView's search reads: from `start` in list order
    /// (itself first or last), wrapping, the first text starting with `query`, else containing it.
    private static func expected(
        _ query: String, in rows: [(IndexPath, String)], from start: IndexPath, forward: Bool, includingStart: Bool
    ) -> IndexPath? {
        guard !rows.isEmpty else { return nil }
        let startRow = rows.firstIndex { $0.0.section > start.section || ($0.0.section == start.section && $0.0.item >= start.item) } ?? 0
        let folded = String(decoding: TypeAheadMatch.fold(query), as: UTF8.self)
        let order = (0..<rows.count).lazy.map { step in
            let offset = includingStart ? step : step + 1
            return ((startRow + (forward ? offset : -offset)) % rows.count + rows.count) % rows.count
        }
        return (order.first { rows[$0].1.hasPrefix(folded) } ?? order.first { rows[$0].1.contains(folded) }).map { rows[$0].0 }
    }

    func testPrefixesComeBeforeSubstringsAndCaseAndDiacriticsAreIgnored() {
        let sections = [["Émile", "apple", "banana"], [], ["Apricot", "grape", "pineapple", "Épée", "STRASSE"]]
        let index = Self.index(of: sections)
        let first = IndexPath(item: 0, section: 0)
        XCTAssertEqual(index.next("ap", from: first, forward: true, includingStart: true), IndexPath(item: 1, section: 0))
        XCTAssertEqual(
            index.next("AP", from: IndexPath(item: 2, section: 0), forward: true, includingStart: true), IndexPath(item: 0, section: 2))
        XCTAssertEqual(index.next("e", from: first, forward: true, includingStart: true), first, "É folds to e")
        XCTAssertEqual(index.next("epe", from: first, forward: true, includingStart: true), IndexPath(item: 3, section: 2))
        XCTAssertEqual(index.next("straße", from: first, forward: true, includingStart: true), IndexPath(item: 4, section: 2))
        XCTAssertEqual(
            index.next("pple", from: first, forward: true, includingStart: true), IndexPath(item: 1, section: 0), "no prefix: a substring")
        XCTAssertEqual(
            index.next("ap", from: IndexPath(item: 1, section: 0), forward: false, includingStart: false), IndexPath(item: 0, section: 2),
            "back, wrapping")
        XCTAssertNil(index.next("kiwi", from: first, forward: true, includingStart: true))
        XCTAssertNil(TypeAheadIndex().next("a", from: first, forward: true, includingStart: true))
    }

    func testEverySearchFindsWhatReadingEachRowFinds() {
        for seed in SeedCount.seeds(40) {
            var random = SplitMix64(seed: seed)
            let sections = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...2_600, using: &random)).map { _ in Self.word(using: &random) }
            }
            let index = Self.index(of: sections), rows = Self.foldedRows(of: sections)
            for _ in 0..<30 {
                let section = Int.random(in: 0..<sections.count, using: &random)
                let start = IndexPath(item: Int.random(in: 0...max(0, sections[section].count - 1), using: &random), section: section)
                let query = String(Self.word(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                let forward = Bool.random(using: &random), includingStart = Bool.random(using: &random)
                XCTAssertEqual(
                    index.next(query, from: start, forward: forward, includingStart: includingStart),
                    Self.expected(query, in: rows, from: start, forward: forward, includingStart: includingStart),
                    "seed \(seed): \(query) from \(start), forward \(forward), including \(includingStart)")
            }
        }
    }

    func testTheIndexFollowsChangesAsABuildFromTheChangedListWould() {
        for seed in SeedCount.seeds(30) {
            var random = SplitMix64(seed: seed)
            var sections = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 0...3_000, using: &random)).map { _ in Self.word(using: &random) }
            }
            var index = Self.index(of: sections)
            for step in 0..<8 {
                var changes = ChangeSet()
                for _ in 0..<Int.random(in: 1...6, using: &random) { Self.change(&sections, into: &changes, using: &random) }
                let followed = index.apply(changes) { model, _ in TypeAheadMatch.fold(model as! String) }
                XCTAssertTrue(followed, "seed \(seed) step \(step)")
                XCTAssertTrue(Self.texts(of: index) == Self.texts(of: Self.index(of: sections)), "seed \(seed) step \(step): \(changes)")
            }
        }
    }

    func testAChangeTooBigOrOutOfRangeIsNotFollowed() {
        var index = Self.index(of: [["a", "b"]])
        var big = ChangeSet()
        big.appendInsertion(
            of: ModelRun(Array(repeating: "c", count: TypeAheadIndex.largestFollowedChange + 1)), at: IndexPath(item: 0, section: 0))
        XCTAssertFalse(index.apply(big) { _, _ in [] })
        var index2 = Self.index(of: [["a", "b"]])
        XCTAssertFalse(index2.apply([.deleteItem(at: IndexPath(item: 2, section: 0))]) { _, _ in [] })
        XCTAssertFalse(index2.apply([.insertItem(at: IndexPath(item: 0, section: 3), model: "x")]) { _, _ in [] })
    }

    // MARK: - Random lists and changes

    private static let syllables = ["ap", "pl", "e", "ba", "na", "É", "gr", "o", "Ü", "st", "ra", "ß", "x", "Ka"]

    private static func word(using random: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in syllables[Int.random(in: 0..<syllables.count, using: &random)] }.joined()
    }

    private static func texts(of index: TypeAheadIndex) -> [[[UInt8]]] {
        index.sections.enumerated().map { section, texts in
            (0..<texts.count).map { Array(index.text(at: IndexPath(item: $0, section: section))) }
        }
    }

    /// Changes `sections` at random, and logs it in `changes` as a storage would.
    private static func change(_ sections: inout [[String]], into changes: inout ChangeSet, using random: inout SplitMix64) {
        let section = Int.random(in: 0..<sections.count, using: &random)
        let count = sections[section].count
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            let item = Int.random(in: 0...count, using: &random), text = word(using: &random)
            sections[section].insert(text, at: item)
            changes.append(.insertItem(at: IndexPath(item: item, section: section), model: text))
        case 1 where count > 0:
            let item = Int.random(in: 0..<count, using: &random)
            sections[section].remove(at: item)
            changes.append(.deleteItem(at: IndexPath(item: item, section: section)))
        case 2 where count > 0:
            let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
            sections[section].insert(sections[section].remove(at: from), at: to)
            changes.append(.moveItem(from: IndexPath(item: from, section: section), to: IndexPath(item: to, section: section)))
        case 3 where count > 0:
            let item = Int.random(in: 0..<count, using: &random), text = word(using: &random)
            sections[section][item] = text
            changes.append(.updateItem(at: IndexPath(item: item, section: section), model: text))
        case 4:
            let item = Int.random(in: 0...count, using: &random)
            // Up to six runs a change set, each of a few hundred: below what the index follows.
            let texts = (0..<Int.random(in: 2...600, using: &random)).map { _ in word(using: &random) }
            sections[section].insert(contentsOf: texts, at: item)
            changes.appendInsertion(of: ModelRun(texts), at: IndexPath(item: item, section: section))
        case 5 where count > 1:
            let lower = Int.random(in: 0..<count, using: &random), upper = Int.random(in: lower + 1...count, using: &random)
            sections[section].removeSubrange(lower..<upper)
            changes.appendDeletion(of: lower..<upper, inSection: section)
        case 6 where count > 1:
            let sources = Array(0..<count).shuffled(using: &random)
            sections[section] = sources.map { sections[section][$0] }
            changes.appendReordering(ItemReordering(section: section, sources: sources)!)
        case 7:
            let at = Int.random(in: 0...sections.count, using: &random)
            sections.insert([], at: at)
            changes.append(.insertSection(at))
        case 8 where sections.count > 1:
            sections.remove(at: section)
            changes.append(.deleteSection(section))
        case 9 where sections.count > 1:
            let to = Int.random(in: 0..<sections.count, using: &random)
            sections.insert(sections.remove(at: section), at: to)
            changes.append(.moveSection(from: section, to: to))
        default:
            break
        }
    }
}
