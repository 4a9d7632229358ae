import Foundation
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
        var ranks = RankCache()
        #expect(comparisons.sortedIndices(of: tracks, by: keys, ranks: &ranks, tie: <) == expected, "keys \(keys)")
        // Ranks kept from the first sort, read by a second with the keys reversed.
        let reversed = keys.map { SortKey($0.column, ascending: !$0.ascending) }
        let reversedComparator = comparisons.comparator(for: reversed)
        let expectedReversed = tracks.indices.sorted { lhs, rhs in
            if reversedComparator(tracks[lhs], tracks[rhs]) { return true }
            if reversedComparator(tracks[rhs], tracks[lhs]) { return false }
            return lhs < rhs
        }
        #expect(comparisons.sortedIndices(of: tracks, by: reversed, ranks: &ranks, tie: <) == expectedReversed, "keys \(reversed)")
    }

    @Test("Each column is ranked once: a sort by a kept column reads its ranks, another declaration ranks again")
    func keptRanksAreRead() {
        let rankings = Counter()
        let tracks = (0..<20).map { Track(id: "t\($0)", title: "\($0 % 7)", artist: "", length: $0 % 3, rating: nil) }
        let comparisons = ColumnComparisons<Track>()
            .column("title") { lhs, rhs in
                rankings.add()
                return lhs.title < rhs.title
            }
            .column("length", by: \.length)
        var ranks = RankCache()
        _ = comparisons.sortedIndices(of: tracks, by: [SortKey("title")], ranks: &ranks, tie: <)
        let firstRanking = rankings.value
        #expect(firstRanking > 0)
        _ = comparisons.sortedIndices(of: tracks, by: [SortKey("length"), SortKey("title", ascending: false)], ranks: &ranks, tie: <)
        #expect(rankings.value == firstRanking, "title's ranks were kept")
        let redeclared = comparisons.column("title") { lhs, rhs in
            rankings.add()
            return lhs.title < rhs.title
        }
        _ = redeclared.sortedIndices(of: tracks, by: [SortKey("title")], ranks: &ranks, tie: <)
        #expect(rankings.value > firstRanking, "a new declaration of the column is ranked again")
    }

    @Test("The cache keeps the columns used last, reordered with the items")
    func cacheFollowsTheItems() {
        let declarations = (0...RankCache.capacity).map { _ in ColumnDeclaration() }
        var ranks = RankCache()
        for (column, declaration) in declarations.enumerated() {
            ranks.keep([0, 1, 2].map { Int32($0 + column) }, of: "c\(column)", declaredBy: declaration)
        }
        #expect(ranks.ranks(of: "c0", declaredBy: declarations[0]) == nil, "the oldest made room")
        ranks.reorder(by: [2, 0, 1])
        #expect(ranks.ranks(of: "c1", declaredBy: declarations[1]) == [3, 1, 2])
        #expect(ranks.ranks(of: "c1", declaredBy: declarations[2]) == nil, "another declaration's ranks are not read")
        ranks.removeAll()
        #expect(ranks.ranks(of: "c2", declaredBy: declarations[2]) == nil)
    }
}

/// Counts calls from the comparisons' background work.
private final class Counter: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
