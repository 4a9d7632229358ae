/// The baseline: the standard library's `new.difference(from: old).inferringMoves()`, a Myers
/// diff comparing whole elements, and what it would cost before running it.
///
/// Myers takes about D²/2 steps for an edit distance D (N + M at most). Until Swift 6.3 the
/// standard library also kept every diagonal row to trace the path back, about 4·D² bytes;
/// Swift 6.3 switched to the linear-space variant (swiftlang/swift#83212), which needs a few
/// words per element and up to twice the time. D is known in advance: for unique elements the
/// longest common subsequence is a longest increasing subsequence of the old indices in new
/// order, found in O(n log n).
enum StandardLibraryDiff {
    /// What the standard library's difference holds.
    struct Operations {
        var removals = 0
        var insertions = 0
        /// Removal and insertion pairs that `inferringMoves()` associated (counted once).
        var moves = 0
    }

    static func difference(from old: [BenchmarkRow], to new: [BenchmarkRow]) -> CollectionDifference<BenchmarkRow> {
        new.difference(from: old).inferringMoves()
    }

    static func operations(of difference: CollectionDifference<BenchmarkRow>) -> Operations {
        var operations = Operations()
        for change in difference {
            switch change {
            case let .remove(_, _, associatedWith):
                operations.removals += 1
                if associatedWith != nil { operations.moves += 1 }
            case .insert:
                operations.insertions += 1
            }
        }
        return operations
    }

    /// The number of removals plus insertions Myers needs, comparing whole rows.
    static func editDistance(from old: [BenchmarkRow], to new: [BenchmarkRow]) -> Int {
        var oldIndex: [BenchmarkRow: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, row) in old.enumerated() { oldIndex[row] = index }
        let common = longestIncreasingSubsequenceLength(new.compactMap { oldIndex[$0] })
        return old.count + new.count - 2 * common
    }

    /// The memory the diff needs for `elements` elements (old and new) at edit distance `distance`.
    static func estimatedBytes(editDistance distance: Int, elements: Int) -> Double {
        #if compiler(>=6.3)
            // Linear space: two diagonal vectors and the element buffers, a few words per element.
            return 64 * Double(elements)
        #else
            // Every row d holds d + 1 integers: Σ 8·(d + 1) for d in 0...D.
            let d = Double(distance)
            return 8 * (d + 1) * (d + 2) / 2
        #endif
    }

    /// How the memory estimate is made, for the table's footnote.
    static var memoryModel: String {
        #if compiler(>=6.3)
            "linear-space Myers (Swift ≥ 6.3): ≈ 64 bytes per element"
        #else
            "Myers keeping every row (Swift < 6.3): ≈ 4·D² bytes"
        #endif
    }

    /// Patience sorting, O(n log n).
    private static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }
}
