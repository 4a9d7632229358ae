import ModelStorage

/// The sections of a virtualized grid and where their positions sit: per section the bands of
/// the supplementary views placed before its items (the header first), lines of cells of one
/// size, and the bands of those placed after them (the footer last), stacked from the top.
///
/// The index keeps O(sections) state, never O(cells): a section is its counts, its measured or
/// given sizes and its spacing. The offsets of the sections are summed again, O(sections), on
/// the first look-up after a change; a look-up is a binary search over the sections and
/// arithmetic inside one.
///
/// Bands cut the content without gaps: the first line of cells also covers the section's top
/// inset, every line the spacing below it, and the last line the bottom inset.
struct GridLineIndex {
    let layout: VirtualGridLayout

    private var sections: [GridSectionEntry] = []
    private var width = 0
    /// Per section, summed again when stale: its first position and top, one more entry for
    /// the totals, and its shape at the current width.
    private var starts = SectionStarts()
    private var tops: [Int] = [0]
    private var shapes: [GridSectionShape] = []
    /// Per section, the lines of cells of the sections above it: the table's row of its first
    /// line (accessibility); one more entry for the total.
    private var lineStarts: [Int] = [0]
    private var estimates: GridEstimates
    private var isCurrent = true

    init(layout: VirtualGridLayout) {
        self.layout = layout
        estimates = GridEstimates(sections: [], layout: layout)
    }

    /// The number of positions.
    private(set) var count = 0

    // MARK: - Looking up

    /// Where `position` is: its section, and its part of it.
    mutating func locate(_ position: Int) -> (section: Int, part: GridSectionEntry.Part) {
        refresh()
        // Past the end: the last section's (the caller asks only for positions it has).
        let section = starts.section(containing: position) ?? sections.count - 1
        return (section, sections[section].part(at: position - starts[section]))
    }

    /// The position of `part` of section `section`.
    mutating func position(of part: GridSectionEntry.Part, inSection section: Int) -> Int {
        refresh()
        return starts[section] + sections[section].offset(of: part)
    }

    /// The section whose span covers `offset`, clamped to the sections that have rows.
    private mutating func section(atOffset offset: Int) -> Int? {
        refresh()
        guard let last = sections.lastIndex(where: { $0.rowCount > 0 }) else { return nil }
        let offset = max(offset, 0)
        var low = 0, high = last
        while low < high {
            let middle = (low + high) / 2
            if tops[middle + 1] > offset { high = middle } else { low = middle + 1 }
        }
        // A section of rows that take no height covers no offset: the next one with rows.
        return sections[low...].firstIndex { $0.rowCount > 0 }
    }

    // MARK: - Keeping current

    private mutating func refresh() {
        guard !isCurrent else { return }
        estimates = GridEstimates(sections: sections, layout: layout)
        starts = SectionStarts(count: sections.count) { sections[$0].rowCount }
        tops = [0]
        tops.reserveCapacity(sections.count + 1)
        shapes = sections.map { GridSectionShape(of: $0, width: width, layout: layout, estimates: estimates) }
        for shape in shapes { tops.append(tops[tops.count - 1] + shape.height) }
        lineStarts = [0]
        lineStarts.reserveCapacity(sections.count + 1)
        for shape in shapes { lineStarts.append(lineStarts[lineStarts.count - 1] + shape.lines) }
        isCurrent = true
    }

    private mutating func change(section index: Int, _ body: (inout GridSectionEntry) -> Void) {
        body(&sections[index])
        isCurrent = false
    }
}

// MARK: - As a table

// Accessibility reads the grid as one table: its rows are the lines of cells of every section
// (headers and footers are not rows), its columns the most cells a line holds.
extension GridLineIndex {
    mutating func tableShape() -> (rows: Int, columns: Int)? {
        refresh()
        return (lineStarts[lineStarts.count - 1], shapes.map(\.columns).max() ?? 0)
    }

    mutating func tableCell(of position: Int) -> AccessibleRowDescription.CellPosition? {
        let (section, part) = locate(position)
        guard case let .item(item) = part else { return nil }
        let columns = shapes[section].columns
        return AccessibleRowDescription.CellPosition(row: lineStarts[section] + item / columns, column: item % columns)
    }

    mutating func position(ofTableCell cell: AccessibleRowDescription.CellPosition) -> Int? {
        refresh()
        guard cell.row >= 0, cell.row < lineStarts[lineStarts.count - 1], cell.column >= 0 else { return nil }
        // The last section whose first line is at or above the row.
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= cell.row { low = middle } else { high = middle - 1 }
        }
        let columns = shapes[low].columns
        let item = (cell.row - lineStarts[low]) * columns + cell.column
        guard cell.column < columns, item < sections[low].items else { return nil }
        return position(of: .item(item), inSection: low)
    }
}

