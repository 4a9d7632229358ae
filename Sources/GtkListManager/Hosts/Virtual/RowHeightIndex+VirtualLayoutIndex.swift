import ModelStorage

// A list's bands are its rows: each row spans the width at its offset.
extension RowHeightIndex: VirtualLayoutIndex {
    var isGrid: Bool { false }

    mutating func band(of position: Int) -> (top: Int, height: Int) {
        (offset(of: position), height(of: position))
    }

    func bandEnd(of position: Int) -> Int { position }

    // A list is no table.
    func tableShape() -> (rows: Int, columns: Int)? { nil }
    func tableCell(of position: Int) -> AccessibleRowDescription.CellPosition? { nil }
    func position(ofTableCell cell: AccessibleRowDescription.CellPosition) -> Int? { nil }

    mutating func frame(of position: Int, width: Int) -> ContentFrame {
        ContentFrame(x: 0, y: offset(of: position), width: width, height: height(of: position))
    }

    mutating func position(atX x: Int, offset: Int, width: Int) -> Int? {
        guard count > 0, offset >= 0, offset < totalHeight else { return nil }
        return position(atOffset: offset)
    }

    func setWidth(_ width: Int) {}

    func measurement(of position: Int, width: Int) -> VirtualMeasurement { .height(forWidth: width) }

    mutating func setMeasured(_ size: GridSize, of position: Int) {
        setHeight(size.height, of: position)
    }

    mutating func forgetMeasurement(of position: Int) { forgetHeight(of: position) }

    func setGivenSize(_ size: GridSize?, of position: Int) -> Bool { false }
    func setMetrics(_ metrics: SectionMetrics, ofSection section: Int) {}

    mutating func insert(
        count inserted: Int, at position: Int, locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement
    ) {
        insert(count: inserted, at: position)
    }

    mutating func insert(
        _ insertions: [(position: Int, count: Int)], locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement
    ) {
        insert(insertions)
    }

    mutating func move(from source: Int, to destination: Int, location: RowLocation?) {
        move(from: source, to: destination)
    }

    mutating func reorder(startingAt firstPosition: Int, _ reordering: ItemReordering) {
        reorder(startingAt: firstPosition, destinations: reordering.destinations)
    }

    func insertSections(at index: Int, count: Int) {}
    func removeSections(at indexes: Range<Int>) {}

    mutating func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        for (from, to) in rowByRowMoves(of: rows, toPosition: firstPosition) { move(from: from, to: to) }
    }

    func isNavigable(_ position: Int) -> Bool { true }

    func neighbour(of position: Int, toward direction: NavigationDirection) -> Int? {
        switch direction {
        case .up: position - 1
        case .down: position + 1
        case .left, .right: nil
        }
    }
}
