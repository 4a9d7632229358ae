/// What the big-filter benchmark types, and what matches it, as the C peers define them
/// (`peer_filter.h`): a row matches when its number, in decimal, contains the query's digits.
/// Both sides test it the same way, digits written into a small buffer and searched for the
/// query, so that the filters cost the same and the containers make the difference.
enum FilterQuery {
    /// The query typed a digit at a time, then erased a digit at a time.
    static let keystrokes = ["1", "12", "123", "1234", "12345", "1234", "123", "12", "1", ""]

    /// The filter of `query`.
    static func matching(_ query: String) -> @Sendable (Int) -> Bool {
        let needle = Array(query.utf8)
        return { number($0, containsDigits: needle) }
    }

    static func number(_ number: Int, contains query: String) -> Bool {
        self.number(number, containsDigits: Array(query.utf8))
    }

    /// Whether the decimal digits of `number` (not negative) contain `needle`.
    static func number(_ number: Int, containsDigits needle: [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            var left = number
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(left % 10)
                left /= 10
                count += 1
            } while left > 0
            // Written from the last digit back: search the reversed needle in them.
            guard needle.count <= count else { return false }
            for start in 0...(count - needle.count) {
                var matches = true
                for offset in 0..<needle.count where digits[start + offset] != needle[needle.count - 1 - offset] {
                    matches = false
                    break
                }
                if matches { return true }
            }
            return false
        }
    }

    /// Whether `numbers` are consecutive matches of `query`: each matches, and no number between
    /// two of them does (`peer_filter_consecutive`). Where they start is free: a list may keep its
    /// top row where it was when rows come above it.
    static func areConsecutiveMatches(_ numbers: [Int], of query: String) -> Bool {
        let needle = Array(query.utf8)
        for (index, number) in numbers.enumerated() {
            guard self.number(number, containsDigits: needle) else { return false }
            guard index > 0 else { continue }
            let previous = numbers[index - 1]
            guard number > previous, !(previous + 1..<number).contains(where: { self.number($0, containsDigits: needle) }) else {
                return false
            }
        }
        return true
    }
}
