/// The heights of a list's rows, measured or estimated, and the offsets they add up to: the
/// index a virtualized host lays its rows out with.
///
/// A row's height is measured once it had a widget; until then it counts as the ``estimate``,
/// the mean of the measured heights (a fixed default before any). Every operation costs O(log N)
/// plus the size of one block of rows (at most ``blockCapacity``), never O(N): splices of any
/// size, a height change, the offset of a row, the row at an offset.
///
/// Heights are kept in blocks of up to ``blockCapacity`` rows with their sums; the running sums
/// over blocks are rebuilt, O(blocks), on the first look-up after a change. At a million rows
/// that is about 2,000 blocks and 4 bytes per row.
public struct RowHeightIndex: Sendable {
    /// The most rows one block holds; a block that grows past it splits in two.
    public static let blockCapacity = 512

    private struct Block: Sendable {
        /// Measured heights, or `unmeasured`.
        var heights: [Int32] = []
        var measuredSum = 0
        var measuredCount = 0

        var count: Int { heights.count }
    }

    private static let unmeasured: Int32 = -1

    private var blocks: [Block] = [Block()]
    /// Running sums over whole blocks, valid while `sumsAreCurrent`: rows before block `b`, and
    /// their measured heights and count. One more entry holds the totals.
    private var rowsBefore: [Int] = [0, 0]
    private var measuredSumBefore: [Int] = [0, 0]
    private var measuredCountBefore: [Int] = [0, 0]
    private var sumsAreCurrent = true

    /// The height a row counts as before it is measured, while nothing is.
    public var defaultEstimate: Int

    /// An empty index.
    public init(defaultEstimate: Int = 24) {
        self.defaultEstimate = max(defaultEstimate, 1)
    }

    // MARK: - Reading

    /// The number of rows.
    public var count: Int {
        mutating get {
            refreshSums()
            return rowsBefore[blocks.count]
        }
    }

    /// The height an unmeasured row counts as: the mean of the measured heights (rounded), or
    /// ``defaultEstimate`` before any was measured.
    public var estimate: Int {
        mutating get {
            refreshSums()
            let count = measuredCountBefore[blocks.count]
            guard count > 0 else { return defaultEstimate }
            return max(1, (measuredSumBefore[blocks.count] + count / 2) / count)
        }
    }

    /// The sum of all heights, measured and estimated.
    public var totalHeight: Int {
        mutating get {
            refreshSums()
            let rows = rowsBefore[blocks.count], measured = measuredCountBefore[blocks.count]
            return measuredSumBefore[blocks.count] + (rows - measured) * estimate
        }
    }

    /// Whether the row at `position` was measured.
    public mutating func isMeasured(_ position: Int) -> Bool {
        let (block, index) = locate(position)
        return blocks[block].heights[index] != Self.unmeasured
    }

    /// The height of the row at `position`: measured, or the estimate.
    public mutating func height(of position: Int) -> Int {
        let (block, index) = locate(position)
        let height = blocks[block].heights[index]
        return height == Self.unmeasured ? estimate : Int(height)
    }

    /// The offset of the top of the row at `position` (`count` gives the total height).
    public mutating func offset(of position: Int) -> Int {
        refreshSums()
        if position >= rowsBefore[blocks.count] { return totalHeight }
        let (block, index) = locate(position)
        let estimate = estimate
        var offset = measuredSumBefore[block] + (rowsBefore[block] - measuredCountBefore[block]) * estimate
        for height in blocks[block].heights[..<index] {
            offset += height == Self.unmeasured ? estimate : Int(height)
        }
        return offset
    }

