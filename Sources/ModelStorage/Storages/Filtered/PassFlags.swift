/// A run of pass flags packed 64 to a word, with the two questions a ``FilterIndex`` chunk
/// asks: how many pass before an offset (``rank(_:)``), and where the n-th passing one is
/// (``select(_:)``), each a popcount per word instead of a look at every flag. Reading the rows
/// of a filtered list in order (a type-ahead index, a screen of rows) asks `select` per row.
struct PassFlags: Sendable, Equatable {
    /// The number of flags.
    private(set) var count = 0
    /// The number of flags that are set.
    private(set) var passing = 0
    /// The flags, the first in the lowest bit of the first word; the bits past `count` clear.
    private var words: [UInt64] = []

    /// No flags.
    init() {}

    /// The flags of `flags`, in order.
    init(_ flags: some Sequence<Bool>) {
        for flag in flags {
            if count & 63 == 0 { words.append(0) }
            if flag {
                words[count >> 6] |= 1 << UInt64(count & 63)
                passing += 1
            }
            count += 1
        }
    }

    /// The flag at `offset`.
    subscript(offset: Int) -> Bool {
        words[offset >> 6] >> UInt64(offset & 63) & 1 != 0
    }

    /// Every flag, in order.
    var bools: [Bool] { (0..<count).map { self[$0] } }

    /// Sets the flag at `offset`; returns what it was.
    @discardableResult
    mutating func set(_ flag: Bool, at offset: Int) -> Bool {
        let old = self[offset]
        guard old != flag else { return old }
        words[offset >> 6] ^= 1 << UInt64(offset & 63)
        passing += flag ? 1 : -1
        return old
    }

    /// The number of set flags before `offset` (in `0...count`).
    func rank(_ offset: Int) -> Int {
        var set = 0
        for word in words[..<(offset >> 6)] { set += word.nonzeroBitCount }
        let bits = offset & 63
        if bits > 0 { set += (words[offset >> 6] & (1 << UInt64(bits) - 1)).nonzeroBitCount }
        return set
    }

    /// The offset of the set flag that has `place` set flags before it (in `0..<passing`).
    func select(_ place: Int) -> Int {
        var left = place
        for (index, word) in words.enumerated() {
            let set = word.nonzeroBitCount
            guard left >= set else {
                // Clear the word's lowest set bits until the one wanted is the lowest.
                var bits = word
                for _ in 0..<left { bits &= bits - 1 }
                return index << 6 + bits.trailingZeroBitCount
            }
            left -= set
        }
        preconditionFailure("PassFlags: set flag \(place) of \(passing)")
    }

    // Splices rebuild the words: O(count), as the chunk's array of flags took.

    /// Inserts `flags` before `offset`.
    mutating func insert(contentsOf flags: some Collection<Bool>, at offset: Int) {
        var all = bools
        all.insert(contentsOf: flags, at: offset)
        self = PassFlags(all)
    }

    /// Removes the flags at `offsets`; returns how many of them were set.
    mutating func remove(_ offsets: Range<Int>) -> Int {
        let removed = rank(offsets.upperBound) - rank(offsets.lowerBound)
        var all = bools
        all.removeSubrange(offsets)
        self = PassFlags(all)
        return removed
    }

    /// Appends the flags of `other`.
    mutating func append(_ other: PassFlags) {
        self = PassFlags(bools + other.bools)
    }

    /// The flags at `offsets`.
    func slice(_ offsets: Range<Int>) -> PassFlags {
        PassFlags(offsets.lazy.map { self[$0] })
    }
}
