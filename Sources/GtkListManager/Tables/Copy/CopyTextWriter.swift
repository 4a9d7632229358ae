/// Writes a copy's text straight into one buffer of UTF-8 bytes, cell by cell and line by
/// line, in a ``TableCopyFormat``: what the clipboard hands over, without a `String` appended
/// to per cell (a copy of 100,000 rows spent half its text there). A cell's text is scanned
/// once for what its format escapes, and copied whole when it holds none, as most do
/// (CONTRIBUTING, Hot paths: 19).
@usableFromInline
struct CopyTextWriter {
    let format: TableCopyFormat
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []
    /// Whether the next cell starts a line (no separator before it).
    private var startsLine = true

    init(format: TableCopyFormat) {
        self.format = format
    }

    /// Makes room for `count` bytes in all.
    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Appends the next cell of the line, its separator before it.
    @usableFromInline
    mutating func appendCell(_ text: String) {
        if startsLine {
            startsLine = false
        } else {
            bytes.append(format == .tsv ? 0x09 : 0x2C)
        }
        var text = text
        let escaped: Bool = text.withUTF8 { utf8 in
            guard !format.needsEscaping(utf8) else { return true }
            bytes.append(contentsOf: utf8)
            return false
        }
        // The few cells that need it, as before: a character at a time (`TableCopyFormat`).
        if escaped { bytes.append(contentsOf: format.escaped(text).utf8) }
    }

    /// Ends the line (its line break appended): the next cell starts the next.
    mutating func endLine() {
        if format == .tsv {
            bytes.append(0x0A)
        } else {
            bytes.append(0x0D)
            bytes.append(0x0A)
        }
        startsLine = true
    }

    /// Appends the line of `cells`, its line break included.
    mutating func appendLine(_ cells: [String]) {
        for cell in cells { appendCell(cell) }
        endLine()
    }
}

extension TableCopyFormat {
    /// Whether a cell of `utf8` is escaped in this format: it holds a tab or a line break
    /// (TSV), a comma, a double quote or a line break (CSV).
    fileprivate func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .tsv:
            for byte in utf8 where byte == 0x09 || byte == 0x0A || byte == 0x0D { return true }
        case .csv:
            for byte in utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
        }
        return false
    }
}