// MARK: - The host's questions

extension GridLineIndex: VirtualLayoutIndex {
    var isGrid: Bool { true }

    var totalHeight: Int {
        mutating get {
            refresh()
            return tops[tops.count - 1]
        }
    }

    mutating func band(of position: Int) -> (top: Int, height: Int) {
        let (section, part) = locate(position)
        let band = shapes[section].band(of: part, in: sections[section], layout: layout, estimates: estimates)
        return (tops[section] + band.top, band.height)
    }

    mutating func position(atOffset offset: Int) -> Int? {
        guard let section = section(atOffset: offset) else { return nil }
        let part = shapes[section].part(atOffset: offset - tops[section], in: sections[section], layout: layout, estimates: estimates)
        return starts[section] + sections[section].offset(of: part)
    }

    mutating func bandEnd(of position: Int) -> Int {
        let (section, part) = locate(position)
        guard case let .item(item) = part else { return position }
        let columns = shapes[section].columns
        let lastOfLine = min((item / columns + 1) * columns, sections[section].items) - 1
        return position + lastOfLine - item
    }

    mutating func frame(of position: Int, width: Int) -> ContentFrame {
        let (section, part) = locate(position)
        var frame = shapes[section].frame(of: part, in: sections[section], width: self.width, layout: layout, estimates: estimates)
        frame.y += tops[section]
        return frame
    }

    mutating func position(atX x: Int, offset: Int, width: Int) -> Int? {
        guard offset >= 0, offset < totalHeight, let position = position(atOffset: offset) else { return nil }
        for candidate in position...bandEnd(of: position) {
            let frame = frame(of: candidate, width: width)
            if x >= frame.x, x < frame.x + frame.width, offset >= frame.y, offset < frame.y + frame.height {
                return candidate
            }
        }
        return nil
    }

    mutating func setWidth(_ newWidth: Int) {
        guard newWidth != width else { return }
        width = newWidth
        isCurrent = false
    }

    mutating func measurement(of position: Int, width: Int) -> VirtualMeasurement {
        let (section, part) = locate(position)
        switch part {
        case .leading, .trailing:
            let band = sections[section].band(part)!
            return band.given == nil && layout.fixedHeight(of: band.kind) == nil ? .height(forWidth: width) : .none
        case .item:
            // Measured once per section, when nothing gives a side of its cells.
            let entry = sections[section]
            let takesNaturalSide = entry.givenCellSize.map { $0.width < 0 || $0.height < 0 } ?? (layout.cellSize == nil)
            return takesNaturalSide && entry.measuredCellSize == nil ? .naturalSize : .none
        }
    }

    mutating func setMeasured(_ size: GridSize, of position: Int) {
        let (section, part) = locate(position)
        switch part {
        case .leading, .trailing:
            guard sections[section].band(part)!.measured != size.height else { return }
            change(section: section) { $0.changeBand(part) { $0.measured = size.height } }
        case .item:
            guard sections[section].measuredCellSize != size else { return }
            change(section: section) { $0.measuredCellSize = size }
        }
    }

    mutating func forgetMeasurement(of position: Int) {
        let (section, part) = locate(position)
        switch part {
        case .leading, .trailing: change(section: section) { $0.changeBand(part) { $0.measured = nil } }
        case .item: break  // a section's cells keep the size of the first one measured
        }
    }

    mutating func setGivenSize(_ size: GridSize?, of position: Int) -> Bool {
        let (section, part) = locate(position)
        let height = size.flatMap { $0.height >= 0 ? $0.height : nil }
        switch part {
        case .leading, .trailing:
            guard sections[section].band(part)!.given != height else { return false }
            change(section: section) { $0.changeBand(part) { $0.given = height } }
        case .item:
            guard sections[section].givenCellSize != size else { return false }
            change(section: section) { $0.givenCellSize = size }
        }
        return true
    }

    mutating func setMetrics(_ metrics: SectionMetrics, ofSection section: Int) {
        guard sections.indices.contains(section), sections[section].metrics != metrics else { return }
        change(section: section) { $0.metrics = metrics }
    }

    // MARK: Splices

    mutating func insert(
        count inserted: Int, at position: Int, locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement
    ) {
        var offset = 0
        defer { count += offset }
        while offset < inserted, let location = locations(position + offset) {
            guard sections.indices.contains(location.section) else { return }
            switch location.role {
            case let .supplementary(kind):
                change(section: location.section) { $0.insertBand(of: kind, arrangedBy: arrangement) }
                offset += 1
            case .item:
                // A run of items of one section: found by galloping, so a bulk load asks about
                // O(sections × log items) positions, not every one.
                let run = itemRun(from: position + offset, at: location, limit: inserted - offset, locations: locations)
                change(section: location.section) { $0.items += run }
                offset += run
            }
        }
    }

