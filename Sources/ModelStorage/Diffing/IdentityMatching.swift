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

    /// Pairs `old` and `new`, elements that are their own identities.
    @inlinable
    init<Identity: Hashable>(old: [Identity], new: [Identity]) {
        self.init(old: old, new: new, identifiedBy: { $0 })
    }

    /// Pairs `old` and `new` by `identity`, read where it is needed rather than copied out first.
    @inlinable
    init<Element, Identity: Hashable>(old: [Element], new: [Element], identifiedBy identity: (Element) -> Identity) {
        newIndexOfOld = [Int](repeating: -1, count: old.count)
        oldIndexOfNew = [Int](repeating: -1, count: new.count)

        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, identity(old[prefix]) == identity(new[prefix]) {
            pair(old: prefix, new: prefix)
            prefix += 1
        }
        pairCount = prefix
        if prefix == old.count, prefix == new.count {
            pairsInPlace = true
            return
        }
        var suffix = 0
        while suffix < shorter - prefix, identity(old[old.count - 1 - suffix]) == identity(new[new.count - 1 - suffix]) {
            pair(old: old.count - 1 - suffix, new: new.count - 1 - suffix)
            suffix += 1
        }
        pairCount += suffix
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        guard !oldMiddle.isEmpty, !newMiddle.isEmpty else { return }
        matchMiddle(old: old, oldMiddle, new: new, newMiddle, identifiedBy: identity)
    }

    /// True when both sequences have the same length and every element is paired with the one at
    /// its own index (found by the prefix alone: no element was hashed).
    @usableFromInline private(set) var pairsInPlace = false

    /// Pairs found by hashing, in the middle: an upper bound of the moves.
    @usableFromInline private(set) var middlePairCount = 0

    /// Elements of either side left unpaired: the deletes and inserts.
    var unpairedCount: Int {
        newIndexOfOld.count + oldIndexOfNew.count - 2 * pairCount
    }

    /// Every pair made: the common prefix and suffix, then the middle's.
    @usableFromInline private(set) var pairCount = 0

    @inlinable @inline(__always)
    mutating func pair(old: Int, new: Int) {
        newIndexOfOld[old] = new
        oldIndexOfNew[new] = old
    }

    /// Heckel's table (``IdentityTable``): identity → its next unpaired old occurrence. Later
    /// occurrences are chained in `nextOccurrence`, so the table holds one entry per identity
    /// however many duplicates. Every element is hashed once. The loops run over buffer pointers:
    /// they touch every element, and a uniqueness and bounds check per access would cost as
    /// much as the work.
    @inlinable
    mutating func matchMiddle<Element, Identity: Hashable>(
        old: [Element], _ oldMiddle: Range<Int>, new: [Element], _ newMiddle: Range<Int>,
        identifiedBy identityOf: (Element) -> Identity
    ) {
        /// An identity whose old occurrences are all paired (or that only the new side has).
        let exhausted = -1
        let table = IdentityTable(capacityFor: oldMiddle.count + newMiddle.count)
        let mask = table.mask
        precondition(old.count < Int32.max && new.count < Int32.max, "The differ indexes lists of fewer than 2³¹ elements.")
        // Per slot, where an identity's element is (old index + 1 when > 0, −(new index + 1) when
        // < 0, 0 for an empty slot) and the identity's next unpaired old occurrence (or
        // `exhausted`): side by side in 32 bits each, so a probe reads one cache line.
        let slots = UnsafeMutableBufferPointer<IdentityTable.Slot>.allocate(capacity: table.size)
        slots.initialize(repeating: IdentityTable.Slot(reference: 0, head: -1))
        defer { slots.deallocate() }
        // Allocated at the first duplicate only: most states have none.
        var nextOccurrence: [Int] = []
        var duplicates = 0, pairs = 0
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
                    oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
                        for index in oldMiddle.reversed() {
                            let identity = identityOf(old[index])
                            var slot = table.startSlot(of: identity)
                            while true {
                                let reference = Int(slots[slot].reference)
                                if reference == 0 {
                                    slots[slot] = IdentityTable.Slot(reference: Int32(index + 1), head: Int32(index))
                                    break
                                }
                                if reference > 0, identityOf(old[reference - 1]) == identity {
                                    // A later occurrence of the same identity is the head so far: chain it.
                                    if nextOccurrence.isEmpty { nextOccurrence = [Int](repeating: exhausted, count: old.count) }
                                    nextOccurrence[index] = Int(slots[slot].head)
                                    slots[slot].head = Int32(index)
                                    duplicates += 1
                                    break
                                }
                                slot = (slot + 1) & mask
                            }
                        }
                        for index in newMiddle {
                            let identity = identityOf(new[index])
                            var slot = table.startSlot(of: identity)
                            while true {
                                let reference = Int(slots[slot].reference)
                                if reference == 0 {
                                    // Only the new side has it; a second occurrence counts as a duplicate.
                                    slots[slot] = IdentityTable.Slot(reference: Int32(-(index + 1)), head: Int32(exhausted))
                                    break
                                }
                                let matches =
                                    reference > 0
                                    ? identityOf(old[reference - 1]) == identity : identityOf(new[-reference - 1]) == identity
                                if matches {
                                    let oldIndex = Int(slots[slot].head)
                                    if oldIndex == exhausted {
                                        duplicates += 1
                                    } else {
                                        newIndexOfOld[oldIndex] = index
                                        oldIndexOfNew[index] = oldIndex
                                        pairs += 1
                                        slots[slot].head = Int32(nextOccurrence.isEmpty ? exhausted : nextOccurrence[oldIndex])
                                    }
                                    break
                                }
                                slot = (slot + 1) & mask
                            }
                        }
                    }
                }
            }
        }
        duplicateCount += duplicates
        pairCount += pairs
        middlePairCount = pairs
    }
}
