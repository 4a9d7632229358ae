/// A rubber band drawn with the primary button over a virtualized list or grid in multiple
/// selection mode: from where the button went down to where the pointer is.
///
/// Its corner is kept in content coordinates, so the band keeps its start while the list
/// scrolls under it (the edges autoscroll) and covers rows that have no widget.
struct VirtualRubberBand {
    /// How the band combines with the selection it started from.
    enum Mode {
        /// The band is the selection (no modifier).
        case replace
        /// The band adds to the selection (Shift).
        case add
        /// The band toggles the rows it covers (Ctrl), as a Ctrl-click toggles one.
        case toggle
    }

    /// Where the button went down: in content coordinates (``VirtualListHost/contentX(ofShown:)``
    /// for x, the scroll offset added to y), and in the viewport for the drag threshold.
    let corner: (x: Int, y: Int)
    let pressPoint: (x: Double, y: Double)
    let mode: Mode
    /// The selection before the press, which the band adds to or toggles.
    let base: Set<Int>
    /// The pointer in the viewport.
    var pointer: (x: Double, y: Double)
    /// Past GTK's drag threshold: drawn, and selecting.
    var isActive = false
    /// The selection shown now: from the moment the band became active, the band's.
    var shown: Set<Int> = []

    /// The selection for the items the band covers now.
    func selection(covering covered: Set<Int>) -> Set<Int> {
        switch mode {
        case .replace: covered
        case .add: base.union(covered)
        case .toggle: base.symmetricDifference(covered)
        }
    }
}
