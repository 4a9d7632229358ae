#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a string sorts by in ``TextComparison/localizedStandard`` order: two strings
/// compare as their keys' bytes do (`memcmp`), so a sort builds each string's key once and
/// compares bytes, not strings (see ``Collator``).
///
/// Keys are equal only for equal strings: the string's own UTF-8 ends every key.
@usableFromInline
struct CollationKey: Sendable, Hashable, Comparable {
    @usableFromInline let bytes: [UInt8]

    @usableFromInline
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The order of two keys: negative, zero or positive.
    @usableFromInline
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return Int(order) }
                }
                return left.count - right.count
            }
        }
    }

    @usableFromInline
    static func < (lhs: Self, rhs: Self) -> Bool { compare(lhs.bytes, rhs.bytes) < 0 }
}
