import ModelStorage

/// What a copy holds: the rows' models taken when the user copied (O(rows)), the columns and
/// whether a header line leads. The text of each format is made when it is first asked for
/// (a paste), then kept for the next ask.
@MainActor
final class TableCopy {
    /// A copied row: its model (optionals unwrapped) and where it was.
    struct Row {
        let model: Any
        let indexPath: IndexPath
    }

    let columns: [TableColumn]
    let rows: [Row]
    let includesHeader: Bool
    /// The format plain-text targets get (the other targets name theirs).
    let plainTextFormat: TableCopyFormat
    private let cells: TableCellMappings
    private var texts: [TableCopyFormat: String] = [:]

    init(columns: [TableColumn], rows: [Row], includesHeader: Bool, plainTextFormat: TableCopyFormat, cells: TableCellMappings) {
        self.columns = columns
        self.rows = rows
        self.includesHeader = includesHeader
        self.plainTextFormat = plainTextFormat
        self.cells = cells
    }

    /// The copy as text in `format`: made the first time, kept after.
    func text(in format: TableCopyFormat) -> String {
        if let text = texts[format] { return text }
        let text = makeText(in: format)
        texts[format] = text
        return text
    }

    private func makeText(in format: TableCopyFormat) -> String {
        var readers: [CellText] = []
        for column in columns { readers.append(CellText(column: column, cells: cells)) }
        var text = ""
        var line: [String] = []
        line.reserveCapacity(columns.count)
        if includesHeader {
            for column in columns { line.append(column.title) }
            format.append(line, to: &text)
        }
        let rowReader = typedRowReader()
        for row in rows {
            line.removeAll(keepingCapacity: true)
            if rowReader?.append(textsOf: row.model, at: row.indexPath, to: &line) != true {
                for reader in readers { line.append(reader.text(of: row.model, at: row.indexPath)) }
            }
            format.append(line, to: &text)
        }
        return text
    }

    /// One reader of every column when all are declared for one model type.
    private func typedRowReader() -> (any RowCopyReader)? {
        var typed: [any TypedCopyText] = []
        for column in columns {
            guard let text = column.typedCopyText else { return nil }
            typed.append(text)
        }
        return typed.first?.rowReader(for: typed)
    }
}
