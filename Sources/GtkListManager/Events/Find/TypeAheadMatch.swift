import Foundation

/// How a row's text matches a type-ahead query, and the folding both go through first, as
/// GtkTreeView's search folds them: case and diacritics ignored ("É" finds "e", "ß" finds "SS").
enum TypeAheadMatch: CaseIterable {
    /// The text starts with the query: found first.
    case prefix
    /// The query is inside the text.
    case substring

    /// The bytes to look for in a ``TypeAheadChunk`` for the folded `query`: a prefix is the query
    /// right after a row's separator.
    func needle(for query: [UInt8]) -> [UInt8] {
        self == .prefix ? [TypeAheadChunk.separator] + query : query
    }

    /// `text` as the search compares it, in UTF-8.
    static func fold(_ text: String) -> [UInt8] {
        var utf8 = text.utf8
        // Most findable text is ASCII, where folding is lowering the case (what Foundation's
        // folding does to it too), without Foundation's cost per string.
        let folded: [UInt8]? =
            utf8.withContiguousStorageIfAvailable { bytes in
                var folded = [UInt8](repeating: 0, count: bytes.count)
                for offset in 0..<bytes.count {
                    let byte = bytes[offset]
                    guard byte < 0x80 else { return nil }
                    folded[offset] = byte == TypeAheadChunk.separator ? 0x20 : (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return folded
            } ?? nil
        if let folded { return folded }
        utf8 = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8
        return utf8.map { $0 == TypeAheadChunk.separator ? 0x20 : $0 }
    }
}
