import ModelStorage

/// The order of a section's supplementary views: the kinds shown before its items (the header
/// first), then the kinds shown after them (the footer last), as registered on the manager
/// (``ListManager/registerSupplementary(_:ofKind:placement:mapping:handler:)``).
///
/// A kind's slot is its index in ``kinds``. The manager records the kinds a section shows as a
/// set of slots in one word, so counting the rows before a position is a population count,
/// whatever the number of sections.
public struct SupplementaryArrangement: Equatable, Sendable {
    /// The most kinds a list can place, header and footer included.
    public static let capacity = UInt64.bitWidth

    /// Every placed kind, in the order a section shows them.
    public private(set) var kinds: [SupplementaryKind] = [.header, .footer]
    /// How many of ``kinds`` come before the items.
    public private(set) var leadingCount = 1

    /// The slots shown before the items, as a set.
    var leadingSlots: UInt64 { (1 << UInt64(leadingCount)) - 1 }

    /// The index of `kind` in ``kinds``; nil for a kind not placed.
    public func slot(of kind: SupplementaryKind) -> Int? {
        kinds.firstIndex(of: kind)
    }

    /// Whether views of `kind` go before or after the items; nil for a kind not placed.
    public func placement(of kind: SupplementaryKind) -> SupplementaryPlacement? {
        slot(of: kind).map { $0 < leadingCount ? .beforeItems : .afterItems }
    }

    /// Only header and footer, in their places.
    init() {}

    /// Places `kind` last among the kinds of `placement` (but before the footer), or moves it
    /// there when it was placed on the other side. Header and footer keep their places. False
    /// when the arrangement is full.
    mutating func place(_ kind: SupplementaryKind, _ placement: SupplementaryPlacement) -> Bool {
        guard kind != .header, kind != .footer, self.placement(of: kind) != placement else { return true }
        if let slot = slot(of: kind) {
            kinds.remove(at: slot)
            if slot < leadingCount { leadingCount -= 1 }
        } else if kinds.count == Self.capacity {
            return false
        }
        switch placement {
        case .beforeItems:
            kinds.insert(kind, at: leadingCount)
            leadingCount += 1
        case .afterItems:
            kinds.insert(kind, at: kinds.count - 1)
        }
        return true
    }
}

extension UInt64 {
    /// The index of the `n`th set bit (from 0, lowest first); the word must have that many.
    func indexOfSetBit(_ n: Int) -> Int {
        var bits = self
        for _ in 0..<n { bits &= bits - 1 }
        return bits.trailingZeroBitCount
    }

    /// The bits below bit `index`.
    static func bits(below index: Int) -> UInt64 {
        index >= bitWidth ? .max : (1 << UInt64(index)) - 1
    }
}
