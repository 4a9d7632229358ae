/// The items of one section put in another order, none added, removed or changed: what a
/// re-sort does to a section.
///
/// A re-sort of a hundred thousand items moves nearly all of them. Written as moves, a host pays
/// for each one; as one reordering, a host that can (``ChangeSet/Segment/reordering(_:)``) puts
/// its rows in the new order at once, in O(items) of plain integers, or O(rows shown) when it
/// only shows some. The same change still reads as its moves (``moveCount``, ``move(at:)``):
/// the fewest single moves that give the new order, each read after the ones before, as the
/// ``Differ`` writes them.
///
/// ```swift
/// // Section 0 was [a, b, c]; it becomes [c, a, b].
/// let reordering = ItemReordering(section: 0, sources: [2, 0, 1])!
/// reordering.destinations           // [1, 2, 0]: a goes to 1, b to 2, c to 0
/// reordering.move(at: 0)            // (from: 2, to: 0), the one move
/// ```
public struct ItemReordering: Sendable, Equatable {
    /// The section whose items are reordered.
    public let section: Int
    /// For each item's place afterwards, its place before.
    public let sources: [Int]
    /// For each item's place before, its place afterwards.
    public let destinations: [Int]
    /// The moves, as (from, to) item indices of ``section``.
    private let moves: [Move]

    private struct Move: Equatable {
        let from: Int32
        let to: Int32
    }

    /// The reordering of `section` in which the item at place `i` afterwards is the one that
    /// was at `sources[i]`; nil when `sources` is not an ordering of `0..<sources.count` (a place
    /// missing, repeated or out of range).
    public init?(section: Int, sources: [Int]) {
        var destinations = [Int](repeating: -1, count: sources.count)
        for (place, source) in sources.enumerated() {
            guard source >= 0, source < sources.count, destinations[source] < 0 else { return nil }
            destinations[source] = place
        }
        let script = Differ().script(fromIdentities: Array(sources.indices), to: sources, inSection: section)
        self.init(section: section, sources: sources, destinations: destinations, script: script)
    }

    private init(section: Int, sources: [Int], destinations: [Int], script: EditScript) {
        self.section = section
        self.sources = sources
        self.destinations = destinations
        moves = script.compactMap { edit in
            guard case let .moveItem(from, to) = edit else { return nil }
            return Move(from: Int32(truncatingIfNeeded: from.item), to: Int32(truncatingIfNeeded: to.item))
        }
    }

    private init(section: Int, sources: [Int], destinations: [Int], moves: [Move]) {
        self.section = section
        self.sources = sources
        self.destinations = destinations
        self.moves = moves
    }

    /// The number of items reordered.
    public var count: Int { sources.count }

    /// The number of single moves that give the new order; 0 when nothing moves.
    public var moveCount: Int { moves.count }

    /// The move at `offset` of the ``moveCount`` that give the new order, as item indices of
    /// ``section``, `to` read after the removal at `from`.
    public func move(at offset: Int) -> (from: Int, to: Int) {
        (Int(moves[offset].from), Int(moves[offset].to))
    }

    /// The reordering still to do once the first `applied` moves are made: from the order they
    /// leave to the same final order, by the moves left. O(items × applied): for a reader that
    /// applied part of the moves one at a time.
    public func remainder(afterMoves applied: Int) -> ItemReordering {
        guard applied > 0 else { return self }
        // Where each item (by its place before) is once the moves are made.
        var order = Array(sources.indices)
        for move in moves.prefix(applied) {
            order.insert(order.remove(at: Int(move.from)), at: Int(move.to))
        }
        var placeNow = [Int](repeating: 0, count: order.count)
        for (place, item) in order.enumerated() { placeNow[item] = place }
        let remainingSources = sources.map { placeNow[$0] }
        var remainingDestinations = [Int](repeating: 0, count: order.count)
        for (place, source) in remainingSources.enumerated() { remainingDestinations[source] = place }
        return ItemReordering(
            section: section, sources: remainingSources, destinations: remainingDestinations, moves: Array(moves.dropFirst(applied)))
    }
}
