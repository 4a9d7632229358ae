import ModelStorage

/// Where a ``VirtualListHost`` places its positions in the content, which is cut from top to
/// bottom into bands: a list's band is one row (`RowHeightIndex`); a grid's is a header, a
/// footer or a line of cells (``GridLineIndex``). The host binds, anchors and scrolls by band,
/// and places each position in the frame the index gives it.
protocol VirtualLayoutIndex {
    /// The number of positions.
    var count: Int { get }
    /// The height of the content, measured and estimated.
    var totalHeight: Int { mutating get }
    /// Whether positions are laid out as the cells of a grid.
    var isGrid: Bool { get }

    /// The top, in the content, and the height of the band that holds `position`.
    mutating func band(of position: Int) -> (top: Int, height: Int)
    /// The first position of the band covering `offset` (clamped to the first and last band);
    /// nil when empty.
    mutating func position(atOffset offset: Int) -> Int?
    /// The last position of the band that holds `position`.
    mutating func bandEnd(of position: Int) -> Int
    /// Where `position` sits in content coordinates, for a viewport `width` pixels wide.
    mutating func frame(of position: Int, width: Int) -> ContentFrame
    /// The position whose frame covers the point, in content coordinates.
    mutating func position(atX x: Int, offset: Int, width: Int) -> Int?

    /// A grid as one table for accessibility: its rows (lines of cells over all sections) and
    /// columns; nil for a list.
    mutating func tableShape() -> (rows: Int, columns: Int)?
    /// The table cell of `position`; nil for a list, a header or a footer.
    mutating func tableCell(of position: Int) -> AccessibleRowDescription.CellPosition?
    /// The position of a table cell; nil when the table has none there.
    mutating func position(ofTableCell cell: AccessibleRowDescription.CellPosition) -> Int?

    /// The viewport is `width` pixels wide.
    mutating func setWidth(_ width: Int)
    /// What the host measures of the bound `position` at viewport `width`.
    mutating func measurement(of position: Int, width: Int) -> VirtualMeasurement
    /// Records what the host measured of `position`.
    mutating func setMeasured(_ size: GridSize, of position: Int)
    /// Forgets what was measured of `position` (its content changed).
    mutating func forgetMeasurement(of position: Int)
    /// Records the size a sizing event gave `position`; nil for none. True when it changed.
    mutating func setGivenSize(_ size: GridSize?, of position: Int) -> Bool
    /// Records the spacing of section `section`.
    mutating func setMetrics(_ metrics: SectionMetrics, ofSection section: Int)

    /// Inserts `count` positions at `position`; `locations` tells what each new position is,
    /// `arrangement` where a section's supplementary rows go.
    mutating func insert(count: Int, at position: Int, locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement)
    /// Inserts positions for each insertion in turn (positions ascending, each read with the
    /// earlier ones made), as ``SpliceBatching`` hands them.
    mutating func insert(
        _ insertions: [(position: Int, count: Int)], locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement)
    /// Removes `positions`.
    mutating func remove(_ positions: Range<Int>)
    /// Removes each of `removals` in turn (bottom to top), as ``SpliceBatching`` hands them.
    mutating func remove(_ removals: [Range<Int>])
    /// Moves `source` to `destination` (read after the removal), to be what `location` says.
    mutating func move(from source: Int, to destination: Int, location: RowLocation?)
    /// Reorders the positions from `firstPosition` as `reordering` reorders its section's items.
    mutating func reorder(startingAt firstPosition: Int, _ reordering: ItemReordering)
    /// Inserts `count` empty sections at `index` (a list's index has no sections: nothing).
    mutating func insertSections(at index: Int, count: Int)
    /// Removes the sections `indexes`, whose positions were removed before.
    mutating func removeSections(at indexes: Range<Int>)
    /// Moves section `source`, the positions `rows`, to be section `destination` starting at
    /// `firstPosition` (read after the removal).
    mutating func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int)
    /// Removes every position and section.
    mutating func removeAll()

    /// Whether the keyboard lands on `position` (a grid's cells, every row of a list).
    mutating func isNavigable(_ position: Int) -> Bool
    /// The position an arrow key moves to from `position`; nil when none is that way.
    mutating func neighbour(of position: Int, toward direction: NavigationDirection) -> Int?
}

/// A rectangle in a virtualized host's content.
struct ContentFrame: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// What a virtualized host measures of a bound position.
enum VirtualMeasurement: Equatable {
    /// Nothing: its size is known.
    case none
    /// Its height for the given width.
    case height(forWidth: Int)
    /// Its natural width, and its height for that width.
    case naturalSize
}

/// Which way an arrow key moves the focus.
enum NavigationDirection {
    case up, down, left, right
}

extension VirtualLayoutIndex {
    mutating func insert(
        _ insertions: [(position: Int, count: Int)], locations: (Int) -> RowLocation?, arrangement: SupplementaryArrangement
    ) {
        for insertion in insertions {
            insert(count: insertion.count, at: insertion.position, locations: locations, arrangement: arrangement)
        }
    }

    mutating func remove(_ removals: [Range<Int>]) {
        for positions in removals { remove(positions) }
    }
}
