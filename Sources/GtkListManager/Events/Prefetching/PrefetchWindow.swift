/// The positions to prefetch: a number of viewports past the visible range, ahead of the
/// scroll, within the list.
struct PrefetchWindow: Equatable {
    let positions: Range<Int>

    /// - Parameters:
    ///   - visible: the positions on screen.
    ///   - upward: the list last scrolled up: the window is above the visible range.
    ///   - viewports: how many viewports of positions ahead: at least one position, none for 0
    ///     or less.
    init(visible: Range<Int>, upward: Bool, viewports: Double, rowCount: Int) {
        let length = viewports > 0 ? max(1, Int((Double(visible.count) * viewports).rounded(.up))) : 0
        positions =
            upward
            ? max(0, visible.lowerBound - length)..<max(0, visible.lowerBound)
            : min(visible.upperBound, rowCount)..<min(visible.upperBound + length, rowCount)
    }
}
