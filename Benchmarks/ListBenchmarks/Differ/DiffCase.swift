import Foundation
import ModelStorage
import SeededRandom

/// Every cell of the differ table, by the name `list-benchmarks differ-one` takes.
enum DiffCase: String, CaseIterable {
    case mixed, shuffle
    case noChange = "no-change"
    case allInserted = "all-inserted"
    case allDeleted = "all-deleted"
    /// 100 sections of mixed edits, 10% of the items moving to another section.
    case sectioned
    /// DifferenceKit's README case: 5,000 `UUID`s, 1,000 deleted, 1,000 inserted, 200 moved.
    case uuid
    /// The mixed case through ``ModelIdentity``, as `MemoryStorage.setItems(_:diffing:)` diffs
    /// models it holds as `Any`: the identities are made (by one ``ModelInspector``), then
    /// diffed, content compared by the same inspector.
    case mixedErased = "mixed-erased"

    /// The flat scenario of the same edits, for the columns that take one list (the standard
    /// library and the greedy yardstick); nil for the sectioned case.
    var flatKind: DiffScenario.Kind? {
        switch self {
        case .mixed, .mixedErased: .mixed
        case .shuffle: .shuffle
        case .noChange: .noChange
        case .allInserted: .allInserted
        case .allDeleted: .allDeleted
        case .sectioned, .uuid: nil
        }
    }

    /// The sizes the table measures this case at.
    var sizes: [Int] {
        switch self {
        case .uuid: [5_000]
        case .sectioned, .mixedErased: [10_000, 100_000]
        default: [1_000, 10_000, 100_000]
        }
    }

    /// The inputs of this case at `count` elements, and one diff of them.
    func prepare(count: Int) -> PreparedDiff {
        switch self {
        case .sectioned:
            let scenario = SectionedDiffScenario(count: count)
            return PreparedDiff(elements: count) { Differ().script(from: scenario.old, to: scenario.new) }
        case .uuid:
            let scenario = UUIDDiffScenario(count: count)
            return PreparedDiff(elements: count) { Differ().script(from: scenario.old, to: scenario.new) }
        case .mixedErased:
            let scenario = DiffScenario(.mixed, count: count)
            let old: [Any] = scenario.old, new: [Any] = scenario.new
            return PreparedDiff(elements: count) {
                var inspector = ModelInspector()
                let oldIdentities = old.map { inspector.identity(of: $0)! }
                let newIdentities = new.map { inspector.identity(of: $0)! }
                return Differ().script(
                    fromIdentities: oldIdentities, to: newIdentities, contentEqual: { inspector.contentIsEqual(old[$0], new[$1]) })
            }
        default:
            let scenario = DiffScenario(flatKind!, count: count)
            return PreparedDiff(elements: count) { Differ().script(from: scenario.old, to: scenario.new) }
        }
    }
}

/// A diff ready to run: its inputs are built, `run` only diffs.
struct PreparedDiff {
    let elements: Int
    let run: () -> EditScript
}

/// Runs `diff` once. The symbol has a fixed name so that callgrind counts this call alone:
/// `valgrind --tool=callgrind --toggle-collect=glm_measured_diff`.
@_silgen_name("glm_measured_diff")
@inline(never)
func measuredDiff(_ diff: PreparedDiff) -> EditScript {
    diff.run()
}

/// A row whose identity is a `UUID`, as in DifferenceKit's README benchmark.
struct UUIDRow: Identifiable, Hashable, Diffable {
    let id: UUID
    var content: Int
}

/// 5,000 random `UUID`s (from a seed), then 1,000 deleted, 1,000 inserted and 200 moved; the
/// size scales the same proportions.
struct UUIDDiffScenario {
    let old: [UUIDRow]
    let new: [UUIDRow]

    init(count: Int) {
        var random = SplitMix64(seed: 5_000)
        func uuid() -> UUID {
            let high = random.next(), low = random.next()
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
        old = (0..<count).map { _ in UUIDRow(id: uuid(), content: 0) }
        var new = old
        let fifth = count / 5, moved = count / 25
        for _ in 0..<fifth { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
        for _ in 0..<fifth { new.insert(UUIDRow(id: uuid(), content: 0), at: Int.random(in: 0...new.count, using: &random)) }
        for _ in 0..<moved {
            let row = new.remove(at: Int.random(in: 0..<new.count, using: &random))
            new.insert(row, at: Int.random(in: 0...new.count, using: &random))
        }
        self.new = new
    }
}

/// `count` rows in 100 sections; then the mixed edits of ``DiffScenario`` with moved rows going
/// to a random section (most of them leave theirs).
struct SectionedDiffScenario {
    let old: [DiffSection<Int, BenchmarkRow>]
    let new: [DiffSection<Int, BenchmarkRow>]

    init(count: Int, sections: Int = 100) {
        var random = SplitMix64(seed: UInt64(count) &+ 100)
        let perSection = max(count / sections, 1)
        let rows = (0..<count).map { BenchmarkRow(id: $0, content: 0) }
        old = (0..<sections).map { section in
            DiffSection(section, items: Array(rows[min(section * perSection, count)..<min((section + 1) * perSection, count)]))
        }
        // Mixed edits over the flat list, then each row keyed by (section, position): moved and
        // inserted rows draw both at random.
        let tenth = count / 10
        let roles = Array(rows.indices).shuffled(using: &random)
        let deleted = Set(roles[0..<tenth]), moved = Set(roles[tenth..<2 * tenth]), changed = Set(roles[2 * tenth..<3 * tenth])
        var keyed: [(key: Double, row: BenchmarkRow)] = []
        for (index, row) in rows.enumerated() where !deleted.contains(index) {
            let key = moved.contains(index) ? Double.random(in: 0..<Double(count), using: &random) : Double(index)
            keyed.append((key, changed.contains(index) ? BenchmarkRow(id: row.id, content: 1) : row))
        }
        for id in count..<count + tenth {
            keyed.append((Double.random(in: 0..<Double(count), using: &random), BenchmarkRow(id: id, content: 0)))
        }
        var items = [[BenchmarkRow]](repeating: [], count: sections)
        for (key, row) in keyed.sorted(by: { $0.key < $1.key }) {
            items[min(Int(key) / perSection, sections - 1)].append(row)
        }
        new = (0..<sections).map { DiffSection($0, items: items[$0]) }
    }
}

extension Int: Diffable {}
