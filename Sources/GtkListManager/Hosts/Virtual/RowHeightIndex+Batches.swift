/// Batches of splices (``SpliceBatching``): a filter's keystroke removes or inserts tens of
/// thousands of runs at once.
extension RowHeightIndex {
    /// Inserts rows for each insertion in turn (positions ascending, each read with the
    /// earlier ones made), splitting the blocks that outgrew their capacity once at the end:
    /// a split shifts the blocks after it, which re-sums the trees.
    package mutating func insert(_ insertions: [(position: Int, count: Int)]) {
        if isWalkedAtOnce(insertions.count) {
            walkDown(inserting: insertions)
        } else {
            for insertion in insertions { _ = insertWithoutSplitting(count: insertion.count, at: insertion.position) }
        }
        splitOversizedBlocks()
    }

    /// Whether a batch of `count` splices costs less as one walk along the blocks, the trees
    /// summed once after it, O(blocks + count), than as a descent of the trees each,
    /// O(count × log blocks): a filter's keystroke, tens of thousands of splices.
    private func isWalkedAtOnce(_ count: Int) -> Bool {
        count * 8 >= blocks.count
    }

    /// Inserts each insertion in turn (positions ascending) walking down the blocks once.
    private mutating func walkDown(inserting insertions: [(position: Int, count: Int)]) {
        treesAreCurrent = false
        var block = 0, blockStart = 0
        for (position, inserted) in insertions where inserted > 0 {
            precondition(position >= 0 && position <= totalRows, "RowHeightIndex: cannot insert at \(position) of \(totalRows)")
            // The block holding the row now at `position` (the last block for the end).
            while block < blocks.count - 1, position >= blockStart + blocks[block].count {
                blockStart += blocks[block].count
                block += 1
            }
            if !blocks[block].heights.isEmpty {
                blocks[block].heights.insert(contentsOf: repeatElement(Self.unmeasured, count: inserted), at: position - blockStart)
            }
            blocks[block].count += inserted
            totalRows += inserted
        }
    }

    /// Removes the rows of each removal in turn (bottom to top, as ``SpliceBatching`` hands
    /// them): the blocks they empty go in one pass at the end, so the trees are summed once
    /// for the whole batch, not once per removal that empties a block.
    package mutating func remove(_ removals: [Range<Int>]) {
        if isWalkedAtOnce(removals.count) {
            walkUp(removing: removals)
        } else {
            for positions in removals where !positions.isEmpty { empty(positions) }
        }
        dropEmptiedBlocks()
    }

    /// Removes each removal in turn (bottom to top) walking up the blocks once, leaving the
    /// blocks they empty in place.
    private mutating func walkUp(removing removals: [Range<Int>]) {
        treesAreCurrent = false
        var block = blocks.count - 1
        var blockStart = totalRows - blocks[block].count
        for positions in removals where !positions.isEmpty {
            precondition(
                positions.lowerBound >= 0 && positions.upperBound <= blockStart + blocks[block].count,
                "RowHeightIndex: cannot remove \(positions) of \(totalRows) (removals go bottom to top)")
            var end = positions.upperBound
            while end > positions.lowerBound {
                // Up to the block holding the row at `end - 1`.
                while blockStart >= end {
                    block -= 1
                    blockStart -= blocks[block].count
                }
                let start = max(positions.lowerBound, blockStart)
                trim(block: block, start - blockStart..<end - blockStart)
                end = start
            }
        }
    }

}
