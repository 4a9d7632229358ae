/// Heckel's symbol table for ``IdentityMatching``: identity → its next unpaired old occurrence,
/// in open addressing over one array of slots.
///
/// A slot does not store the identity, only where one element with it is (an old index, or a new
/// index for an identity only the new side has); identities are compared through the two
/// sequences. Compared with a `Dictionary`, there is nothing to hash twice, no uniqueness check
/// per access and no key to copy, and integer identities (the usual ids) are hashed with one
/// multiplication instead of SipHash: a diff spends most of its matching time here.
@usableFromInline
struct IdentityTable {
    /// Where an identity's element is: old index + 1 (> 0), or −(new index + 1) (< 0); 0 is an
    /// empty slot.
    @usableFromInline var references: [Int]
    /// The identity's next unpaired old occurrence, or −1 once there is none.
    @usableFromInline var heads: [Int]
    @usableFromInline let mask: Int
    /// Mixed into integer identities, from the process's hash seed: lists made to collide cannot
    /// be prepared in advance.
    @usableFromInline let salt: UInt

    /// A table for up to `count` identities, at most half full.
    @inlinable
    init(capacityFor count: Int) {
        var size = 16
        while size < 2 * count { size &<<= 1 }
        references = [Int](repeating: 0, count: size)
        heads = [Int](repeating: -1, count: size)
        mask = size - 1
        var hasher = Hasher()
        hasher.combine(size)
        salt = UInt(bitPattern: hasher.finalize()) | 1
    }

    /// The first slot to probe for `identity`. Integers are multiplied by an odd salt and their
    /// high bits kept (multiplicative hashing); other types use their `hashValue`.
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
