import ModelStorage
import SeededRandom

/// A row of the differ benchmark: `id` is its identity, `content` what it shows.
///
/// `Equatable`/`Hashable` cover both fields, which is what the standard library's diff compares;
/// the differ identifies rows by `id` (the `Identifiable & Hashable` default of ``Diffable``), so
/// a changed content is an update for it and a removal plus an insertion for the standard library.
struct BenchmarkRow: Identifiable, Hashable, Diffable {
    let id: Int
    var content: Int
}

/// One benchmark case: an old list and the new list it becomes, generated from a fixed seed.
struct DiffScenario {
    enum Kind: String, CaseIterable {
        /// 10% deleted, 10% inserted, 10% moved, 10% changed content, the rest in place.
        case mixed
        /// The same rows in a random order.
        case shuffle
        /// An equal list (a separate array).
        case noChange = "no change"
        /// Empty → n rows.
        case allInserted = "all inserted"
        /// n rows → empty.
        case allDeleted = "all deleted"
    }

    let kind: Kind
    let old: [BenchmarkRow]
    let new: [BenchmarkRow]

    init(_ kind: Kind, count: Int) {
        self.kind = kind
        var random = SplitMix64(seed: UInt64(count))
        let rows = (0..<count).map { BenchmarkRow(id: $0, content: 0) }
        switch kind {
        case .mixed:
            (old, new) = (rows, Self.mixed(rows, random: &random))
        case .shuffle:
            (old, new) = (rows, rows.shuffled(using: &random))
        case .noChange:
            (old, new) = (rows, rows.map { BenchmarkRow(id: $0.id, content: $0.content) })
        case .allInserted:
            (old, new) = ([], rows)
        case .allDeleted:
            (old, new) = (rows, [])
        }
    }

    /// Sorting by key builds the mixed list in O(n log n): rows in place keep their index as key,
    /// moved and inserted rows draw a random one.
    private static func mixed(_ rows: [BenchmarkRow], random: inout SplitMix64) -> [BenchmarkRow] {
        let tenth = rows.count / 10
        let roles = Array(rows.indices).shuffled(using: &random)
        let deleted = Set(roles[0..<tenth])
        let moved = Set(roles[tenth..<2 * tenth])
        let changed = Set(roles[2 * tenth..<3 * tenth])
        var keyed: [(key: Double, row: BenchmarkRow)] = []
        keyed.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() where !deleted.contains(index) {
            let key = moved.contains(index) ? Double.random(in: 0..<Double(rows.count), using: &random) : Double(index)
            keyed.append((key, changed.contains(index) ? BenchmarkRow(id: row.id, content: 1) : row))
        }
        for id in rows.count..<rows.count + tenth {
            keyed.append((Double.random(in: 0..<Double(rows.count), using: &random), BenchmarkRow(id: id, content: 0)))
        }
        return keyed.sorted { $0.key < $1.key }.map(\.row)
    }
}
