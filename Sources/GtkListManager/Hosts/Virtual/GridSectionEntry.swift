import ModelStorage

/// What a ``GridLineIndex`` knows of one section: its supplementary bands above and below the
/// cells, its cells, the sizes measured or given, and its spacing.
struct GridSectionEntry {
    /// A row of the section: its supplementary band `index` above the cells, its cell of index
    /// `item`, or its supplementary band `index` below the cells.
    enum Part: Equatable {
        case leading(Int)
        case item(Int)
        case trailing(Int)
    }

    /// A supplementary view spanning the width (a header, a footer, a view of another kind):
    /// its kind and its height, given by a sizing event or measured.
    struct Band: Equatable {
        var kind: SupplementaryKind
        var given: Int?
        var measured: Int?

        /// The height: given, else the layout's `fixed` one, else measured.
        func known(fixed: Int?) -> Int? { given ?? fixed ?? measured }
    }

    var leading: [Band] = []
    var items = 0
    var trailing: [Band] = []
    var givenCellSize: GridSize?
    var measuredCellSize: GridSize?
    var metrics = SectionMetrics()

    var rowCount: Int { leading.count + items + trailing.count }

    /// The part at `offset` rows from the section's first.
    func part(at offset: Int) -> Part {
        if offset < leading.count { return .leading(offset) }
        let item = offset - leading.count
        return item < items ? .item(item) : .trailing(item - items)
    }

    /// How many rows from the section's first `part` is.
    func offset(of part: Part) -> Int {
        switch part {
        case let .leading(index): index
        case let .item(item): leading.count + item
        case let .trailing(index): leading.count + items + index
        }
    }

    /// The band of a supplementary part; nil for a cell.
    func band(_ part: Part) -> Band? {
        switch part {
        case let .leading(index): leading[index]
        case .item: nil
        case let .trailing(index): trailing[index]
        }
    }

    /// Changes the band of a supplementary part (nothing for a cell).
    mutating func changeBand(_ part: Part, _ body: (inout Band) -> Void) {
        switch part {
        case let .leading(index): body(&leading[index])
        case .item: break
        case let .trailing(index): body(&trailing[index])
        }
    }

    /// Inserts a band of `kind` where `arrangement` places it: above or below the cells, after
    /// the bands of kinds it orders first.
    mutating func insertBand(of kind: SupplementaryKind, arrangedBy arrangement: SupplementaryArrangement) {
        let slot = arrangement.slot(of: kind) ?? arrangement.kinds.count
        func index(in bands: [Band]) -> Int {
            bands.firstIndex { (arrangement.slot(of: $0.kind) ?? arrangement.kinds.count) > slot } ?? bands.count
        }
        if arrangement.placement(of: kind) == .beforeItems {
            leading.insert(Band(kind: kind), at: index(in: leading))
        } else {
            trailing.insert(Band(kind: kind), at: index(in: trailing))
        }
    }

    /// Removes the rows at `offsets` from the section's first.
    mutating func remove(_ offsets: Range<Int>) {
        let leadingRange = offsets.clamped(to: 0..<leading.count)
        let itemRange = offsets.clamped(to: leading.count..<leading.count + items)
        let trailingRange = offsets.clamped(to: leading.count + items..<rowCount)
        trailing.removeSubrange(trailingRange.lowerBound - leading.count - items..<trailingRange.upperBound - leading.count - items)
        items -= itemRange.count
        leading.removeSubrange(leadingRange)
    }
}
