import CGtk

// Geometry and scrolling: rows found by height, the viewport, and scrolling a row into view.
extension ListBoxHost {
    public func position(atY y: Double) -> Int? {
        guard let listRow = gtk_list_box_get_row_at_y(listBox, Int32(y.rounded(.down))) else { return nil }
        return position(of: listRow)
    }

    public func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard position >= 0, position < rowCount else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gcast(listBoxRow(at: position)), &allocation)
        guard allocation.height > 0 else { return nil }
        return (Double(allocation.y), Double(allocation.height))
    }

    /// The rows inside the scrolled window's viewport; all rows when the list is shown without
    /// scrolling; nil when the list is not on screen.
    public var visibleRange: Range<Int>? {
        guard rowCount > 0, gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return 0..<rowCount }
        let top = gtk_adjustment_get_value(adjustment)
        let bottom = top + gtk_adjustment_get_page_size(adjustment) - 1
        let first = position(atY: top) ?? 0
        let last = position(atY: bottom) ?? rowCount - 1
        return first..<min(last + 1, rowCount)
    }

    public var visibleFrame: (y: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return (0, Double(gtk_widget_get_allocated_height(widget))) }
        let top = gtk_adjustment_get_value(adjustment) - listTopInScrolledContent
        return (top, gtk_adjustment_get_page_size(adjustment))
    }

    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_list_box_get_adjustment(listBox)
    }

    public func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard position >= 0, position < rowCount else { return }
        guard let frame = rowFrameInScrolledContent(at: position), let adjustment = verticalAdjustment else {
            // Not laid out yet: after the next allocation.
            pendingScroll = (position, alignment)
            scrollAfterNextAllocation()
            return
        }
        ViewportScrolling.scroll(adjustment, toShow: frame, alignment: alignment)
    }

    /// The row's frame in the coordinates the adjustment scrolls (the scrolled content's).
    private func rowFrameInScrolledContent(at position: Int) -> (y: Double, height: Double)? {
        guard let frame = rowFrame(at: position) else { return nil }
        return (frame.y + listTopInScrolledContent, frame.height)
    }

    /// Where the list box starts in the scrolled content: not 0 when other widgets sit above it.
    private var listTopInScrolledContent: Double { ViewportScrolling.top(of: widget) }

    /// Watches allocations for scrolls waiting for the layout: a scroll asked before it, and the
    /// anchor that keeps the visible rows in place. Connected on first need.
    private func scrollAfterNextAllocation() {
        guard !watchesAllocationForScrolls else { return }
        watchesAllocationForScrolls = true
        Signal.connect(listBox, "size-allocate", argument: UnsafeMutableRawPointer.self, after: true) { [weak self] _, _ in
            guard let self else { return }
            restoreAnchor()
            guard let pending = pendingScroll else { return }
            pendingScroll = nil
            // The adjustment learns its new range in the same allocation pass: scroll once it did.
            GtkRuntime.after(milliseconds: 0) { [weak self] in
                self?.scrollTo(position: pending.position, alignment: pending.alignment)
            }
        }
    }

    // MARK: - Keeping the visible rows in place

    /// Before a splice at `position`: when it is above the row at the viewport's top (or at it,
    /// unless the list is scrolled to its very top, where new rows show), remember that row and
    /// its offset, so the next allocation scrolls it back to the same place on screen. A removal
    /// that takes the top row away remembers its nearest surviving neighbour instead (the first
    /// row after the removal, else the last before it), at the top row's offset: it takes the
    /// top row's place.
    func keepVisibleRowsInPlace(around position: Int, removing removed: Range<Int>? = nil) {
        keepFocusedRowInPlace(removing: removed)
        guard pendingAnchor == nil, gtk_widget_get_mapped(widget) != 0, let adjustment = verticalAdjustment else { return }
        let value = gtk_adjustment_get_value(adjustment)
        guard let top = self.position(atY: value), let frame = rowFrame(at: top) else { return }
        if let removed, removed.contains(top) {
            pendingAnchor = neighbour(outside: removed).map { (listBoxRow(at: $0), value - frame.y) }
        } else if position < top || (position == top && value > 0) {
            pendingAnchor = (listBoxRow(at: top), value - frame.y)
        }
        if pendingAnchor != nil { scrollAfterNextAllocation() }
    }

    /// Before a move: the row at the viewport's top keeps its place on screen, wherever the moves
    /// take it (a re-sort scrolls to where the top row went, as the virtualized host does).
    func keepTopRowInPlace() {
        keepFocusedRowInPlace()
        guard pendingAnchor == nil, gtk_widget_get_mapped(widget) != 0, let adjustment = verticalAdjustment else { return }
        let value = gtk_adjustment_get_value(adjustment)
        guard let top = self.position(atY: value), let frame = rowFrame(at: top) else { return }
        pendingAnchor = (listBoxRow(at: top), value - frame.y)
        scrollAfterNextAllocation()
    }

    /// Before the rows at `removed` go: when the remembered top row is among them, its nearest
    /// surviving neighbour is remembered instead, at the same offset; a remembered focused row
    /// among them is forgotten.
    func keepAnchor(removing removed: Range<Int>) {
        // A focused row that leaves is kept no more: the top row's anchor applies.
        if let focus = pendingFocusAnchor, position(of: focus.row).map(removed.contains) ?? true { pendingFocusAnchor = nil }
        guard let anchor = pendingAnchor, let anchored = position(of: anchor.row), removed.contains(anchored) else { return }
        pendingAnchor = neighbour(outside: removed).map { (listBoxRow(at: $0), anchor.offset) }
    }

    /// Before a splice: the focused row, when it shows (and the splice does not remove it),
    /// keeps its place on screen before the top row does, wherever the splices take it.
    private func keepFocusedRowInPlace(removing removed: Range<Int>? = nil) {
        // Once per allocation: a focused row the splices remove hands the focus on to a row whose
        // allocation is not yet where the splices put it.
        guard !focusAnchorNoted, gtk_widget_get_mapped(widget) != 0 else { return }
        focusAnchorNoted = true
        scrollAfterNextAllocation()
        guard let adjustment = verticalAdjustment, let focused = focusedPosition, !(removed?.contains(focused) ?? false),
            let frame = rowFrame(at: focused)
        else { return }
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        guard frame.y + frame.height > value, frame.y < value + page else { return }
        pendingFocusAnchor = (listBoxRow(at: focused), value - frame.y)
    }

    /// The first row after `removed`, else the last before it; nil when no row is left.
    private func neighbour(outside removed: Range<Int>) -> Int? {
        if removed.upperBound < rowCount { return removed.upperBound }
        return removed.lowerBound > 0 ? removed.lowerBound - 1 : nil
    }

    /// Scrolls the remembered focused row, if it is still in the list, else the remembered top
    /// row, back to where it was on screen.
    private func restoreAnchor() {
        let focusAnchor = pendingFocusAnchor.flatMap { position(of: $0.row) != nil ? $0 : nil }
        pendingFocusAnchor = nil
        focusAnchorNoted = false
        guard let anchor = focusAnchor ?? pendingAnchor else { return }
        pendingAnchor = nil
        guard let adjustment = verticalAdjustment, position(of: anchor.row) != nil else { return }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gcast(anchor.row), &allocation)
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(max(Double(allocation.y) + anchor.offset, 0), max(upper, 0)))
    }
}
