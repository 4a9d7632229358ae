/// The pairs of elements of two sequences that have equal identities, as two index arrays in a
/// ``DiffWorkspace``; found in O(n).
///
/// The common prefix and suffix (``CommonAffixes``) pair in place, by comparison alone; only
/// the middle is hashed (Heckel's symbol table, ``IdentityTable``). An unchanged sequence
/// therefore costs one comparison per element.
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
    /// For each old element, the index of its new partner, or −1.
    @usableFromInline let newIndexOfOld: UnsafeMutableBufferPointer<Int32>
    /// For each new element, the index of its old partner, or −1.
    @usableFromInline let oldIndexOfNew: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let affixes: CommonAffixes
    /// Pairs found by hashing, in the middle.
    @usableFromInline private(set) var middlePairCount = 0
    /// Duplicate occurrences found in the hashed middle: zero exactly when it has none.
    @usableFromInline private(set) var duplicateCount = 0

    /// Pairs the prefix and suffix of `affixes` in the two arrays and leaves the middles
    /// unpaired, for ``matchMiddles(of:_:reading:table:nextOccurrence:)``.
    @inlinable
    init(
        _ affixes: CommonAffixes, newIndexOfOld: UnsafeMutableBufferPointer<Int32>, oldIndexOfNew: UnsafeMutableBufferPointer<Int32>
    ) {
        self.affixes = affixes
        self.newIndexOfOld = newIndexOfOld
        self.oldIndexOfNew = oldIndexOfNew
        Self.pairAffixes(affixes, in: newIndexOfOld, suffixShift: affixes.newCount - affixes.oldCount)
        Self.pairAffixes(affixes, in: oldIndexOfNew, suffixShift: affixes.oldCount - affixes.newCount)
    }

    /// Fills `partners` (one side's) for the affixes: the prefix pairs with the same indices, the
    /// suffix with indices shifted by `suffixShift`, the middle with nothing yet.
    @inlinable
    static func pairAffixes(_ affixes: CommonAffixes, in partners: UnsafeMutableBufferPointer<Int32>, suffixShift: Int) {
        let middleEnd = partners.count - affixes.suffix
        for index in 0..<affixes.prefix { partners[index] = Int32(truncatingIfNeeded: index) }
        UnsafeMutableBufferPointer(rebasing: partners[affixes.prefix..<middleEnd]).initialize(repeating: -1)
        for index in middleEnd..<partners.count { partners[index] = Int32(truncatingIfNeeded: index + suffixShift) }
    }

    /// Every pair made: the common prefix and suffix, then the middle's.
    @usableFromInline
    var pairCount: Int { affixes.prefix + affixes.suffix + middlePairCount }

    /// Pairs the middles of `old` and `new` (the elements between the affixes) by the
    /// identities `Reader` reads; see ``matchMiddle(old:new:reading:table:nextOccurrence:)``.
    @inlinable
    mutating func matchMiddles<Reader: IdentityReader>(
        of old: [Reader.Element], _ new: [Reader.Element], reading reader: Reader.Type,
        table: UnsafeMutableBufferPointer<IdentityTable.Slot>, nextOccurrence: UnsafeMutableBufferPointer<Int32>
    ) {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                matchMiddle(
                    old: UnsafeBufferPointer(rebasing: old[affixes.oldMiddle]), new: UnsafeBufferPointer(rebasing: new[affixes.newMiddle]),
                    reading: reader, table: table, nextOccurrence: nextOccurrence)
            }
        }
    }

    /// Pairs the middles, `old` and `new`, through Heckel's table: identity → its next unpaired
    /// old occurrence. Later occurrences are chained in `nextOccurrence` (one entry per old
    /// middle element), so the table holds one entry per identity however many duplicates.
    /// Every element is hashed once. The loops run over buffer pointers: they touch every
    /// element, and a bounds check per access would cost as much as the work.
    @inlinable
    mutating func matchMiddle<Reader: IdentityReader>(
        old: UnsafeBufferPointer<Reader.Element>, new: UnsafeBufferPointer<Reader.Element>, reading _: Reader.Type,
        table slots: UnsafeMutableBufferPointer<IdentityTable.Slot>, nextOccurrence: UnsafeMutableBufferPointer<Int32>
    ) {
        let table = IdentityTable(size: slots.count)
        let mask = table.mask
        // Indices in the slots and the chain are middle indices + 1, so that 0 means "none" and
        // the table starts as zeroed memory.
        slots.initialize(repeating: IdentityTable.Slot(reference: 0, head: 0))
        var hasDuplicates = false
        var duplicates = 0
        for index in old.indices.reversed() {
            var slot = Reader.startSlot(of: old[index], in: table)
            while true {
                let reference = Int(slots[slot].reference)
                if reference == 0 {
                    let occurrence = Int32(truncatingIfNeeded: index + 1)
                    slots[slot] = IdentityTable.Slot(reference: occurrence, head: occurrence)
                    break
                }
                if reference > 0, Reader.haveSameIdentity(old[reference - 1], old[index]) {
                    // A later occurrence of the same identity is the head so far: chain it.
                    if !hasDuplicates {
                        nextOccurrence.initialize(repeating: 0)
                        hasDuplicates = true
                    }
                    nextOccurrence[index] = slots[slot].head
                    slots[slot].head = Int32(truncatingIfNeeded: index + 1)
                    duplicates += 1
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        var pairs = 0
        let prefix = affixes.prefix
        for index in new.indices {
            var slot = Reader.startSlot(of: new[index], in: table)
            while true {
                let reference = Int(slots[slot].reference)
                if reference == 0 {
                    // Only the new side has it; a second occurrence counts as a duplicate.
                    slots[slot] = IdentityTable.Slot(reference: Int32(truncatingIfNeeded: -(index + 1)), head: 0)
                    break
                }
                let matches =
                    reference > 0
                    ? Reader.haveSameIdentity(old[reference - 1], new[index]) : Reader.haveSameIdentity(new[-reference - 1], new[index])
                if matches {
                    let head = Int(slots[slot].head)
                    if head == 0 {
                        duplicates += 1
                    } else {
                        newIndexOfOld[prefix + head - 1] = Int32(truncatingIfNeeded: prefix + index)
                        oldIndexOfNew[prefix + index] = Int32(truncatingIfNeeded: prefix + head - 1)
                        pairs += 1
                        slots[slot].head = hasDuplicates ? nextOccurrence[head - 1] : 0
                    }
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        duplicateCount = duplicates
        middlePairCount = pairs
    }
}
