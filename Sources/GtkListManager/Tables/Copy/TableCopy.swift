import ModelStorage

/// What a copy holds: the rows' models taken when the user copied (O(rows)), the columns and
/// whether a header line leads. The text of each format is made when it is first asked for
/// (a paste), as UTF-8 bytes (`CopyTextWriter`), then kept for the next ask.
@MainActor
final class TableCopy {
    let columns: [TableColumn]
    /// The copied rows' index paths and their models (optionals unwrapped; nil for a row left
    /// out: no item there, or an empty optional), as read at once.
    let indexPaths: [IndexPath]
    let models: [Any?]
    let includesHeader: Bool
    /// The format plain-text targets get (the other targets name theirs).
    let plainTextFormat: TableCopyFormat
    private let cells: TableCellMappings
    private var texts: [TableCopyFormat: [UInt8]] = [:]

    init(
        columns: [TableColumn], indexPaths: [IndexPath], models: [Any?], includesHeader: Bool, plainTextFormat: TableCopyFormat,
        cells: TableCellMappings
    ) {
        self.columns = columns
        self.indexPaths = indexPaths
        self.models = models
        self.includesHeader = includesHeader
        self.plainTextFormat = plainTextFormat
        self.cells = cells
    }

    /// The copy as text in `format`: made the first time, kept after.
    func text(in format: TableCopyFormat) -> String {
        String(decoding: bytes(in: format), as: UTF8.self)
    }

    /// The copy as UTF-8 text in `format` (what the clipboard hands over): made the first
    /// time, kept after.
    func bytes(in format: TableCopyFormat) -> [UInt8] {
        if let text = texts[format] { return text }
        let text = makeText(in: format)
        texts[format] = text
        return text
    }

    private func makeText(in format: TableCopyFormat) -> [UInt8] {
        var readers: [CellText] = []
        for column in columns { readers.append(CellText(column: column, cells: cells)) }
        var writer = CopyTextWriter(format: format)
        if includesHeader {
            for column in columns { writer.appendCell(column.title) }
            writer.endLine()
        }
        let rowWriter = typedRowWriter()
        var isFirstLine = true
        for (indexPath, model) in zip(indexPaths, models) {
            guard let model else { continue }
            if rowWriter?(model, indexPath, &writer) != true {
                for reader in readers { writer.appendCell(reader.text(of: model, at: indexPath)) }
            }
            writer.endLine()
            if isFirstLine {
                // Room for every line once the first says how long a line is (a fourth more).
                writer.reserveCapacity(writer.bytes.count * models.count * 5 / 4)
                isFirstLine = false
            }
        }
        return writer.bytes
    }

    /// One writer of every column when all are declared for one model type.
    private func typedRowWriter() -> CopyRowWriter? {
        var typed: [any TypedCopyText] = []
        for column in columns {
            guard let text = column.typedCopyText else { return nil }
            typed.append(text)
        }
        return typed.first?.rowWriter(for: typed)
    }
}
