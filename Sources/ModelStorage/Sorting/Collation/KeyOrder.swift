import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collation keys laid end to end for sorting: their bytes in one buffer, and each key's first
/// sixteen bytes as two integers, which decide most comparisons without reading the buffer.
struct KeyOrder {
    /// Keys of consecutive texts as built: their bytes end to end, and where each key ends.
    struct Run: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
    }

    /// A key's first sixteen bytes, big-endian, and its index: what a sort moves. Sorting these
    /// by value reads memory in order; sorting indices that look heads up reads it at random
    /// (a cache miss a comparison at 100,000 keys).
    struct Head {
        var first: UInt64
        var second: UInt64
        var index: Int
    }

    private let heads: [Head]
    private let bytes: [UInt8]
    private let starts: [Int]

    /// The keys of `runs`, in order.
    init(_ runs: [Run]) {
        let count = runs.reduce(0) { $0 + $1.ends.count }
        var bytes: [UInt8] = []
        var starts = [0]
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.bytes.count })
        for run in runs {
            let offset = bytes.count
            bytes.append(contentsOf: run.bytes)
            for end in run.ends { starts.append(offset + end) }
        }
        self.bytes = bytes
        self.starts = starts
        heads = bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                (0..<count).map { index in
                    let key = UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
                    return Head(first: Self.head(key, from: 0), second: Self.head(key, from: 8), index: index)
                }
            }
        }
    }

    /// Eight bytes of `key` from `offset`, big-endian, zero-padded.
    private static func head(_ key: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + 8 { value = value << 8 | UInt64(index < key.count ? key[index] : 0) }
        return value
    }

    /// Each key's rank in key order (equal keys share one, from 0 up), the keys sorted in two
    /// halves on two threads, then merged.
    func ranks() -> [Int32] {
        let count = heads.count
        var ranks = [Int32](repeating: 0, count: count)
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                let sorted = Self.sorted(heads, bytes: bytes, starts: starts)
                var rank: Int32 = 0
                for place in sorted.indices {
                    if place > 0, Self.compare(sorted[place - 1], sorted[place], bytes: bytes, starts: starts) != 0 { rank += 1 }
                    ranks[sorted[place].index] = rank
                }
            }
        }
        return ranks
    }

    /// `heads` in key order, equal keys in index order.
    private static func sorted(_ heads: [Head], bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>) -> [Head] {
        var heads = heads
        let middle = heads.count / 2
        heads.withUnsafeMutableBufferPointer { heads in
            nonisolated(unsafe) let halves = [
                UnsafeMutableBufferPointer(rebasing: heads[..<middle]), UnsafeMutableBufferPointer(rebasing: heads[middle...]),
            ]
            nonisolated(unsafe) let bytes = bytes, starts = starts
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                var run = halves[half]
                run.sort { lhs, rhs in
                    let order = compare(lhs, rhs, bytes: bytes, starts: starts)
                    return order != 0 ? order < 0 : lhs.index < rhs.index
                }
            }
        }
        return merged(heads, at: middle, bytes: bytes, starts: starts)
    }

    @inline(__always)
    private static func compare(_ lhs: Head, _ rhs: Head, bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>) -> Int {
        if lhs.first != rhs.first { return lhs.first < rhs.first ? -1 : 1 }
        if lhs.second != rhs.second { return lhs.second < rhs.second ? -1 : 1 }
        let left = starts[lhs.index]..<starts[lhs.index + 1], right = starts[rhs.index]..<starts[rhs.index + 1]
        let common = min(left.count, right.count)
        if common > 16, let base = bytes.baseAddress {
            let order = memcmp(base + left.lowerBound + 16, base + right.lowerBound + 16, common - 16)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// The two sorted runs of `heads`, before and after `middle`, merged (the first run first
    /// among equals: its indices are the lower).
    private static func merged(
        _ heads: [Head], at middle: Int, bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>
    ) -> [Head] {
        var result: [Head] = []
        result.reserveCapacity(heads.count)
        var left = 0, right = middle
        while left < middle, right < heads.count {
            if compare(heads[right], heads[left], bytes: bytes, starts: starts) < 0 {
                result.append(heads[right]); right += 1
            } else {
                result.append(heads[left]); left += 1
            }
        }
        result.append(contentsOf: heads[left..<middle])
        result.append(contentsOf: heads[right...])
        return result
    }
}
