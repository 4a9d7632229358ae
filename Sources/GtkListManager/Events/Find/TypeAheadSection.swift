/// The folded findable texts of one section's items, in chunks of about a thousand rows: a
/// change rewrites the chunks it touches, never the whole section.
struct TypeAheadSection {
    /// How many rows a built chunk holds; a chunk that grows past twice this splits.
    static let chunkRows = 1_024

    private(set) var chunks: [TypeAheadChunk] = []
    private(set) var count = 0

    /// Adds an item of folded `text` after the others.
    mutating func append(_ text: some Collection<UInt8>) {
        if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkRows { chunks.append(TypeAheadChunk()) }
        chunks[chunks.count - 1].append(text)
        count += 1
    }

    /// The chunk holding `item` and its row there; the end of the last chunk for `count`.
    func locate(_ item: Int) -> (chunk: Int, row: Int) {
        var row = item
        for (index, chunk) in chunks.enumerated() {
            if row < chunk.count || index == chunks.count - 1 { return (index, row) }
            row -= chunk.count
        }
        return (0, 0)
    }

    func text(at item: Int) -> ArraySlice<UInt8> {
        let (chunk, row) = locate(item)
        return chunks[chunk].text(at: row)
    }

    /// Puts items of `texts` at `item`, the items from there after them.
    mutating func insert(_ texts: [[UInt8]], at item: Int) {
        guard !texts.isEmpty else { return }
        guard !chunks.isEmpty else {
            for text in texts { append(text) }
            return
        }
        let (index, row) = locate(item)
        let grown = chunks[index].replacing(row..<row, with: texts)
        chunks.replaceSubrange(index...index, with: Self.split(grown))
        count += texts.count
    }

    /// Takes the items at `items` out.
    mutating func remove(_ items: Range<Int>) {
        var left = items.count
        let (first, firstRow) = locate(items.lowerBound)
        var index = first, row = firstRow
        while left > 0 {
            let taken = min(left, chunks[index].count - row)
            chunks[index] = chunks[index].replacing(row..<row + taken, with: EmptyCollection<[UInt8]>())
            left -= taken
            if chunks[index].count == 0 { chunks.remove(at: index) } else { index += 1 }
            row = 0
        }
        count -= items.count
    }

    /// Gives the item at `item` folded `text`.
    mutating func replace(_ item: Int, with text: [UInt8]) {
        let (index, row) = locate(item)
        chunks[index] = chunks[index].replacing(row..<row + 1, with: CollectionOfOne(text))
    }

    /// Puts the items in a new order: the item at place `i` is the one that was at `sources[i]`.
    mutating func reorder(_ sources: [Int]) {
        var texts: [ArraySlice<UInt8>] = []
        texts.reserveCapacity(count)
        for chunk in chunks {
            for row in 0..<chunk.count { texts.append(chunk.text(at: row)) }
        }
        self = TypeAheadSection()
        for source in sources { append(texts[source]) }
    }

    /// `chunk` cut into chunks of ``chunkRows`` when it has grown past twice that.
    private static func split(_ chunk: TypeAheadChunk) -> [TypeAheadChunk] {
        guard chunk.count > 2 * chunkRows else { return [chunk] }
        return stride(from: 0, to: chunk.count, by: chunkRows).map { chunk.rows($0..<min($0 + chunkRows, chunk.count)) }
    }
}
