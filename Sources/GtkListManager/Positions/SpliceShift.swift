/// Where the positions of a list go through one batch of insertions (``SpliceBatching``): each
/// insertion's start as a position before any of them, and the rows inserted up to it, so that
/// a position moves by one binary search, however many insertions the batch holds.
///
/// Plain values, not isolated to the main actor: a host's closures over the batch would each
/// check the executor per call, once per splice of a keystroke that makes tens of thousands.
struct InsertionShift {
    /// The insertions that insert rows, top to bottom, each read with the earlier ones made.
    let insertions: [(position: Int, count: Int)]
    private var starts: [Int] = []
    private var insertedThrough: [Int] = []

    /// The shift of `insertions`, top to bottom (empty ones are left out).
    init(_ insertions: [(position: Int, count: Int)]) {
        // Loops, not closures: a keystroke's batch holds tens of thousands of splices.
        var kept: [(position: Int, count: Int)] = []
        kept.reserveCapacity(insertions.count)
        starts.reserveCapacity(insertions.count)
        insertedThrough.reserveCapacity(insertions.count)
        var inserted = 0
        for (position, count) in insertions where count > 0 {
            kept.append((position, count))
            starts.append(position - inserted)
            inserted += count
            insertedThrough.append(inserted)
        }
        self.insertions = kept
    }

    /// The number of rows inserted.
    var total: Int { insertedThrough.last ?? 0 }

    /// Where a row at `position` before the batch is after it: down by every insertion at or
    /// above it.
    func moved(_ position: Int) -> Int {
        let above = starts.partitioningIndex(where: { $0 > position })
        return above == 0 ? position : position + insertedThrough[above - 1]
    }
}

/// Where the positions of a list go through one batch of removals (``SpliceBatching``, bottom to
/// top): the removal holding a position, or how far it moves up, by one binary search.
///
/// Not isolated to the main actor, for the reason ``InsertionShift`` gives; it keeps the batch
/// as it comes, bottom to top, without a reversed copy.
struct RemovalShift {
    /// The removals that remove rows, bottom to top.
    let removals: [Range<Int>]
    /// For each removal, the rows removed by it and every removal below it.
    private var removedThrough: [Int] = []

    /// The shift of `removals`, bottom to top (empty ones are left out).
    init(bottomToTop removals: [Range<Int>]) {
        var hasEmptyRemovals = false
        removedThrough.reserveCapacity(removals.count)
        var removed = 0
        for removal in removals {
            hasEmptyRemovals = hasEmptyRemovals || removal.isEmpty
            removed += removal.count
            if !removal.isEmpty { removedThrough.append(removed) }
        }
        // Shared with the caller's array unless some are empty.
        if hasEmptyRemovals {
            var kept: [Range<Int>] = []
            for removal in removals where !removal.isEmpty { kept.append(removal) }
            self.removals = kept
        } else {
            self.removals = removals
        }
    }

    /// The number of rows removed.
    var total: Int { removedThrough.last ?? 0 }

    /// The index in ``removals`` of the removal holding `position`, if one does, and the index
    /// of the first removal above it (every removal from there on ends at or before it).
    func place(of position: Int) -> (removal: Int?, firstAbove: Int) {
        let firstAbove = removals.partitioningIndex(where: { $0.upperBound <= position })
        let holding = firstAbove > 0 && removals[firstAbove - 1].contains(position) ? firstAbove - 1 : nil
        return (holding, firstAbove)
    }

    /// Where a row at `position` before the batch is after it; nil when the batch removes it.
    func moved(_ position: Int) -> Int? {
        let (removal, firstAbove) = place(of: position)
        guard removal == nil else { return nil }
        return position - (total - (firstAbove == 0 ? 0 : removedThrough[firstAbove - 1]))
    }

    /// Where the boundary before `position` goes: `position`, less every row the batch removes
    /// above it (a boundary inside a removal goes to where the removal was).
    func movedBoundary(_ position: Int) -> Int {
        let (removal, firstAbove) = place(of: position)
        let removedAbove = total - (firstAbove == 0 ? 0 : removedThrough[firstAbove - 1])
        let removedHere = removal.map { position - removals[$0].lowerBound } ?? 0
        return position - removedAbove - removedHere
    }
}
