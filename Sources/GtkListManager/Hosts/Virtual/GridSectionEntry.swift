/// What a ``GridLineIndex`` knows of one section: which rows it has, the sizes measured or
/// given, and its spacing.
struct GridSectionEntry {
    /// A row of the section: its header, its cell of index `item`, or its footer.
    enum Part: Equatable {
        case header
        case item(Int)
        case footer
    }

    /// A header's or footer's height: given by a sizing event, or measured.
    struct Height: Equatable {
        var given: Int?
        var measured: Int?

        /// The height: given, else the layout's `fixed` one, else measured.
        func known(fixed: Int?) -> Int? { given ?? fixed ?? measured }
    }

    var hasHeader = false
    var items = 0
    var hasFooter = false
    var headerHeight = Height()
    var footerHeight = Height()
    var givenCellSize: GridSize?
    var measuredCellSize: GridSize?
    var metrics = SectionMetrics()

    var rowCount: Int { items + (hasHeader ? 1 : 0) + (hasFooter ? 1 : 0) }

    /// The part at `offset` rows from the section's first.
    func part(at offset: Int) -> Part {
        if hasHeader, offset == 0 { return .header }
        let item = offset - (hasHeader ? 1 : 0)
        return item < items ? .item(item) : .footer
    }

    /// How many rows from the section's first `part` is.
    func offset(of part: Part) -> Int {
        let header = hasHeader ? 1 : 0
        switch part {
        case .header: return 0
        case let .item(item): return header + item
        case .footer: return header + items
        }
    }

    /// Removes the rows at `offsets` from the section's first.
    mutating func remove(_ offsets: Range<Int>) {
        let removesHeader = hasHeader && offsets.contains(0)
        let removesFooter = hasFooter && offsets.contains(rowCount - 1)
        items -= offsets.count - (removesHeader ? 1 : 0) - (removesFooter ? 1 : 0)
        if removesHeader {
            hasHeader = false
            headerHeight = Height()
        }
        if removesFooter {
            hasFooter = false
            footerHeight = Height()
        }
    }
}
