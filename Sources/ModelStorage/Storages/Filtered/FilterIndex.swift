/// Which items of one section pass a filter, in order, and the two questions a filtered view
/// asks of it: where a passing item shows (``rank(of:)``) and which item shows at a place
/// (``item(ofPassing:)``).
///
/// The flags live in chunks of at most ``chunkCapacity``, packed in words (``PassFlags``), with
/// prefix sums of the items and of the passing items per chunk: a question costs O(log chunks)
/// and a popcount per word of one chunk; an insertion or a removal inside one chunk costs
/// O(chunk). A change that adds or drops chunks rebuilds the sums, O(chunks) — a thousandth of
/// the items.
struct FilterIndex: Sendable, Equatable {
    /// The most flags a chunk holds before it splits in two.
    static let chunkCapacity = 1024

    private var chunks: [PassFlags] = []
    private var itemSums = PrefixSums()
    private var passSums = PrefixSums()

    /// An index of no items.
    init() {}

    /// An index of `passes`, in order, in half-full chunks (room for insertions).
    init(_ passes: some Collection<Bool>) {
        var flags: [Bool] = []
        flags.reserveCapacity(Self.chunkCapacity / 2)
        for pass in passes {
            flags.append(pass)
            if flags.count == Self.chunkCapacity / 2 {
                chunks.append(PassFlags(flags))
                flags.removeAll(keepingCapacity: true)
            }
        }
        if !flags.isEmpty { chunks.append(PassFlags(flags)) }
        rebuildSums()
    }

    /// The number of items.
    var count: Int { itemSums.total }

    /// The number of items that pass.
    var passCount: Int { passSums.total }

    /// Whether the item at `item` passes.
    func passes(at item: Int) -> Bool {
        let (chunk, offset) = locate(item)
        return chunks[chunk][offset]
    }

    /// The number of passing items before `item`, in `0...count`: where `item` shows, if it
    /// passes, or where it would.
    func rank(of item: Int) -> Int {
        precondition(item >= 0 && item <= count, "FilterIndex: item \(item) out of 0...\(count)")
        guard item < count else { return passCount }
        let (chunk, offset) = locate(item)
        return passSums.sum(before: chunk) + chunks[chunk].rank(offset)
    }

    /// The item that shows at place `place` of the passing ones.
    func item(ofPassing place: Int) -> Int {
        guard let (chunk, passingBefore) = passSums.slot(holding: place) else {
            preconditionFailure("FilterIndex: place \(place) out of 0..<\(passCount)")
        }
        return itemSums.sum(before: chunk) + chunks[chunk].select(place - passingBefore)
    }

    /// Every flag, in order.
    var allPasses: [Bool] { Array(chunks.lazy.map(\.bools).joined()) }

    /// Inserts `passes` before `item` (`count` appends).
    mutating func insert(_ passes: some Collection<Bool>, at item: Int) {
        precondition(item >= 0 && item <= count, "FilterIndex: insertion at \(item) out of 0...\(count)")
        guard !passes.isEmpty else { return }
        guard !chunks.isEmpty else {
            self = FilterIndex(passes)
            return
        }
        let (chunk, offset) = item == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(item)
        if chunks[chunk].count + passes.count <= Self.chunkCapacity {
            let passing = passes.count(where: { $0 })
            chunks[chunk].insert(contentsOf: passes, at: offset)
            itemSums.add(passes.count, at: chunk)
            passSums.add(passing, at: chunk)
            return
        }
        // Too many for the chunk: it splits where they go, and they come in chunks of their own.
        let split = chunks[chunk]
        let pieces = [split.slice(0..<offset)] + FilterIndex(passes).chunks + [split.slice(offset..<split.count)]
        chunks.replaceSubrange(chunk...chunk, with: pieces.filter { $0.count > 0 })
        rebuildSums()
    }

    /// Inserts one flag before `item`.
    mutating func insert(_ pass: Bool, at item: Int) {
        insert(CollectionOfOne(pass), at: item)
    }

    /// Removes the items of `items`; returns how many of them passed.
    @discardableResult
    mutating func remove(_ items: Range<Int>) -> Int {
        precondition(items.lowerBound >= 0 && items.upperBound <= count, "FilterIndex: removal \(items) out of 0..<\(count)")
        guard !items.isEmpty else { return 0 }
        let (first, offset) = locate(items.lowerBound)
        if offset + items.count < chunks[first].count {
            let removed = chunks[first].remove(offset..<offset + items.count)
            itemSums.add(-items.count, at: first)
            passSums.add(-removed, at: first)
            return removed
        }
        // The removal reaches the end of a chunk: trim chunk by chunk, drop the emptied ones.
        var removed = 0
        var left = items.count
        var chunk = first
        var start = offset
        while left > 0 {
            let end = min(chunks[chunk].count, start + left)
            removed += chunks[chunk].remove(start..<end)
            left -= end - start
            chunk += 1
            start = 0
        }
        chunks.removeAll(where: { $0.count == 0 })
        rebuildSums()
        return removed
    }

    /// Removes the item at `item`; returns whether it passed.
    @discardableResult
    mutating func remove(at item: Int) -> Bool {
        remove(item..<item + 1) == 1
    }

    /// Sets whether the item at `item` passes; returns whether it passed before.
    @discardableResult
    mutating func set(_ pass: Bool, at item: Int) -> Bool {
        let (chunk, offset) = locate(item)
        let old = chunks[chunk].set(pass, at: offset)
        if old != pass { passSums.add(pass ? 1 : -1, at: chunk) }
        return old
    }

    /// The chunk holding `item` (in `0..<count`) and its offset there.
    private func locate(_ item: Int) -> (chunk: Int, offset: Int) {
        guard let (chunk, before) = itemSums.slot(holding: item) else {
            preconditionFailure("FilterIndex: item \(item) out of 0..<\(count)")
        }
        return (chunk, item - before)
    }

    /// Rebuilds the sums after chunks were added or dropped, first joining neighbours that fit
    /// in half a chunk together, so small leftovers of removals never pile up.
    private mutating func rebuildSums() {
        var joined: [PassFlags] = []
        joined.reserveCapacity(chunks.count)
        for chunk in chunks {
            if let last = joined.last, last.count + chunk.count <= Self.chunkCapacity / 2 {
                joined[joined.count - 1].append(chunk)
            } else {
                joined.append(chunk)
            }
        }
        chunks = joined
        itemSums = PrefixSums(chunks.lazy.map(\.count))
        passSums = PrefixSums(chunks.lazy.map(\.passing))
    }

    static func == (lhs: FilterIndex, rhs: FilterIndex) -> Bool {
        lhs.allPasses == rhs.allPasses
    }
}
