extension ListManager {
    /// After every change of the list's vertical scroll offset (by the user or by code), with
    /// the new offset in pixels from the top. Needs the list in a scrolled window (the host's
    /// ``ListHost/verticalAdjustment``).
    public func didScroll(_ closure: @escaping (Double) -> Void) {
        features.require(.didScroll, as: ScrollEvents.self).scrollObservers.append(closure)
    }

    /// Calls `closure` when the last visible row is within `threshold` rows of the end of the
    /// list (headers and footers count as rows): the point to load more content. Checked when
    /// the list scrolls and after its content or size changes; fires once per row count, so it
    /// fires again only after rows were added or removed. A list that is shown whole (no
    /// scrolling) is near its end. This is the GTK stand-in for prefetching.
    public func rowsNearEnd(threshold: Int = 5, _ closure: @escaping () -> Void) {
        features.require(.rowsNearEnd, as: ScrollEvents.self).addNearEndWatcher(threshold: threshold, closure)
    }
}
