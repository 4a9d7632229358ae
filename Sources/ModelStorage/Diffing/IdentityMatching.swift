/// Pairs the elements of two sequences that have equal identities, in O(n).
///
/// The common prefix and suffix are paired in place, by comparison alone; only the middle is
/// hashed (Heckel's symbol table). An unchanged sequence therefore costs one comparison per
/// element.
///
/// Duplicate identities follow one deterministic rule: in the middle, the k-th old occurrence of
/// an identity pairs with its k-th new occurrence and surplus occurrences are deleted or
/// inserted; in the common prefix and suffix, occurrences pair in place. Nothing is dropped, and
/// ``duplicateCount`` is nonzero whenever the hashed middle held a duplicate on either side.
/// (Duplicates inside the prefix and suffix are not looked for: that would cost the hashing the
/// trim saves. Storages check the uniqueness of the new state themselves.)
///
/// Generic and `@inlinable`, so the hashing is specialized for the caller's identity type.
@usableFromInline
struct IdentityMatching {
    /// For each old element, the index of its new partner, or -1.
    @usableFromInline private(set) var newIndexOfOld: [Int]
    /// For each new element, the index of its old partner, or -1.
    @usableFromInline private(set) var oldIndexOfNew: [Int]
    /// Duplicate occurrences found in the hashed middle: zero exactly when it has none.
    @usableFromInline private(set) var duplicateCount = 0

    @inlinable
    init<Identity: Hashable>(old: [Identity], new: [Identity]) {
        newIndexOfOld = [Int](repeating: -1, count: old.count)
        oldIndexOfNew = [Int](repeating: -1, count: new.count)

        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] {
            pair(old: prefix, new: prefix)
            prefix += 1
        }
        if prefix == old.count, prefix == new.count {
            pairsInPlace = true
            return
        }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            pair(old: old.count - 1 - suffix, new: new.count - 1 - suffix)
            suffix += 1
        }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        guard !oldMiddle.isEmpty, !newMiddle.isEmpty else { return }
        matchMiddle(old: old, oldMiddle, new: new, newMiddle)
    }

    /// True when both sequences have the same length and every element is paired with the one at
    /// its own index (found by the prefix alone: no element was hashed).
    @usableFromInline private(set) var pairsInPlace = false

    @inlinable
    mutating func pair(old: Int, new: Int) {
        newIndexOfOld[old] = new
        oldIndexOfNew[new] = old
    }

    /// Heckel's table: identity → its next unpaired old occurrence. Later occurrences are chained
    /// in `nextOccurrence`, so the table holds one entry per identity however many duplicates.
    /// Every element costs one hash; a duplicate with later old occurrences one more.
    @inlinable
    mutating func matchMiddle<Identity: Hashable>(
        old: [Identity], _ oldMiddle: Range<Int>, new: [Identity], _ newMiddle: Range<Int>
    ) {
        /// An identity whose old occurrences are all paired (or that only the new side has).
        let exhausted = -1
        var table: [Identity: Int] = [:]
        table.reserveCapacity(oldMiddle.count)
        // Allocated at the first duplicate only: most states have none.
        var nextOccurrence: [Int] = []
        for index in oldMiddle.reversed() {
            // One hash, and no closure context (the `default:` subscript's `_modify` allocates one).
            if let head = table.updateValue(index, forKey: old[index]) {
                if nextOccurrence.isEmpty { nextOccurrence = [Int](repeating: exhausted, count: old.count) }
                nextOccurrence[index] = head
                duplicateCount += 1
            }
        }
        for index in newMiddle {
            // One hash: the identity is marked exhausted whatever it held (a new-only identity is
            // then known, so a second occurrence counts as a duplicate).
            guard let oldIndex = table.updateValue(exhausted, forKey: new[index]) else { continue }
            if oldIndex == exhausted {
                duplicateCount += 1
                continue
            }
            pair(old: oldIndex, new: index)
            if !nextOccurrence.isEmpty, nextOccurrence[oldIndex] != exhausted {
                table[new[index]] = nextOccurrence[oldIndex]
            }
        }
    }
}