    /// The row whose span covers `offset` (clamped to the first and last row); nil when empty.
    public mutating func position(atOffset offset: Int) -> Int? {
        refreshSums()
        let total = rowsBefore[blocks.count]
        guard total > 0 else { return nil }
        let estimate = estimate
        func blockStart(_ block: Int) -> Int {
            measuredSumBefore[block] + (rowsBefore[block] - measuredCountBefore[block]) * estimate
        }
        guard offset > 0 else { return 0 }
        // The last block that starts at or before the offset and holds rows.
        var low = 0, high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if blockStart(middle) <= offset, blocks[middle].count > 0 { low = middle } else { high = middle - 1 }
        }
        while low > 0, blocks[low].count == 0 { low -= 1 }
        var top = blockStart(low)
        for (index, height) in blocks[low].heights.enumerated() {
            top += height == Self.unmeasured ? estimate : Int(height)
            if top > offset { return rowsBefore[low] + index }
        }
        return total - 1
    }

    // MARK: - Changing

    /// Inserts `count` unmeasured rows at `position` (`0...count`).
    public mutating func insert(count inserted: Int, at position: Int) {
        guard inserted > 0 else { return }
        let (block, index) = locate(insertingAt: position)
        blocks[block].heights.insert(contentsOf: repeatElement(Self.unmeasured, count: inserted), at: index)
        splitIfNeeded(block)
        sumsAreCurrent = false
    }

    /// Removes the rows at `positions`.
    public mutating func remove(_ positions: Range<Int>) {
        guard !positions.isEmpty else { return }
        if positions.lowerBound == 0, positions.upperBound == count { return removeAll() }
        let (first, firstIndex) = locate(positions.lowerBound)
        let (last, lastIndex) = locate(positions.upperBound - 1)
        if first == last {
            trim(block: first, firstIndex..<lastIndex + 1)
        } else {
            // The tail of the first block, the head of the last, every block between.
            trim(block: last, 0..<lastIndex + 1)
            trim(block: first, firstIndex..<blocks[first].count)
            blocks.removeSubrange(first + 1..<last)
        }
        blocks.removeAll { $0.count == 0 }
        if blocks.isEmpty { blocks = [Block()] }
        sumsAreCurrent = false
    }

    /// Removes `range` of one block's rows, keeping its sums.
    private mutating func trim(block: Int, _ range: Range<Int>) {
        for height in blocks[block].heights[range] where height != Self.unmeasured {
            blocks[block].measuredSum -= Int(height)
            blocks[block].measuredCount -= 1
        }
        blocks[block].heights.removeSubrange(range)
    }

    /// Moves the row at `source` to `destination` (read after the removal), with its height.
    public mutating func move(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let measured = isMeasured(source) ? height(of: source) : nil
        remove(source..<source + 1)
        insert(count: 1, at: destination)
        if let measured { setHeight(measured, of: destination) }
    }

    /// Records the measured height of the row at `position` (negative counts as 0).
    public mutating func setHeight(_ height: Int, of position: Int) {
        let (block, index) = locate(position)
        let old = blocks[block].heights[index]
        let new = Int32(clamping: max(height, 0))
        guard old != new else { return }
        if old != Self.unmeasured {
            blocks[block].measuredSum -= Int(old)
        } else {
            blocks[block].measuredCount += 1
        }
        blocks[block].measuredSum += Int(new)
        blocks[block].heights[index] = new
        sumsAreCurrent = false
    }

    /// Forgets the measured height of the row at `position` (its content changed).
    public mutating func forgetHeight(of position: Int) {
        let (block, index) = locate(position)
        let old = blocks[block].heights[index]
        guard old != Self.unmeasured else { return }
        blocks[block].measuredSum -= Int(old)
        blocks[block].measuredCount -= 1
        blocks[block].heights[index] = Self.unmeasured
        sumsAreCurrent = false
    }

    /// Removes every row.
    public mutating func removeAll() {
        blocks = [Block()]
        sumsAreCurrent = false
    }

    // MARK: - Blocks

    /// The block and index of the row at `position` (`0..<count`).
    private mutating func locate(_ position: Int) -> (block: Int, index: Int) {
        refreshSums()
        precondition(position >= 0 && position < rowsBefore[blocks.count], "RowHeightIndex: no row \(position)")
        var low = 0, high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rowsBefore[middle] <= position { low = middle } else { high = middle - 1 }
        }
        // Empty blocks share their start with the next: step to the one holding the row.
        while position - rowsBefore[low] >= blocks[low].count { low += 1 }
        return (low, position - rowsBefore[low])
    }

    /// Where an insertion at `position` (`0...count`) goes: the end of the last block for the end.
    private mutating func locate(insertingAt position: Int) -> (block: Int, index: Int) {
        refreshSums()
        let total = rowsBefore[blocks.count]
        precondition(position >= 0 && position <= total, "RowHeightIndex: cannot insert at \(position) of \(total)")
        if position == total { return (blocks.count - 1, blocks[blocks.count - 1].count) }
        return locate(position)
    }

    private mutating func splitIfNeeded(_ block: Int) {
        guard blocks[block].count > Self.blockCapacity else { return }
        var pieces: [Block] = []
        let heights = blocks[block].heights
        var start = 0
        while start < heights.count {
            let end = min(start + Self.blockCapacity / 2, heights.count)
            var piece = Block(heights: Array(heights[start..<end]))
            for height in piece.heights where height != Self.unmeasured {
                piece.measuredSum += Int(height)
                piece.measuredCount += 1
            }
            pieces.append(piece)
            start = end
        }
        blocks.replaceSubrange(block...block, with: pieces)
    }

    private mutating func refreshSums() {
        guard !sumsAreCurrent else { return }
        var rows = 0, measuredSum = 0, measuredCount = 0
        var newRows = [Int](), newSums = [Int](), newCounts = [Int]()
        newRows.reserveCapacity(blocks.count + 1)
        newSums.reserveCapacity(blocks.count + 1)
        newCounts.reserveCapacity(blocks.count + 1)
        for block in blocks {
            newRows.append(rows)
            newSums.append(measuredSum)
            newCounts.append(measuredCount)
            rows += block.count
            measuredSum += block.measuredSum
            measuredCount += block.measuredCount
        }
        newRows.append(rows)
        newSums.append(measuredSum)
        newCounts.append(measuredCount)
        rowsBefore = newRows
        measuredSumBefore = newSums
        measuredCountBefore = newCounts
        sumsAreCurrent = true
    }
}
