import CGtk

/// A host that can lay its items out as a grid: cells in lines, each section spaced as the
/// manager says. The manager gives it the flow-layout sizing events' answers
/// (``ListManager/sizeForCell(_:_:)`` and its siblings); without it, those events report
/// ``ManagerAnomaly/gridLayoutEventWithoutGrid(event:host:)``.
@MainActor
public protocol GridLayoutHosting: ListHost {
    /// Whether the host lays its items out as a grid now (a host type that can lay out a list
    /// too says false then). Default: true.
    var laysOutGrid: Bool { get }
    /// A cell's, header's or footer's size, or its natural size when nil.
    func setSize(_ size: GridSize?, for row: BoundRow)
    /// How section `section` spaces its cells.
    func setSectionMetrics(_ metrics: SectionMetrics, ofSection section: Int)
    /// The left edge and width of the cell at `position`, in the coordinates of ``ListHost/widget``'s
    /// allocation; nil for a row that spans the width (a header, a footer). Drops land before
    /// or after a cell by this span: before on its leading half, the right one when the
    /// widget's direction is right to left.
    func cellSpan(at position: Int) -> (x: Double, width: Double)?
}

extension GridLayoutHosting {
    public var laysOutGrid: Bool { true }

    public func setSize(_ size: GridSize?, for row: BoundRow) {
        guard let hostWidget = row.hostWidget else { return }
        gtk_widget_set_size_request(hostWidget, Int32(clamping: max(size?.width ?? -1, -1)), Int32(clamping: max(size?.height ?? -1, -1)))
    }
}

extension ListHost {
    /// The host as a grid, when it lays its items out as one now.
    var grid: (any GridLayoutHosting)? {
        guard let grid = self as? any GridLayoutHosting, grid.laysOutGrid else { return nil }
        return grid
    }
}
