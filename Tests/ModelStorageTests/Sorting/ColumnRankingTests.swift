import SeededRandom
import Testing

@testable import ModelStorage

/// A sort by columns ranks each column once instead of reading values at every comparison; the
/// order it gives must be the comparator's, ties included, for any items and keys.
@Suite("ColumnComparisons: ranked sorting gives the comparator's order")
struct ColumnRankingTests {
    @Test("Random tracks and keys: the same order as sorting with the comparator, ties in the order given", arguments: 0..<40)
    func rankedOrderIsTheComparatorsOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let titles = ["Blue", "blue", "Track 9", "Track 10", "Airegin", "so what", "Étude", "etude", ""]
        let tracks = (0..<Int.random(in: 0...60, using: &random)).map { index in
            Track(
                id: "t\(index)", title: titles.randomElement(using: &random)!, artist: titles.randomElement(using: &random)!,
                length: Int.random(in: 0...5, using: &random),
                rating: Bool.random(using: &random) ? nil : Int.random(in: 1...3, using: &random))
        }
        let tieBreaking = seed % 2 == 0
        let comparisons = tieBreaking ? trackColumns.column("id", by: { $0.id.count < $1.id.count }) : trackColumns
        let columns = ["title", "artist", "length", "rating", "id", "unknown"]
        let keys = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            SortKey(columns.randomElement(using: &random)!, ascending: Bool.random(using: &random))
        }
        let comparator = comparisons.comparator(for: keys)
        // The comparator's order, ties by the place given (what the storage's sequence does).
        let expected = tracks.indices.sorted { lhs, rhs in
            if comparator(tracks[lhs], tracks[rhs]) { return true }
            if comparator(tracks[rhs], tracks[lhs]) { return false }
            return lhs < rhs
        }
        #expect(comparisons.sortedIndices(of: tracks, by: keys, tie: <) == expected, "keys \(keys)")
    }
}
