import Foundation

/// How a row's text matches a type-ahead query, folded as GtkTreeView's search folds it: case
/// and diacritics ignored ("É" finds "e", "ß" finds "SS").
enum TypeAheadMatch: Comparable {
    /// The text starts with the query: found first.
    case prefix
    /// The query is inside the text.
    case substring

    /// `text` as the search compares it.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// How the folded `text` matches the folded `query`; nil when it does not.
    static func of(_ text: String, query: String) -> TypeAheadMatch? {
        if text.hasPrefix(query) { return .prefix }
        return text.contains(query) ? .substring : nil
    }

    /// The next row from `start` (itself when `includingStart`), going `forward` or back and
    /// wrapping around the `count` rows, whose text (`text`, folded; nil for rows that cannot be
    /// found) starts with `query`; else the next that contains it; nil when none does.
    static func next(
        _ query: String, among count: Int, from start: Int, forward: Bool, includingStart: Bool, text: (Int) -> String?
    ) -> Int? {
        guard count > 0, !query.isEmpty else { return nil }
        var firstSubstring: Int?
        let first = includingStart ? 0 : 1
        for step in first..<(count + first) {
            let row = ((start + (forward ? step : -step)) % count + count) % count
            guard let rowText = text(row) else { continue }
            switch of(rowText, query: query) {
            case .prefix: return row
            case .substring: if firstSubstring == nil { firstSubstring = row }
            case nil: continue
            }
        }
        return firstSubstring
    }
}
