import CGtk

/// The folded findable texts of up to a few thousand consecutive rows of a section, in one
/// buffer, each after a separator byte: a query is looked for in the whole buffer at once
/// (glibc's `memmem`), a prefix is the query right after a separator, and no match spans two
/// rows (a folded text has no separator in it).
struct TypeAheadChunk {
    static let separator: UInt8 = 0

    private(set) var bytes: [UInt8] = []
    /// Where each row's separator is in `bytes`.
    private(set) var starts: [Int32] = []

    var count: Int { starts.count }

    /// Adds a row of folded `text` after the others.
    mutating func append(_ text: some Collection<UInt8>) {
        starts.append(Int32(bytes.count))
        bytes.append(Self.separator)
        bytes.append(contentsOf: text)
    }

    /// The folded text of `row`.
    func text(at row: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[row]) + 1..<end(of: row)]
    }

    /// Where the bytes of `row` end.
    private func end(of row: Int) -> Int {
        row + 1 < count ? Int(starts[row + 1]) : bytes.count
    }

    /// This chunk with its rows at `range` replaced by rows of `texts`.
    func replacing(_ range: Range<Int>, with texts: some Sequence<some Collection<UInt8>>) -> TypeAheadChunk {
        var chunk = TypeAheadChunk()
        chunk.bytes.reserveCapacity(bytes.count)
        chunk.starts.reserveCapacity(count)
        for row in 0..<range.lowerBound { chunk.append(text(at: row)) }
        for text in texts { chunk.append(text) }
        for row in range.upperBound..<count { chunk.append(text(at: row)) }
        return chunk
    }

    /// The rows at `range` as a chunk of their own.
    func rows(_ range: Range<Int>) -> TypeAheadChunk {
        var chunk = TypeAheadChunk()
        for row in range { chunk.append(text(at: row)) }
        return chunk
    }

    /// The first row of `rows` whose text holds `needle` (see ``TypeAheadMatch/needle(for:)``),
    /// or, `last`, the last one; nil when none does.
    func match(of needle: [UInt8], in rows: Range<Int>, last: Bool) -> Int? {
        guard !rows.isEmpty, !needle.isEmpty else { return nil }
        let end = self.end(of: rows.upperBound - 1)
        var from = Int(starts[rows.lowerBound])
        var found: Int?
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                while from < end {
                    let offset = cgtk_find_bytes(haystack.baseAddress! + from, end - from, needle.baseAddress!, needle.count)
                    guard offset >= 0 else { return }
                    found = from + offset
                    guard last else { return }
                    from += offset + 1
                }
            }
        }
        return found.map(row(holding:))
    }

    /// The row whose bytes hold `offset`.
    private func row(holding offset: Int) -> Int {
        var low = 0, high = count
        while low + 1 < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
