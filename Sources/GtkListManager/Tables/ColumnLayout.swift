/// Where a table's shown columns are: each one's start from the leading edge and its width,
/// worked out from the rules, the user's widths and the measured content — never from the rows
/// on screen, so scrolling cannot change it.
struct ColumnLayout: Equatable {
    /// A shown column and its place.
    struct Placed: Equatable {
        let column: TableColumn
        let start: Int
        let width: Int
        var end: Int { start + width }
    }

    /// The shown columns in the order the user sees them.
    let placed: [Placed]
    /// The width of all shown columns together.
    var totalWidth: Int { placed.last?.end ?? 0 }

    static let empty = ColumnLayout(placed: [])

    private init(placed: [Placed]) {
        self.placed = placed
    }

    /// The layout of `columns` (in the order shown, hidden ones left out) in `availableWidth`.
    ///
    /// A user's width wins over the rule; a fit-content column takes its `fittedWidths` entry
    /// (its minimum until measured); share columns divide what the others leave free.
    init(columns: [TableColumn], userWidths: [String: Int], fittedWidths: [String: Int], availableWidth: Int) {
        var widths = [Int?](repeating: nil, count: columns.count)
        var shares: [(index: Int, share: Double)] = []
        for (index, column) in columns.enumerated() {
            if let width = userWidths[column.id] {
                widths[index] = column.clamped(width)
                continue
            }
            switch column.width {
            case let .fixed(width): widths[index] = column.clamped(width)
            case .fitContent: widths[index] = column.clamped(fittedWidths[column.id] ?? column.minimumWidth)
            case let .share(share): shares.append((index, max(share, 0)))
            }
        }
        let taken = widths.reduce(0) { $0 + ($1 ?? 0) }
        let free = max(availableWidth - taken, 0)
        let totalShare = shares.reduce(0) { $0 + $1.share }
        // Whole pixels: the last share column takes what rounding left, so shares fill the
        // free width exactly.
        var given = 0
        for (order, entry) in shares.enumerated() {
            let isLast = order == shares.count - 1
            let exact = totalShare > 0 ? Double(free) * entry.share / totalShare : 0
            let width = isLast ? free - given : Int(exact.rounded(.down))
            widths[entry.index] = columns[entry.index].clamped(width)
            given += width
        }
        var start = 0
        var placed: [Placed] = []
        placed.reserveCapacity(columns.count)
        for (index, column) in columns.enumerated() {
            let width = widths[index] ?? column.minimumWidth
            placed.append(Placed(column: column, start: start, width: width))
            start += width
        }
        self.init(placed: placed)
    }

    /// The index of the shown column with this identifier.
    func index(of columnID: String) -> Int? {
        placed.firstIndex { $0.column.id == columnID }
    }

    /// The shown columns that cross `start..<end` (pixels from the leading edge), found by
    /// binary search: the columns a viewport shows.
    func columns(crossing start: Int, _ end: Int) -> Range<Int> {
        guard end > start, !placed.isEmpty else { return 0..<0 }
        let first = firstIndex { $0.end > start }
        let last = firstIndex { $0.start >= end }
        return first..<max(first, last)
    }

    /// The shown column under `offset` pixels from the leading edge.
    func column(at offset: Int) -> Int? {
        let index = firstIndex { $0.end > offset }
        return index < placed.count && placed[index].start <= offset ? index : nil
    }

    /// The first index whose column satisfies `isAfter` (which is false, then true, along the
    /// columns), or `placed.count`.
    private func firstIndex(where isAfter: (Placed) -> Bool) -> Int {
        var low = 0
        var high = placed.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(placed[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