    /// How many positions from `position` (at most `limit`) are the consecutive items of the
    /// section `location` is in.
    private func itemRun(from position: Int, at location: RowLocation, limit: Int, locations: (Int) -> RowLocation?) -> Int {
        func continues(_ length: Int) -> Bool {
            let expected = RowLocation.item(IndexPath(item: location.indexPath.item + length - 1, section: location.section))
            return locations(position + length - 1) == expected
        }
        var known = 1, step = 1
        while known < limit {
            let probe = min(known + step, limit)
            guard continues(probe) else {
                // The run ends between `known` and `probe`.
                var low = known, high = probe - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if continues(middle) { low = middle } else { high = middle - 1 }
                }
                return low
            }
            known = probe
            step *= 2
        }
        return known
    }

    mutating func remove(_ positions: Range<Int>) {
        guard !positions.isEmpty else { return }
        var section = locate(positions.lowerBound).section
        // Section by section, with the starts read before any of them changes.
        while section < sections.count, starts[section] < positions.upperBound {
            let start = starts[section]
            let local = max(positions.lowerBound, start) - start..<min(positions.upperBound, starts[section + 1]) - start
            sections[section].remove(local)
            section += 1
        }
        count -= positions.count
        isCurrent = false
    }

    mutating func move(from source: Int, to destination: Int, location: RowLocation?) {
        remove(source..<source + 1)
        guard let location, location.role == .item, sections.indices.contains(location.section) else { return }
        change(section: location.section) { $0.items += 1 }
        count += 1
    }

    // A section's cells share one size: their order changes no line.
    func reorder(startingAt firstPosition: Int, _ reordering: ItemReordering) {}

    mutating func insertSections(at index: Int, count: Int) {
        sections.insert(contentsOf: repeatElement(GridSectionEntry(), count: count), at: index)
        isCurrent = false
    }

    mutating func removeSections(at indexes: Range<Int>) {
        sections.removeSubrange(indexes)
        isCurrent = false
    }

    mutating func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        sections.insert(sections.remove(at: source), at: destination)
        isCurrent = false
    }

    mutating func removeAll() {
        sections = []
        count = 0
        isCurrent = false
    }

    // MARK: Keyboard

    mutating func isNavigable(_ position: Int) -> Bool {
        guard position >= 0, position < count else { return false }
        if case .item = locate(position).part { return true }
        return false
    }

    mutating func neighbour(of position: Int, toward direction: NavigationDirection) -> Int? {
        let (section, part) = locate(position)
        guard case let .item(item) = part else { return nil }
        let columns = shapes[section].columns
        switch direction {
        case .left: return item > 0 ? position - 1 : lastItem(before: section)
        case .right: return item + 1 < sections[section].items ? position + 1 : firstItem(after: section)
        case .up:
            if item >= columns { return position - columns }
            return lineItem(inSection: previousSection(withItemsBefore: section), lastLine: true, column: item)
        case .down:
            let items = sections[section].items
            if item + columns < items { return position + columns }
            // From a line above a shorter last line: its last cell.
            if item / columns < (items - 1) / columns { return position + (items - 1 - item) }
            return lineItem(inSection: nextSection(withItemsAfter: section), lastLine: false, column: item % columns)
        }
    }

    /// The cell nearest `column` in the first or last line of section `section`.
    private mutating func lineItem(inSection section: Int?, lastLine: Bool, column: Int) -> Int? {
        guard let section else { return nil }
        let items = sections[section].items, columns = shapes[section].columns
        let lineStart = lastLine ? (items - 1) / columns * columns : 0
        let item = min(lineStart + min(column, columns - 1), items - 1)
        return position(of: .item(item), inSection: section)
    }

    private mutating func lastItem(before section: Int) -> Int? {
        previousSection(withItemsBefore: section).map { position(of: .item(sections[$0].items - 1), inSection: $0) }
    }

    private mutating func firstItem(after section: Int) -> Int? {
        nextSection(withItemsAfter: section).map { position(of: .item(0), inSection: $0) }
    }

    private func previousSection(withItemsBefore section: Int) -> Int? {
        sections[..<section].lastIndex { $0.items > 0 }
    }

    private func nextSection(withItemsAfter section: Int) -> Int? {
        sections[(section + 1)...].firstIndex { $0.items > 0 }
    }
}
