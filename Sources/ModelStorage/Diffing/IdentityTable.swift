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
    /// One slot: where an element with the identity is (old middle index + 1 when > 0,
    /// −(new middle index + 1) when < 0, 0 for an empty slot), and the identity's next unpaired
    /// old occurrence (+ 1, 0 for none). Side by side in 32 bits each, so a probe reads one
    /// cache line.
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

    @usableFromInline let mask: Int
    /// The slot is the top bits of the salted hash: 64 − log₂(size).
    @usableFromInline let shift: Int
    /// An odd multiplier from the process's hash seed: lists made to collide cannot be prepared
    /// in advance.
    @usableFromInline let salt: UInt

    /// The number of slots for up to `count` identities: a power of two at least 4/3 of it, so
    /// the table is at most three quarters full, and about a third full in the usual diff (most
    /// identities are on both sides, so they take one slot for two elements).
    static func size(for count: Int) -> Int {
        guard count > 0 else { return 0 }
        var size = 16
        while 3 * size < 4 * count { size &<<= 1 }
        return size
    }

    /// A table of `size` slots (a power of two).
    @inlinable
    init(size: Int) {
        mask = size - 1
        shift = UInt.bitWidth - size.trailingZeroBitCount
        var hasher = Hasher()
        hasher.combine(size)
        salt = UInt(bitPattern: hasher.finalize()) | 1
    }

    /// The first slot to probe for `identity`: multiply-shift hashing (the top bits of the hash
    /// times the salt, which depend on every bit of the hash). Integers are their own hash,
    /// ``ModelIdentity`` has the one it was made with, other types use their `hashValue`.
    @inlinable
    func startSlot<Identity: Hashable>(of identity: Identity) -> Int {
        let hash: Int
        if Identity.self == Int.self {
            hash = identity as! Int
        } else if Identity.self == Int64.self {
            hash = Int(identity as! Int64)
        } else if Identity.self == ModelIdentity.self {
            hash = (identity as! ModelIdentity).identifierHash
        } else {
            hash = identity.hashValue
        }
        return Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* salt) &>> shift)
    }
}
