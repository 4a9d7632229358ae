import ModelStorage
import SeededRandom
import Testing

/// A section's items put in a new order as one change: it reads as the fewest moves, it tells
/// where each item goes in O(1), and part of it applied leaves a reordering that finishes it.
@Suite("ItemReordering: a re-sort as one change that still reads as its moves")
struct ItemReorderingTests {
    /// A random order of `count` places.
    static func shuffledPlaces(_ count: Int, _ random: inout SplitMix64) -> [Int] {
        Array(0..<count).shuffled(using: &random)
    }

    /// `items` after the reordering's moves, one at a time.
    static func replayingMoves(of reordering: ItemReordering, on items: [Int], from first: Int = 0) -> [Int] {
        var items = items
        for offset in first..<reordering.moveCount {
            let move = reordering.move(at: offset)
            items.insert(items.remove(at: move.from), at: move.to)
        }
        return items
    }

    @Test("Its moves are the fewest, and replayed they give the new order", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func movesAreMinimal(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int(random.next() % 300) + 1
        let sources = Self.shuffledPlaces(count, &random)
        let reordering = try #require(ItemReordering(section: 2, sources: sources))

        #expect(Self.replayingMoves(of: reordering, on: Array(0..<count)) == sources)
        #expect(reordering.moveCount == count - longestIncreasingSubsequenceLength(sources))
        #expect(reordering.destinations.indices.allSatisfy { sources[reordering.destinations[$0]] == $0 })
        #expect(reordering.count == count && reordering.section == 2)
    }

    @Test("Nothing moves for the order it had")
    func identityHasNoMoves() throws {
        let reordering = try #require(ItemReordering(section: 0, sources: [0, 1, 2, 3]))
        #expect(reordering.moveCount == 0)
        var changes = ChangeSet()
        changes.appendReordering(reordering)
        #expect(changes.isEmpty, "a change set holds no reordering that moves nothing")
    }

    @Test(
        "Sources that are not an ordering of every place make no reordering",
        arguments: [[0, 0, 1], [1, 2, 3], [0, -1, 1], [2, 1]] as [[Int]])
    func invalidSourcesAreRefused(sources: [Int]) {
        #expect(ItemReordering(section: 0, sources: sources) == nil)
    }

    @Test("After some of its moves, the remainder leads from there to the same order", arguments: [7, 8, 9, 10] as [UInt64])
    func remainderFinishesTheOrder(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int(random.next() % 60) + 2
        let reordering = try #require(ItemReordering(section: 0, sources: Self.shuffledPlaces(count, &random)))
        let applied = Int(random.next() % UInt64(reordering.moveCount + 1))
        var midway = Array(0..<count)
        for offset in 0..<applied {
            let move = reordering.move(at: offset)
            midway.insert(midway.remove(at: move.from), at: move.to)
        }
        let remainder = reordering.remainder(afterMoves: applied)

        #expect(remainder.moveCount == reordering.moveCount - applied)
        #expect(remainder.sources.map { midway[$0] } == reordering.sources, "its sources read in the order the moves left")
        #expect(Self.replayingMoves(of: remainder, on: midway) == reordering.sources)
        #expect(midway.indices.allSatisfy { reordering.sources[remainder.destinations[$0]] == midway[$0] })
    }

    @Test("In a change set it is one segment that reads as its moves and carries items in O(1)")
    func segmentReadsAsMoves() throws {
        let reordering = try #require(ItemReordering(section: 1, sources: [3, 0, 1, 2, 5, 4]))
        var changes: ChangeSet = [.insertItem(at: ip(0, 0), model: "x")]
        changes.appendReordering(reordering)

        #expect(changes.segments.count == 2)
        #expect(changes.count == 1 + reordering.moveCount)
        let moves = (0..<reordering.moveCount).map { reordering.move(at: $0) }
        #expect(Array(changes.dropFirst()) == moves.map { StorageChange.moveItem(from: ip($0.from, 1), to: ip($0.to, 1)) })
        #expect(changes.expandingReorderings() == changes)
        #expect(changes.expandingReorderings().segments.count == changes.count, "expanded: one entry per move")
        let segment = changes.segments[1]
        #expect(segment.destination(ofItemAt: ip(3, 1)) == ip(0, 1))
        #expect(segment.destination(ofItemAt: ip(0, 1)) == ip(1, 1))
        #expect(segment.destination(ofItemAt: ip(3, 0)) == ip(3, 0), "other sections stay")
        // An item followed entry by entry lands where the segment says at once.
        for item in 0..<reordering.count {
            var path = ip(item, 1)
            for move in segment.entries { path = try #require(move.destination(ofItemAt: path)) }
            #expect(path == segment.destination(ofItemAt: ip(item, 1)))
        }
    }
}
