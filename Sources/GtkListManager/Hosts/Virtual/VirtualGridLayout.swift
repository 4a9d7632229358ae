import ModelStorage

/// How a virtualized grid (``VirtualListHost/init(gridLayout:)``) lays out its sections: cells
/// of one size per section, as many per line as the width holds, the section's header and the
/// supplementary views placed before its items above them, the others and its footer below,
/// all spanning the width.
///
/// A section's cell size is what the sizing event ``ListManager/sizeForCell(_:_:)``
/// answers for its cells (the last answer wins: give one size per section), else ``cellSize``,
/// else the natural size of the first cell bound in the section. The layout events
/// ``ListManager/insetForSection(_:)``, ``ListManager/minimumLineSpacingForSection(_:)`` and
/// ``ListManager/minimumInteritemSpacingForSection(_:)`` override the spacing per section.
///
/// Headers and footers take the height their sizing event gives, else ``headerHeight`` and
/// ``footerHeight``, else their natural height at the grid's width; views of other kinds take
/// their kind's entry in ``supplementaryHeights``, else their natural height. With every size known, the
/// grid's height is exact before anything is shown; otherwise what has not been seen yet counts
/// as the mean of what has.
///
/// Lines are justified, as in UIKit's flow layout: the space a line's cells leave is shared
/// out between them, so columns line up from one line to the next.
public struct VirtualGridLayout: Sendable, Equatable {
    /// The size of the cells of sections no sizing event sizes; nil: the natural size of the
    /// first cell bound in the section. Default: nil.
    public var cellSize: GridSize?
    /// The height of the headers no sizing event sizes; nil: their natural height. Default: nil.
    public var headerHeight: Int?
    /// The height of the footers no sizing event sizes; nil: their natural height. Default: nil.
    public var footerHeight: Int?
    /// The height of the supplementary views of kinds other than header and footer, by kind;
    /// a kind without an entry takes its natural height. Default: none.
    public var supplementaryHeights: [SupplementaryKind: Int] = [:]
    /// The fewest cells per line, however narrow the grid. Default: 1.
    public var minimumColumns = 1
    /// The most cells per line, however wide the grid. Default: no limit.
    public var maximumColumns = Int.max
    /// The least space between lines of cells, in pixels. Default: 0.
    public var lineSpacing = 0
    /// The least space between the cells of a line, in pixels. Default: 0.
    public var itemSpacing = 0
    /// The space around each section's cells (not its header and footer). Default: none.
    public var sectionInsets = EdgeInsets.zero

    /// A layout whose cells are `cellSize`, or their natural size when nil.
    public init(cellSize: GridSize? = nil) {
        self.cellSize = cellSize
    }
}

extension VirtualGridLayout {
    /// The height the layout gives every supplementary view of `kind`; nil when it measures them.
    func fixedHeight(of kind: SupplementaryKind) -> Int? {
        switch kind {
        case .header: headerHeight
        case .footer: footerHeight
        default: supplementaryHeights[kind]
        }
    }
}
