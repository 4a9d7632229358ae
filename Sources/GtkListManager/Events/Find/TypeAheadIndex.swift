import Foundation

/// The folded findable text of every item of a list, section by section, where type-ahead find
/// looks for its query: one `memmem` per chunk of a thousand rows rather than reading and
/// folding each model per keystroke, so a search over a million rows costs milliseconds.
///
/// Built once in slices (``TypeAheadIndexBuild``), then kept in step with the list's change sets
/// (``apply(_:text:)``) in O(change).
struct TypeAheadIndex {
    /// Each section's texts (changed by ``apply(_:text:)``, in its own file).
    var sections: [TypeAheadSection] = []

    /// Starts an empty section after the others, for the build.
    mutating func appendSection() {
        sections.append(TypeAheadSection())
    }

    /// Adds an item of folded `text` at the end of the last section, for the build.
    mutating func append(_ text: [UInt8]) {
        sections[sections.count - 1].append(text)
    }

    /// The folded text of the item at `indexPath`.
    func text(at indexPath: IndexPath) -> ArraySlice<UInt8> {
        sections[indexPath.section].text(at: indexPath.item)
    }

    /// The next item from `start` (itself when `includingStart`), going `forward` or back and
    /// wrapping around the list, whose text starts with `query` (both folded); else the next whose
    /// text contains it; nil when none does.
    func next(_ query: String, from start: IndexPath, forward: Bool, includingStart: Bool) -> IndexPath? {
        let spans = chunkSpans(), query = TypeAheadMatch.fold(query)
        guard !spans.isEmpty, !query.isEmpty else { return nil }
        var position = self.position(of: start, in: spans)
        if !includingStart { position = step(position, forward: forward, in: spans) }
        for match in TypeAheadMatch.allCases {
            let needle = match.needle(for: query)
            if let (span, row) = search(needle, from: position, forward: forward, in: spans) {
                return IndexPath(item: spans[span].firstItem + row, section: spans[span].section)
            }
        }
        return nil
    }

    /// A chunk as the search walks it: its section, its place there, and its first item.
    private struct ChunkSpan {
        let section: Int
        let chunk: Int
        let firstItem: Int
    }

    /// Every chunk, in list order.
    private func chunkSpans() -> [ChunkSpan] {
        var spans: [ChunkSpan] = []
        for (section, texts) in sections.enumerated() {
            var firstItem = 0
            for (index, chunk) in texts.chunks.enumerated() {
                spans.append(ChunkSpan(section: section, chunk: index, firstItem: firstItem))
                firstItem += chunk.count
            }
        }
        return spans
    }

    private func chunk(_ span: ChunkSpan) -> TypeAheadChunk {
        sections[span.section].chunks[span.chunk]
    }

    /// The span and row of `indexPath`; the first item after it when it is past its section's end.
    private func position(of indexPath: IndexPath, in spans: [ChunkSpan]) -> (span: Int, row: Int) {
        for (index, span) in spans.enumerated() {
            if span.section == indexPath.section, indexPath.item < span.firstItem + chunk(span).count {
                return (index, max(0, indexPath.item - span.firstItem))
            }
            if span.section > indexPath.section { return (index, 0) }
        }
        return (0, 0)
    }

    /// The row after (or before) `position`, wrapping around the list.
    private func step(_ position: (span: Int, row: Int), forward: Bool, in spans: [ChunkSpan]) -> (span: Int, row: Int) {
        if forward {
            if position.row + 1 < chunk(spans[position.span]).count { return (position.span, position.row + 1) }
            return ((position.span + 1) % spans.count, 0)
        }
        if position.row > 0 { return (position.span, position.row - 1) }
        let previous = (position.span + spans.count - 1) % spans.count
        return (previous, chunk(spans[previous]).count - 1)
    }

    /// The first row holding `needle` in list order from `position` (itself first), wrapping
    /// around; going back when not `forward`.
    private func search(
        _ needle: [UInt8], from position: (span: Int, row: Int), forward: Bool, in spans: [ChunkSpan]
    ) -> (span: Int, row: Int)? {
        let first = chunk(spans[position.span])
        // The start's chunk from the start on, every other chunk once, then the start's chunk
        // before the start (the other way round going back).
        let head = forward ? position.row..<first.count : 0..<position.row + 1
        let tail = forward ? 0..<position.row : position.row + 1..<first.count
        if let row = first.match(of: needle, in: head, last: !forward) { return (position.span, row) }
        for step in 1..<spans.count {
            let span = (position.span + (forward ? step : spans.count - step)) % spans.count
            let chunk = self.chunk(spans[span])
            if let row = chunk.match(of: needle, in: 0..<chunk.count, last: !forward) { return (span, row) }
        }
        return first.match(of: needle, in: tail, last: !forward).map { (position.span, $0) }
    }
}
