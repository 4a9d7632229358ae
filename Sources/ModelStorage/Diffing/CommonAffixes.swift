/// The common prefix and suffix of two sequences, by identity: the elements that pair in place
/// without being hashed. Only the middle between them goes through the hash table.
@usableFromInline
struct CommonAffixes {
    @usableFromInline let oldCount: Int
    @usableFromInline let newCount: Int
    @usableFromInline let prefix: Int
    @usableFromInline let suffix: Int

    @inlinable
    init(oldCount: Int, newCount: Int, prefix: Int, suffix: Int) {
        precondition(oldCount < Int32.max && newCount < Int32.max, "The differ indexes lists of fewer than 2³¹ elements.")
        self.oldCount = oldCount
        self.newCount = newCount
        self.prefix = prefix
        self.suffix = suffix
    }

    /// The affixes of `old` and `new`, compared by the identities `Reader` reads: one comparison
    /// per element of the prefix and suffix, and one more where each stops.
    @inlinable
    init<Reader: IdentityReader>(old: [Reader.Element], new: [Reader.Element], reading _: Reader.Type) {
        let (prefix, suffix) = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let shorter = min(old.count, new.count)
                var prefix = 0
                while prefix < shorter, Reader.haveSameIdentity(old[prefix], new[prefix]) { prefix += 1 }
                var suffix = 0
                while suffix < shorter - prefix, Reader.haveSameIdentity(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) {
                    suffix += 1
                }
                return (prefix, suffix)
            }
        }
        self.init(oldCount: old.count, newCount: new.count, prefix: prefix, suffix: suffix)
    }

    /// Both sequences are the same identities in the same order: every element pairs with the
    /// one at its own index.
    @inlinable
    var pairsInPlace: Bool { prefix == oldCount && prefix == newCount }

    @inlinable
    var oldMiddle: Range<Int> { prefix..<(oldCount - suffix) }

    @inlinable
    var newMiddle: Range<Int> { prefix..<(newCount - suffix) }

    /// The elements the hash table sees: both middles, or none when either is empty (then the
    /// other side's middle is all deletes or all inserts).
    @inlinable
    var hashedCount: Int {
        oldMiddle.isEmpty || newMiddle.isEmpty ? 0 : oldMiddle.count + newMiddle.count
    }
}
