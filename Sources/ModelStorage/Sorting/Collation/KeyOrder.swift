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

    private var heads: [UInt64]
    private var bytes: [UInt8] = []
    private var starts: [Int]

    /// The keys of `runs`, in order.
    init(_ runs: [Run]) {
        let count = runs.reduce(0) { $0 + $1.ends.count }
        heads = [UInt64](repeating: 0, count: count * 2)
        starts = [0]
        starts.reserveCapacity(count + 1)
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.bytes.count })
        for run in runs {
            let offset = bytes.count
            bytes.append(contentsOf: run.bytes)
            for end in run.ends { starts.append(offset + end) }
        }
        bytes.withUnsafeBufferPointer { bytes in
            for index in 0..<count {
                let key = UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index + 1]])
                heads[2 * index] = Self.head(key, from: 0)
                heads[2 * index + 1] = Self.head(key, from: 8)
            }
        }
    }

    /// Eight bytes of `key` from `offset`, big-endian, zero-padded.
    private static func head(_ key: UnsafeBufferPointer<UInt8>, from offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + 8 { value = value << 8 | UInt64(index < key.count ? key[index] : 0) }
        return value
    }

    /// The indices of the keys in key order (equal keys in index order), sorted in two halves on
    /// two threads, then merged.
    func sortedIndices() -> [Int] {
        let count = starts.count - 1
        var order = Array(0..<count)
        heads.withUnsafeBufferPointer { heads in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    let less = { (lhs: Int, rhs: Int) -> Bool in
                        Self.compare(lhs, rhs, heads: heads, bytes: bytes, starts: starts) < 0
                    }
                    order.withUnsafeMutableBufferPointer { order in
                        let middle = count / 2
                        nonisolated(unsafe) let halves = [
                            UnsafeMutableBufferPointer(rebasing: order[..<middle]),
                            UnsafeMutableBufferPointer(rebasing: order[middle...]),
                        ]
                        nonisolated(unsafe) let sortHalf = less
                        DispatchQueue.concurrentPerform(iterations: 2) { half in
                            var run = halves[half]
                            run.sort(by: sortHalf)
                        }
                    }
                    order = Self.merged(order, at: count / 2, by: less)
                }
            }
        }
        return order
    }

    /// Whether keys `lhs` and `rhs` are equal.
    func equal(_ lhs: Int, _ rhs: Int) -> Bool {
        heads.withUnsafeBufferPointer { heads in
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in Self.compare(lhs, rhs, heads: heads, bytes: bytes, starts: starts) == 0 }
            }
        }
    }

    @inline(__always)
    private static func compare(
        _ lhs: Int, _ rhs: Int, heads: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>
    ) -> Int {
        if heads[2 * lhs] != heads[2 * rhs] { return heads[2 * lhs] < heads[2 * rhs] ? -1 : 1 }
        if heads[2 * lhs + 1] != heads[2 * rhs + 1] { return heads[2 * lhs + 1] < heads[2 * rhs + 1] ? -1 : 1 }
        let left = starts[lhs]..<starts[lhs + 1], right = starts[rhs]..<starts[rhs + 1]
        let common = min(left.count, right.count)
        if common > 16, let base = bytes.baseAddress {
            let order = memcmp(base + left.lowerBound + 16, base + right.lowerBound + 16, common - 16)
            if order != 0 { return Int(order) }
        }
        return left.count - right.count
    }

    /// The two sorted runs of `order`, before and after `middle`, merged (the first run first
    /// among equals).
    private static func merged(_ order: [Int], at middle: Int, by less: (Int, Int) -> Bool) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(order.count)
        var left = 0, right = middle
        while left < middle, right < order.count {
            if less(order[right], order[left]) {
                result.append(order[right]); right += 1
            } else {
                result.append(order[left]); left += 1
            }
        }
        result.append(contentsOf: order[left..<middle])
        result.append(contentsOf: order[right...])
        return result
    }
}
