/// The rowids a search found, asked for once per row of the list on every keystroke: a bit per
/// rowid between the smallest and the largest when they are close enough (a table's rowids
/// usually are), a hash set when they are spread too far apart for that.
///
/// A million lookups cost about 2 ms in the bits and 20 ms in a `Set<Int64>`, which hashes each.
@usableFromInline
struct RowIDSet: Sendable {
    @usableFromInline let lowest: Int64
    /// Bit `id - lowest` is set when `id` was found; empty when `hashed` holds the rowids.
    @usableFromInline let bits: [UInt64]
    @usableFromInline let hashed: Set<Int64>?

    /// Bits cover at most this many rowids for each one found, or a million, whichever is more:
    /// a few found among widely spread rowids would otherwise take megabytes.
    static let bitsPerRowID = 64

    @usableFromInline
    init(_ rowIDs: [Int64]) {
        let lowest = rowIDs.min() ?? 0, highest = rowIDs.max() ?? 0
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        guard !overflow, span < max(Int64(rowIDs.count) * Int64(Self.bitsPerRowID), 1 << 20) else {
            self.lowest = 0
            bits = []
            hashed = Set(rowIDs)
            return
        }
        var bits = [UInt64](repeating: 0, count: Int(span) / 64 + 1)
        for rowID in rowIDs {
            let offset = Int(rowID - lowest)
            bits[offset >> 6] |= 1 << UInt64(offset & 63)
        }
        self.lowest = lowest
        self.bits = bits
        hashed = nil
    }

    @inlinable
    func contains(_ rowID: Int64) -> Bool {
        if let hashed { return hashed.contains(rowID) }
        let (offset, overflow) = rowID.subtractingReportingOverflow(lowest)
        guard !overflow, offset >= 0, offset < Int64(bits.count) << 6 else { return false }
        return bits[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
    }
}
