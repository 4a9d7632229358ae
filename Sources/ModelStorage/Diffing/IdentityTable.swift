/// How ``IdentityMatching`` finds identities in Heckel's symbol table: open addressing over
/// slots that point into the two sequences.
///
/// A slot does not store the identity, only where one element with it is (an old index, or a new
/// index for an identity only the new side has); identities are compared through the sequences.
/// Compared with a `Dictionary`, there is nothing to hash twice, no uniqueness check per access
/// and no key to copy, and integer identities (the usual ids) are hashed with one multiplication
/// instead of SipHash: a diff spends most of its matching time here.
@usableFromInline
struct IdentityTable {
    /// One slot: where an element with the identity is, and its next unpaired old occurrence.
    @usableFromInline
    struct Slot {
        @usableFromInline var reference: Int32
        @usableFromInline var head: Int32

        @inlinable
        init(reference: Int32, head: Int32) {
            self.reference = reference
            self.head = head
        }
    }

    /// The number of slots: a power of two at least twice `count`, so the table is at most half
    /// full.
    @usableFromInline let size: Int
    @usableFromInline let mask: Int
    /// Mixed into integer identities, from the process's hash seed: lists made to collide cannot
    /// be prepared in advance.
    @usableFromInline let salt: UInt

    /// A table for up to `count` identities.
    @inlinable
    init(capacityFor count: Int) {
        var size = 16
        while size < 2 * count { size &<<= 1 }
        self.size = size
        mask = size - 1
        var hasher = Hasher()
        hasher.combine(size)
        salt = UInt(bitPattern: hasher.finalize()) | 1
    }

    /// The first slot to probe for `identity`. Integers are multiplied by an odd salt
    /// (multiplicative hashing); other types use their `hashValue`.
    @inlinable
    func startSlot<Identity: Hashable>(of identity: Identity) -> Int {
        let bits: UInt
        if Identity.self == Int.self {
            bits = UInt(bitPattern: identity as! Int) &* salt
        } else if Identity.self == Int64.self {
            bits = UInt(bitPattern: Int(identity as! Int64)) &* salt
        } else {
            bits = UInt(bitPattern: identity.hashValue)
        }
        return Int(truncatingIfNeeded: (bits >> 32) ^ bits) & mask
    }
}
