/// How a table's cells are written as text when they are copied
/// (``ListTable/copySelection(as:includingHeader:)``, ``ListTable/text(ofRows:columns:format:includingHeader:)``).
public enum TableCopyFormat: Hashable, Sendable, CaseIterable {
    /// Tab-separated values, what spreadsheets paste into cells: a line per row ending in a
    /// line feed, the cells separated by tabs. A tab or a line break inside a cell's text
    /// becomes a space, so each line stays one row.
    case tsv
    /// Comma-separated values (RFC 4180): a record per row ending in CR LF, the cells separated
    /// by commas; a cell holding a comma, a double quote or a line break is quoted, its double
    /// quotes doubled.
    case csv

    /// `cell` escaped for this format (a cell that holds what the format escapes:
    /// `CopyTextWriter` copies the others as they are).
    func escaped(_ cell: String) -> String {
        var text = ""
        switch self {
        case .tsv: Self.appendTSV(cell, to: &text)
        case .csv: Self.appendCSV(cell, to: &text)
        }
        return text
    }

    private static func appendTSV(_ cell: String, to text: inout String) {
        // Most cells hold no tab or line break: appended whole.
        guard cell.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text.append(cell) }
        // "\r\n" is one Character: one space.
        for character in cell {
            text.append(character == "\t" || character == "\n" || character == "\r" || character == "\r\n" ? " " : character)
        }
    }

    private static func appendCSV(_ cell: String, to text: inout String) {
        guard cell.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text.append(cell) }
        text.append("\"")
        for character in cell {
            if character == "\"" { text.append("\"") }
            text.append(character)
        }
        text.append("\"")
    }
}
