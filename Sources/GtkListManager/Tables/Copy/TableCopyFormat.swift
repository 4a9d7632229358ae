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

    // By Unicode scalars: a tab, a line break or a quote followed by a combining mark is one
    // Character with it, and must still be escaped.
    private static func appendTSV(_ cell: String, to text: inout String) {
        // Most cells hold no tab or line break: appended whole.
        guard cell.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text.append(cell) }
        var afterCarriageReturn = false
        for scalar in cell.unicodeScalars {
            switch scalar {
            // "\r\n" is one line break: one space.
            case "\n" where afterCarriageReturn: break
            case "\t", "\n", "\r": text.unicodeScalars.append(" ")
            default: text.unicodeScalars.append(scalar)
            }
            afterCarriageReturn = scalar == "\r"
        }
    }

    private static func appendCSV(_ cell: String, to text: inout String) {
        guard cell.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text.append(cell) }
        text.append("\"")
        for scalar in cell.unicodeScalars {
            if scalar == "\"" { text.unicodeScalars.append("\"") }
            text.unicodeScalars.append(scalar)
        }
        text.append("\"")
    }
}
