/// One input of a fuzz target read as a stream of choices: each read takes the next bytes, and
/// an input that runs out answers zeros, so every byte string is a valid input and libFuzzer's
/// mutations (a byte flipped, cut, repeated) change the choices a little at a time.
public struct FuzzInput: Sendable {
    private let bytes: [UInt8]
    private var next = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isExhausted: Bool { next >= bytes.count }

    /// The next byte; 0 once the input is exhausted.
    public mutating func byte() -> UInt8 {
        guard next < bytes.count else { return 0 }
        defer { next += 1 }
        return bytes[next]
    }

    /// The bytes not read yet, all of them (for a target that reads the rest as a file); the
    /// input is exhausted afterwards.
    public mutating func remainingBytes() -> [UInt8] {
        defer { next = bytes.count }
        return next < bytes.count ? Array(bytes[next...]) : []
    }

    /// A number in `range` (at most 65,536 values apart), from one byte or two.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = range.upperBound - range.lowerBound + 1
        let raw = width <= 256 ? Int(byte()) : Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % width
    }

    /// A choice that is true about once in `odds` reads.
    public mutating func oneIn(_ odds: Int) -> Bool {
        int(in: 0...(odds - 1)) == 0
    }
}
