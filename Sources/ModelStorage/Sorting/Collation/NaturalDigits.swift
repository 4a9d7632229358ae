/// Digits compared by value inside text ("file 9" before "file 10"), for a collation that
/// compares characters: each run of ASCII digits is written as the count of its digits (without
/// leading zeros), then the digits. A longer number's count is a greater digit, so it sorts
/// later, whatever its digits; numbers of one length compare digit by digit, as values do.
///
/// Counts up to 8 are one digit; a longer number is `9`, then its count written the same way
/// (`9` `2` `12` for twelve digits). Leading zeros are dropped here ("007" reads as "7"): the
/// string itself, at the end of every key, orders the two.
enum NaturalDigits {
    /// `utf8` with its digit runs rewritten (a UTF-8 string's bytes; ASCII digits are never
    /// part of a multi-byte character).
    static func transform(_ utf8: String.UTF8View) -> [UInt8] {
        guard utf8.contains(where: isDigit) else { return Array(utf8) }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 4)
        var run: [UInt8] = []
        for byte in utf8 {
            if isDigit(byte) {
                run.append(byte)
                continue
            }
            if !run.isEmpty { appendNumber(run, to: &result); run.removeAll(keepingCapacity: true) }
            result.append(byte)
        }
        if !run.isEmpty { appendNumber(run, to: &result) }
        return result
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func appendNumber(_ digits: [UInt8], to result: inout [UInt8]) {
        let significant = digits.drop { $0 == 0x30 }
        let value = significant.isEmpty ? digits.suffix(1) : significant
        appendCount(value.count, to: &result)
        result.append(contentsOf: value)
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
