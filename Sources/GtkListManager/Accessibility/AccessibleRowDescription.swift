import ModelStorage

/// What a screen reader is told about one row of a list, as its host asks the manager
/// (``ListHostDelegate/accessibleDescription(ofPosition:)``) when the reader asks.
public struct AccessibleRowDescription: Equatable, Sendable {
    /// What the row is to a reader.
    public enum Kind: Equatable, Sendable {
        /// An item: a member of the list's set ("5 of 1,000"), selectable when the list is.
        case item
        /// A section's header: a heading, outside the set.
        case header
        /// A section's footer or another supplementary view, outside the set.
        case footer
    }

    /// A grid cell's place in its table: its row (a line of cells, counted over the whole grid,
    /// headers not counted) and column, from 0.
    public struct CellPosition: Equatable, Sendable {
        /// The line of cells, from 0.
        public var row: Int
        /// The place in the line, from 0 (from the right in a right-to-left grid).
        public var column: Int

        /// A cell at `row` and `column`.
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// An item, a header or a footer.
    public var kind: Kind
    /// An item's place among the list's items, from 0 (headers and footers not counted).
    public var itemIndex: Int?
    /// The list's items, bound or not (told with every row, an item or not).
    public var itemCount: Int
    /// A grid cell's row and column; nil in a list. Hosts that lay out grids fill it.
    public var cellPosition: CellPosition?
    /// Whether the user may select the row.
    public var isSelectable: Bool
    /// Whether the row is selected.
    public var isSelected: Bool
    /// What a reader says for the row (``AccessibleRow``); nil: the texts of its labels.
    public var name: String?
    /// Where the row is in its tree (its storage's `OutlinePlace`); nil outside a tree. A tree
    /// row's place in the set is its place among its siblings.
    public var outlinePlace: OutlinePlace?

    /// A description; what is not given is unknown (no place in the set, no cell, no name).
    public init(
        kind: Kind, itemIndex: Int? = nil, itemCount: Int = 0, cellPosition: CellPosition? = nil, isSelectable: Bool = false,
        isSelected: Bool = false, name: String? = nil, outlinePlace: OutlinePlace? = nil
    ) {
        self.outlinePlace = outlinePlace
        self.kind = kind
        self.itemIndex = itemIndex
        self.itemCount = itemCount
        self.cellPosition = cellPosition
        self.isSelectable = isSelectable
        self.isSelected = isSelected
        self.name = name
    }
}
