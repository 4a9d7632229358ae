/// The heights of a list's rows, measured or estimated, and the offsets they add up to: the
/// index a virtualized host lays its rows out with.
///
/// A row's height is measured once it had a widget; until then it counts as the ``estimate``,
/// the mean of the measured heights (a fixed default before any). Reading an offset or the row
/// at an offset, measuring a row and splicing rows into a block cost O(log N) plus one block of
/// rows (at most ``blockCapacity``), never O(N).
///
/// Heights are kept in blocks of up to ``blockCapacity`` rows, and Fenwick trees over the blocks
/// sum their rows, measured heights and measured rows, so a block's change updates O(log blocks)
/// entries and a look-up descends the trees. A change of the blocks themselves (a block split
/// in two, blocks removed) rebuilds the trees, O(blocks), on the next look-up: at a million rows
/// about 2,000 blocks. A block stores its rows' heights (4 bytes each) only once one of them is
/// measured, so the index grows with the rows shown, not with the list.
package struct RowHeightIndex: Sendable {
    /// The most rows one block holds; a block that grows past it splits in two.
    package static let blockCapacity = 512

    struct Block: Sendable {
        var count = 0
        /// Measured heights, or `unmeasured`; empty while no row of the block is measured.
        var heights: [Int32] = []
        var measuredSum = 0
        var measuredCount = 0

        func height(at index: Int) -> Int32 {
            heights.isEmpty ? RowHeightIndex.unmeasured : heights[index]
        }

        /// Stores a height for every row, before one is measured.
        mutating func storeHeights() {
            if heights.isEmpty { heights = Array(repeating: RowHeightIndex.unmeasured, count: count) }
        }
    }

    static let unmeasured: Int32 = -1

    var blocks: [Block] = [Block()]
    // `Block`, `blocks`, the totals and the splicing steps are internal, not private, for the
    // batches of splices (RowHeightIndex+Batches.swift).

    /// Fenwick trees (1-based) over the blocks: their rows, measured heights and measured rows.
    /// Valid while `treesAreCurrent`.
    private var rowTree: [Int] = [0, 0]
    private var sumTree: [Int] = [0, 0]
    private var countTree: [Int] = [0, 0]
    var treesAreCurrent = true
    /// Whether a removal left a block with no rows, to drop once the removals are done.
    private var hasEmptiedBlocks = false
    var totalRows = 0
    private var totalMeasuredSum = 0
    private var totalMeasuredCount = 0
    /// How many measured rows have each height. With one height or none, every row counts as
    /// that height (it is the estimate too), so a move changes no offset.
    private var measuredHeights: [Int32: Int] = [:]

    /// The height a row counts as before it is measured, while nothing is.
    package var defaultEstimate: Int

    /// An empty index.
    package init(defaultEstimate: Int = 24) {
        self.defaultEstimate = max(defaultEstimate, 1)
    }

    // MARK: - Reading

    /// The number of rows.
    package var count: Int { totalRows }

    /// The height an unmeasured row counts as: the mean of the measured heights (rounded), or
    /// ``defaultEstimate`` before any was measured.
    package var estimate: Int {
        guard totalMeasuredCount > 0 else { return defaultEstimate }
        return max(1, (totalMeasuredSum + totalMeasuredCount / 2) / totalMeasuredCount)
    }

    /// The sum of all heights, measured and estimated.
    package var totalHeight: Int {
        totalMeasuredSum + (totalRows - totalMeasuredCount) * estimate
    }

    /// The rows whose heights the index stores: those of the blocks where a row is measured.
    package var storedHeightCount: Int {
        blocks.reduce(0) { $0 + $1.heights.count }
    }

    /// Whether the row at `position` was measured.
    package mutating func isMeasured(_ position: Int) -> Bool {
        let (block, index) = locate(position)
        return blocks[block].height(at: index) != Self.unmeasured
    }

    /// The height of the row at `position`: measured, or the estimate.
    package mutating func height(of position: Int) -> Int {
        let (block, index) = locate(position)
        let height = blocks[block].height(at: index)
        return height == Self.unmeasured ? estimate : Int(height)
    }

    /// The offset of the top of the row at `position` (`count` gives the total height).
    package mutating func offset(of position: Int) -> Int {
        if position >= totalRows { return totalHeight }
        let estimate = estimate
        let before = blocksBefore(row: position)
        var offset = before.measuredSum + (before.rows - before.measuredCount) * estimate
        let index = position - before.rows
        guard !blocks[before.blocks].heights.isEmpty else { return offset + index * estimate }
        for height in blocks[before.blocks].heights[..<index] {
            offset += height == Self.unmeasured ? estimate : Int(height)
        }
        return offset
    }

    /// The row whose span covers `offset` (clamped to the first and last row); nil when empty.
    package mutating func position(atOffset offset: Int) -> Int? {
        guard totalRows > 0 else { return nil }
        guard offset > 0 else { return 0 }
        let estimate = estimate
        // The blocks that end at or before the offset; the next one holds it.
        let before = descend { rows, measuredSum, measuredCount in
            measuredSum + (rows - measuredCount) * estimate <= offset
        }
        guard before.blocks < blocks.count else { return totalRows - 1 }
        var top = before.measuredSum + (before.rows - before.measuredCount) * estimate
        let block = blocks[before.blocks]
        if block.heights.isEmpty { return before.rows + min((offset - top) / estimate, block.count - 1) }
        for (index, height) in block.heights.enumerated() {
            top += height == Self.unmeasured ? estimate : Int(height)
            if top > offset { return before.rows + index }
        }
        return before.rows + blocks[before.blocks].count - 1
    }

    // MARK: - Changing

    /// Inserts `count` unmeasured rows at `position` (`0...count`).
    package mutating func insert(count inserted: Int, at position: Int) {
        guard let block = insertWithoutSplitting(count: inserted, at: position), blocks[block].count > Self.blockCapacity
        else { return }
        blocks.replaceSubrange(block...block, with: Self.pieces(of: blocks[block]))
        treesAreCurrent = false
    }

    /// Inserts into one block, which may outgrow its capacity; returns that block.
    mutating func insertWithoutSplitting(count inserted: Int, at position: Int) -> Int? {
        guard inserted > 0 else { return nil }
        precondition(position >= 0 && position <= totalRows, "RowHeightIndex: cannot insert at \(position) of \(totalRows)")
        let (block, index) =
            position == totalRows
            ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(position)
        if !blocks[block].heights.isEmpty {
            blocks[block].heights.insert(contentsOf: repeatElement(Self.unmeasured, count: inserted), at: index)
        }
        blocks[block].count += inserted
        add(rows: inserted, measuredSum: 0, measuredCount: 0, toBlock: block)
        return block
    }

    /// Removes the rows at `positions`.
    package mutating func remove(_ positions: Range<Int>) {
        guard !positions.isEmpty else { return }
        if positions.lowerBound == 0, positions.upperBound == totalRows { return removeAll() }
        empty(positions)
        dropEmptiedBlocks()
    }

    /// Removes the rows at `positions` from their blocks, leaving the blocks they empty in
    /// place: the trees stay current, and an empty block holds no position.
    mutating func empty(_ positions: Range<Int>) {
        precondition(positions.upperBound <= totalRows, "RowHeightIndex: cannot remove \(positions) of \(totalRows)")
        var (block, start) = locate(positions.lowerBound)
        var left = positions.count
        while left > 0 {
            let end = min(blocks[block].count, start + left)
            if end > start { trim(block: block, start..<end) }
            left -= end - start
            block += 1
            start = 0
        }
    }

    /// Drops the blocks removals emptied; the trees are summed anew on the next look-up.
    mutating func dropEmptiedBlocks() {
        guard hasEmptiedBlocks else { return }
        hasEmptiedBlocks = false
        blocks.removeAll { $0.count == 0 }
        if blocks.isEmpty { blocks = [Block()] }
        treesAreCurrent = false
    }

    /// Removes `range` of one block's rows, keeping its sums.
    mutating func trim(block: Int, _ range: Range<Int>) {
        var measuredSum = 0, measuredCount = 0
        if !blocks[block].heights.isEmpty {
            for height in blocks[block].heights[range] where height != Self.unmeasured {
                measuredSum += Int(height)
                measuredCount += 1
                countMeasured(height, -1)
            }
            blocks[block].heights.removeSubrange(range)
        }
        blocks[block].count -= range.count
        if blocks[block].count == 0 { hasEmptiedBlocks = true }
        if blocks[block].measuredCount == measuredCount { blocks[block].heights = [] }
        add(rows: -range.count, measuredSum: -measuredSum, measuredCount: -measuredCount, toBlock: block)
    }

    /// Moves the row at `source` to `destination` (read after the removal), with its height.
    /// While every measured row has the same height, every row counts as it and a move changes
    /// nothing (which positions count as measured stays: a row bound there is measured anew).
    package mutating func move(from source: Int, to destination: Int) {
        guard source != destination, measuredHeights.count > 1 else { return }
        let measured = isMeasured(source) ? height(of: source) : nil
        remove(source..<source + 1)
        insert(count: 1, at: destination)
        if let measured { setHeight(measured, of: destination) }
    }

    /// Reorders the rows from `first` on, with their heights: the row at `first + i` goes to
    /// `first + destinations[i]`. While every measured row has the same height nothing changes
    /// (as for ``move(from:to:)``); otherwise O(rows reordered / ``blockCapacity`` + measured
    /// rows among them × log N).
    package mutating func reorder(startingAt first: Int, destinations: [Int]) {
        guard measuredHeights.count > 1, !destinations.isEmpty else { return }
        let end = first + destinations.count
        var measured: [(row: Int, height: Int32)] = []
        let start = locate(first)
        var (block, index, position) = (start.block, start.index, first)
        while position < end {
            let blockEnd = min(position + blocks[block].count - index, end)
            let heights = blocks[block].heights  // empty while none of the block's rows is measured
            for offset in 0..<(heights.isEmpty ? 0 : blockEnd - position) where heights[index + offset] != Self.unmeasured {
                measured.append((position + offset - first, heights[index + offset]))
            }
            (block, index, position) = (block + 1, 0, blockEnd)
        }
        remove(first..<end)
        insert(count: destinations.count, at: first)
        for (row, height) in measured { setHeight(Int(height), of: first + destinations[row]) }
    }

    /// Records the measured height of the row at `position` (negative counts as 0).
    package mutating func setHeight(_ height: Int, of position: Int) {
        let (block, index) = locate(position)
        let old = blocks[block].height(at: index)
        let new = Int32(clamping: max(height, 0))
        guard old != new else { return }
        blocks[block].storeHeights()
        blocks[block].heights[index] = new
        if old != Self.unmeasured { countMeasured(old, -1) }
        countMeasured(new, 1)
        if old == Self.unmeasured {
            add(rows: 0, measuredSum: Int(new), measuredCount: 1, toBlock: block)
        } else {
            add(rows: 0, measuredSum: Int(new) - Int(old), measuredCount: 0, toBlock: block)
        }
    }

    /// Forgets the measured height of the row at `position` (its content changed).
    package mutating func forgetHeight(of position: Int) {
        let (block, index) = locate(position)
        let old = blocks[block].height(at: index)
        guard old != Self.unmeasured else { return }
        blocks[block].heights[index] = Self.unmeasured
        countMeasured(old, -1)
        if blocks[block].measuredCount == 1 { blocks[block].heights = [] }
        add(rows: 0, measuredSum: -Int(old), measuredCount: -1, toBlock: block)
    }

    /// Removes every row.
    package mutating func removeAll() {
        blocks = [Block()]
        hasEmptiedBlocks = false
        measuredHeights = [:]
        totalRows = 0
        totalMeasuredSum = 0
        totalMeasuredCount = 0
        treesAreCurrent = false
    }

    private mutating func countMeasured(_ height: Int32, _ change: Int) {
        let count = measuredHeights[height, default: 0] + change
        measuredHeights[height] = count == 0 ? nil : count
    }

    // MARK: - Blocks

    /// The block and index of the row at `position` (`0..<count`).
    private mutating func locate(_ position: Int) -> (block: Int, index: Int) {
        let before = blocksBefore(row: position)
        return (before.blocks, position - before.rows)
    }

    /// The blocks before the one holding the row at `position` (`0..<count`), and their sums.
    private mutating func blocksBefore(row position: Int) -> Sums {
        precondition(position >= 0 && position < totalRows, "RowHeightIndex: no row \(position) of \(totalRows)")
        return descend { rows, _, _ in rows <= position }
    }

    /// Sums over the first `blocks` blocks.
    private struct Sums {
        var blocks = 0, rows = 0, measuredSum = 0, measuredCount = 0
    }

    /// The most leading blocks whose sums satisfy `holds`, which must stay true up to some
    /// block and false after it (as any test of growing sums does): a descent of the trees.
    private mutating func descend(while holds: (_ rows: Int, _ measuredSum: Int, _ measuredCount: Int) -> Bool) -> Sums {
        rebuildTreesIfNeeded()
        var sums = Sums()
        var step = 1
        while step * 2 <= blocks.count { step *= 2 }
        while step > 0 {
            let next = sums.blocks + step
            if next <= blocks.count {
                let rows = sums.rows + rowTree[next], measuredSum = sums.measuredSum + sumTree[next]
                let measuredCount = sums.measuredCount + countTree[next]
                if holds(rows, measuredSum, measuredCount) {
                    sums = Sums(blocks: next, rows: rows, measuredSum: measuredSum, measuredCount: measuredCount)
                }
            }
            step /= 2
        }
        return sums
    }

    /// Adds to one block's sums, in the totals and in the trees.
    private mutating func add(rows: Int, measuredSum: Int, measuredCount: Int, toBlock block: Int) {
        blocks[block].measuredSum += measuredSum
        blocks[block].measuredCount += measuredCount
        totalRows += rows
        totalMeasuredSum += measuredSum
        totalMeasuredCount += measuredCount
        guard treesAreCurrent else { return }
        var node = block + 1
        while node <= blocks.count {
            rowTree[node] += rows
            sumTree[node] += measuredSum
            countTree[node] += measuredCount
            node += node & -node
        }
    }

    /// Builds the trees anew from the blocks, O(blocks), after the blocks themselves changed.
    private mutating func rebuildTreesIfNeeded() {
        guard !treesAreCurrent else { return }
        let size = blocks.count + 1
        rowTree = [Int](repeating: 0, count: size)
        sumTree = [Int](repeating: 0, count: size)
        countTree = [Int](repeating: 0, count: size)
        for (index, block) in blocks.enumerated() {
            rowTree[index + 1] = block.count
            sumTree[index + 1] = block.measuredSum
            countTree[index + 1] = block.measuredCount
        }
        for node in 1..<size {
            let parent = node + (node & -node)
            guard parent < size else { continue }
            rowTree[parent] += rowTree[node]
            sumTree[parent] += sumTree[node]
            countTree[parent] += countTree[node]
        }
        treesAreCurrent = true
    }

    /// Cuts every block over ``blockCapacity`` rows into blocks of half of it, in one pass.
    mutating func splitOversizedBlocks() {
        guard blocks.contains(where: { $0.count > Self.blockCapacity }) else { return }
        var split: [Block] = []
        split.reserveCapacity(blocks.count + 1)
        for block in blocks {
            if block.count > Self.blockCapacity {
                split.append(contentsOf: Self.pieces(of: block))
            } else {
                split.append(block)
            }
        }
        blocks = split
        treesAreCurrent = false
    }

    private static func pieces(of block: Block) -> [Block] {
        var pieces: [Block] = []
        let heights = block.heights, count = block.count
        var start = 0
        while start < count {
            let end = min(start + Self.blockCapacity / 2, count)
            var piece = Block(count: end - start)
            for height in heights.isEmpty ? [] : heights[start..<end] where height != Self.unmeasured {
                piece.measuredSum += Int(height)
                piece.measuredCount += 1
            }
            if piece.measuredCount > 0 { piece.heights = Array(heights[start..<end]) }
            pieces.append(piece)
            start = end
        }
        return pieces
    }
}
