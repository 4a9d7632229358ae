/// One section of a ``GridLineIndex`` laid out at a width, in coordinates from the section's
/// top: the header band, lines of cells, the footer band.
struct GridSectionShape {
    let headerHeight: Int
    let footerHeight: Int
    let cell: GridSize
    let columns: Int
    let lines: Int
    let insets: EdgeInsets
    let lineSpacing: Int
    /// The space between cells of a line: at least the item spacing, the line justified.
    private let freeSpace: Int
    /// The height of the cells and the insets and spacing around them.
    let itemsHeight: Int

    var height: Int { headerHeight + itemsHeight + footerHeight }

    init(of entry: GridSectionEntry, width: Int, layout: VirtualGridLayout, estimates: GridEstimates) {
        headerHeight = entry.hasHeader ? entry.headerHeight.known(fixed: layout.headerHeight) ?? estimates.headerHeight : 0
        footerHeight = entry.hasFooter ? entry.footerHeight.known(fixed: layout.footerHeight) ?? estimates.footerHeight : 0
        insets = entry.metrics.insets ?? layout.sectionInsets
        lineSpacing = max(entry.metrics.lineSpacing ?? layout.lineSpacing, 0)
        let itemSpacing = max(entry.metrics.itemSpacing ?? layout.itemSpacing, 0)
        let natural = entry.resolvedCellSize(layout: layout) ?? estimates.cellSize
        let available = max(width - insets.leading - insets.trailing, 1)
        let fitting = (available + itemSpacing) / (max(natural.width, 1) + itemSpacing)
        columns = max(min(max(fitting, layout.minimumColumns), layout.maximumColumns), 1)
        // Narrower cells when the minimum of columns does not fit at their size.
        let widest = (available - (columns - 1) * itemSpacing) / columns
        cell = GridSize(width: max(min(natural.width, widest), 1), height: max(natural.height, 1))
        freeSpace = max(available - columns * cell.width, 0)
        lines = (entry.items + columns - 1) / columns
        itemsHeight = lines == 0 ? 0 : insets.top + lines * cell.height + (lines - 1) * lineSpacing + insets.bottom
    }

    /// The band of `part`: its top and height.
    func band(of part: GridSectionEntry.Part) -> (top: Int, height: Int) {
        switch part {
        case .header:
            return (0, headerHeight)
        case let .item(item):
            let line = item / columns
            let top = line == 0 ? headerHeight : lineTop(line)
            let bottom = line == lines - 1 ? headerHeight + itemsHeight : lineTop(line + 1)
            return (top, bottom - top)
        case .footer:
            return (headerHeight + itemsHeight, footerHeight)
        }
    }

    /// The first part of the band covering `offset`.
    func part(atOffset offset: Int, in entry: GridSectionEntry) -> GridSectionEntry.Part {
        if entry.hasHeader, offset < headerHeight || (lines == 0 && !entry.hasFooter) { return .header }
        if lines > 0, offset < headerHeight + itemsHeight || !entry.hasFooter {
            let line = (offset - headerHeight - insets.top) / (cell.height + lineSpacing)
            return .item(min(max(line, 0), lines - 1) * columns)
        }
        return .footer
    }

    /// Where `part` sits, `width` being the grid's.
    func frame(of part: GridSectionEntry.Part, width: Int) -> ContentFrame {
        switch part {
        case .header:
            return ContentFrame(x: 0, y: 0, width: width, height: headerHeight)
        case let .item(item):
            let column = item % columns
            let gaps = columns > 1 ? column * freeSpace / (columns - 1) : 0
            let x = insets.leading + column * cell.width + gaps
            return ContentFrame(x: x, y: lineTop(item / columns), width: cell.width, height: cell.height)
        case .footer:
            return ContentFrame(x: 0, y: headerHeight + itemsHeight, width: width, height: footerHeight)
        }
    }

    private func lineTop(_ line: Int) -> Int {
        headerHeight + insets.top + line * (cell.height + lineSpacing)
    }
}

/// The sizes a grid counts for what it has not measured yet: the mean header, footer and cell
/// of those it knows.
struct GridEstimates {
    var headerHeight = 24
    var footerHeight = 24
    var cellSize = GridSize(width: 100, height: 100)

    init(sections: [GridSectionEntry], layout: VirtualGridLayout) {
        var headers = Mean(), footers = Mean(), widths = Mean(), heights = Mean()
        for section in sections {
            if let height = section.headerHeight.known(fixed: layout.headerHeight) { headers.add(height) }
            if let height = section.footerHeight.known(fixed: layout.footerHeight) { footers.add(height) }
            if let size = section.resolvedCellSize(layout: layout) {
                widths.add(size.width)
                heights.add(size.height)
            }
        }
        headerHeight = headers.value ?? headerHeight
        footerHeight = footers.value ?? footerHeight
        if let width = widths.value, let height = heights.value { cellSize = GridSize(width: width, height: height) }
    }

    private struct Mean {
        private var sum = 0, count = 0
        var value: Int? { count > 0 ? sum / count : nil }
        mutating func add(_ value: Int) {
            sum += value
            count += 1
        }
    }
}

extension GridSectionEntry {
    /// The size of the section's cells: each side as given, else measured; with none given,
    /// the layout's, else measured. Nil when not known yet.
    func resolvedCellSize(layout: VirtualGridLayout) -> GridSize? {
        let fallback = givenCellSize == nil ? layout.cellSize ?? measuredCellSize : measuredCellSize
        let width = givenCellSize.flatMap { $0.width >= 0 ? $0.width : nil } ?? fallback?.width
        let height = givenCellSize.flatMap { $0.height >= 0 ? $0.height : nil } ?? fallback?.height
        guard let width, let height else { return nil }
        return GridSize(width: width, height: height)
    }
}
