import ModelStorage

/// One section of a ``GridLineIndex`` laid out at a width, in coordinates from the section's
/// top: the supplementary bands above the cells, lines of cells, the bands below them.
struct GridSectionShape {
    /// The heights of the bands above the cells and below them, summed.
    let leadingHeight: Int
    let trailingHeight: Int
    let cell: GridSize
    let columns: Int
    let lines: Int
    let insets: EdgeInsets
    let lineSpacing: Int
    /// The space between cells of a line: at least the item spacing, the line justified.
    private let freeSpace: Int
    /// The height of the cells and the insets and spacing around them.
    let itemsHeight: Int

    var height: Int { leadingHeight + itemsHeight + trailingHeight }

    init(of entry: GridSectionEntry, width: Int, layout: VirtualGridLayout, estimates: GridEstimates) {
        leadingHeight = entry.leading.reduce(0) { $0 + estimates.height(of: $1, layout: layout) }
        trailingHeight = entry.trailing.reduce(0) { $0 + estimates.height(of: $1, layout: layout) }
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
    func band(of part: GridSectionEntry.Part, in entry: GridSectionEntry, layout: VirtualGridLayout, estimates: GridEstimates) -> (
        top: Int, height: Int
    ) {
        switch part {
        case let .leading(index):
            let top = entry.leading[..<index].reduce(0) { $0 + estimates.height(of: $1, layout: layout) }
            return (top, estimates.height(of: entry.leading[index], layout: layout))
        case let .item(item):
            let line = item / columns
            let top = line == 0 ? leadingHeight : lineTop(line)
            let bottom = line == lines - 1 ? leadingHeight + itemsHeight : lineTop(line + 1)
            return (top, bottom - top)
        case let .trailing(index):
            let above = entry.trailing[..<index].reduce(0) { $0 + estimates.height(of: $1, layout: layout) }
            return (leadingHeight + itemsHeight + above, estimates.height(of: entry.trailing[index], layout: layout))
        }
    }

    /// The first part of the band covering `offset`.
    func part(atOffset offset: Int, in entry: GridSectionEntry, layout: VirtualGridLayout, estimates: GridEstimates)
        -> GridSectionEntry.Part
    {
        if offset < leadingHeight || (lines == 0 && entry.trailing.isEmpty), !entry.leading.isEmpty {
            return .leading(bandIndex(atOffset: offset, in: entry.leading, layout: layout, estimates: estimates))
        }
        if lines > 0, offset < leadingHeight + itemsHeight || entry.trailing.isEmpty {
            let line = (offset - leadingHeight - insets.top) / (cell.height + lineSpacing)
            return .item(min(max(line, 0), lines - 1) * columns)
        }
        let below = offset - leadingHeight - itemsHeight
        return .trailing(bandIndex(atOffset: below, in: entry.trailing, layout: layout, estimates: estimates))
    }

    /// The index of the band covering `offset` from the first of `bands`, clamped to them.
    private func bandIndex(atOffset offset: Int, in bands: [GridSectionEntry.Band], layout: VirtualGridLayout, estimates: GridEstimates)
        -> Int
    {
        var bottom = 0
        for (index, band) in bands.enumerated() {
            bottom += estimates.height(of: band, layout: layout)
            if offset < bottom { return index }
        }
        return bands.count - 1
    }

    /// Where `part` sits, `width` being the grid's.
    func frame(of part: GridSectionEntry.Part, in entry: GridSectionEntry, width: Int, layout: VirtualGridLayout, estimates: GridEstimates)
        -> ContentFrame
    {
        guard case let .item(item) = part else {
            let band = band(of: part, in: entry, layout: layout, estimates: estimates)
            return ContentFrame(x: 0, y: band.top, width: width, height: band.height)
        }
        let column = item % columns
        let gaps = columns > 1 ? column * freeSpace / (columns - 1) : 0
        let x = insets.leading + column * cell.width + gaps
        return ContentFrame(x: x, y: lineTop(item / columns), width: cell.width, height: cell.height)
    }

    private func lineTop(_ line: Int) -> Int {
        leadingHeight + insets.top + line * (cell.height + lineSpacing)
    }
}

/// The sizes a grid counts for what it has not measured yet: the mean height of the bands of
/// each supplementary kind and the mean cell of those it knows.
struct GridEstimates {
    /// A band's height when no band of its kind is known.
    static let bandHeight = 24
    private var bandHeights: [SupplementaryKind: Int] = [:]
    var cellSize = GridSize(width: 100, height: 100)

    init(sections: [GridSectionEntry], layout: VirtualGridLayout) {
        var bands: [SupplementaryKind: Mean] = [:], widths = Mean(), heights = Mean()
        for section in sections {
            for band in section.leading { bands.add(band, layout: layout) }
            for band in section.trailing { bands.add(band, layout: layout) }
            if let size = section.resolvedCellSize(layout: layout) {
                widths.add(size.width)
                heights.add(size.height)
            }
        }
        bandHeights = bands.compactMapValues(\.value)
        if let width = widths.value, let height = heights.value { cellSize = GridSize(width: width, height: height) }
    }

    /// The height `band` counts for: its own when known, else the mean of its kind's.
    func height(of band: GridSectionEntry.Band, layout: VirtualGridLayout) -> Int {
        band.known(fixed: layout.fixedHeight(of: band.kind)) ?? bandHeights[band.kind] ?? Self.bandHeight
    }

    fileprivate struct Mean {
        private var sum = 0, count = 0
        var value: Int? { count > 0 ? sum / count : nil }
        mutating func add(_ value: Int) {
            sum += value
            count += 1
        }
    }
}

extension [SupplementaryKind: GridEstimates.Mean] {
    /// Counts `band`'s height in the mean of its kind, when it is known.
    fileprivate mutating func add(_ band: GridSectionEntry.Band, layout: VirtualGridLayout) {
        if let height = band.known(fixed: layout.fixedHeight(of: band.kind)) { self[band.kind, default: GridEstimates.Mean()].add(height) }
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
