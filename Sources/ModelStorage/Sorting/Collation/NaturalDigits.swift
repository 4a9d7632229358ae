/// Digits compared by value inside text ("file 9" before "file 10"), for a collation that
/// compares characters: each run of ASCII digits is written as the count of its digits (without
/// leading zeros), then the digits. A longer number's count is a greater digit, so it sorts
/// later, whatever its digits; numbers of one length compare digit by digit, as values do.
///
/// Counts up to 8 are one digit; a longer number is `9`, then its count written the same way
/// (`9` `2` `12` for twelve digits). Leading zeros are dropped here ("007" reads as "7"): the
/// string itself, at the end of every key, orders the two.
enum NaturalDigits {
    /// `utf8` with its digit runs rewritten, into `result` (a UTF-8 string's bytes; ASCII digits
    /// are never part of a multi-byte character).
    static func transform(_ utf8: String.UTF8View, into result: inout [UInt8]) {
        result.removeAll(keepingCapacity: true)
        var runStart: Int?
        for byte in utf8 {
            if isDigit(byte) {
                if runStart == nil { runStart = result.count }
                result.append(byte)
                continue
            }
            if let start = runStart { rewriteNumber(from: start, in: &result); runStart = nil }
            result.append(byte)
        }
        if let start = runStart { rewriteNumber(from: start, in: &result) }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Rewrites the digits at the end of `result`, from `start`, as their count and value.
    private static func rewriteNumber(from start: Int, in result: inout [UInt8]) {
        var first = start
        while first < result.count - 1, result[first] == 0x30 { first += 1 }
        let count = result.count - first
        if count <= 8 {
            // The usual case, in place: the count takes the first zero's place or one more.
            if first > start {
                result[first - 1] = 0x30 + UInt8(count)
                result.removeSubrange(start..<first - 1)
            } else {
                result.insert(0x30 + UInt8(count), at: start)
            }
            return
        }
        let digits = Array(result[first...])
        result.removeSubrange(start...)
        appendCount(count, to: &result)
        result.append(contentsOf: digits)
    }

    private static func appendCount(_ count: Int, to result: inout [UInt8]) {
        if count <= 8 {
            result.append(0x30 + UInt8(count))
            return
        }
        result.append(0x39)
        let digits = Array(String(count).utf8)
        appendCount(digits.count, to: &result)
        result.append(contentsOf: digits)
    }
}
