import CGtk
import CVirtualList

// The layout: on every allocation, bind the rows the viewport and its margins need, let go of
// the others, measure, and place the bound rows in viewport coordinates from the anchor.
extension VirtualListHost {
    /// The list got `width` × `height` of viewport.
    func layOut(width: Int, height: Int) {
        viewportSize = (width, height)
        isLayingOut = true
        defer { isLayingOut = false }
        let previouslyNeeded = neededPositions
        applyPendingScroll()
        // Until nothing changes: binding runs the manager's events, which may change the list;
        // measured heights (and the estimate, their mean) may need more rows or fewer, or move
        // the end of the content.
        for _ in 0..<4 {
            clampAnchor()
            let before = (generation, slots.count, anchor, anchorOffset, heights.totalHeight)
            bindNeededRows(previouslyNeeded: previouslyNeeded)
            for position in slots.keys { measure(position) }
            clampAnchor()
            if before == (generation, slots.count, anchor, anchorOffset, heights.totalHeight) { break }
        }
        placeRows()
        applyPendingFocus()
        showPlaceholderIfEmpty()
    }

    /// The pixel offset of the viewport's top in the content.
    var scrollTop: Int {
        guard count > 0 else { return 0 }
        return heights.offset(of: min(anchor, count - 1)) + anchorOffset
    }

    /// The user scrolled the adjustment to `value`: the row there becomes the anchor.
    func scrolled(to value: Double) {
        let top = Int(value.rounded())
        guard let position = heights.position(atOffset: top) else { return }
        anchor = position
        anchorOffset = top - heights.offset(of: position)
    }

    // MARK: - Binding

    /// The positions to bind: the anchor's, those below it down to the viewport's bottom, and
    /// ``overscan`` more on each side, once the viewport shows rows bound before. Right after a
    /// jump (the scrollbar dragged, End) or on opening, it binds the rows on screen alone: rows beyond them
    /// would be for a scroll that may not come, and the next layout adds them if it does.
    private func neededRows(previouslyNeeded: ClosedRange<Int>?) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let first = min(anchor, count - 1)
        var last = first
        var bottom = heights.height(of: last) - anchorOffset
        while bottom < viewportSize.height, last + 1 < count {
            last += 1
            bottom += heights.height(of: last)
        }
        let continues = previouslyNeeded.map { $0.overlaps(first...last) } ?? false
        let margin = continues ? overscan : 0
        return max(0, first - margin)...min(count - 1, last + margin)
    }

    private func bindNeededRows(previouslyNeeded: ClosedRange<Int>?) {
        guard let delegate else { return }
        let needed = neededRows(previouslyNeeded: previouslyNeeded)
        neededPositions = needed
        // The focused row keeps its widget off screen (the focus would go with it), so does a
        // dragged row (its drop must find it), and the pinned header its place at the top.
        let dragged = rowKeptBound.flatMap { kept in slots.first { ObjectIdentifier($0.value.row) == kept }?.key }
        let kept = [focusedPosition, dragged, headerToPin()].compactMap { $0 }
        for position in slots.keys.sorted() where needed?.contains(position) != true && !kept.contains(position) {
            unbind(position)
        }
        for position in kept where slots[position] == nil && needed?.contains(position) != true {
            bind(position, with: delegate)
        }
        guard let needed else { return }
        let start = generation
        for position in needed where slots[position] == nil {
            bind(position, with: delegate)
            guard generation == start else { return }  // the list changed under this pass
        }
    }

    // MARK: - Placing

    /// Keeps the anchor inside the list and the content from ending above the viewport's bottom.
    private func clampAnchor() {
        guard count > 0 else {
            anchor = 0
            anchorOffset = 0
            return
        }
        anchor = min(max(anchor, 0), count - 1)
        anchorOffset = min(max(anchorOffset, 0), max(heights.height(of: anchor) - 1, 0))
        let lowestTop = max(heights.totalHeight - viewportSize.height, 0)
        if scrollTop > lowestTop, let position = heights.position(atOffset: lowestTop) {
            anchor = position
            anchorOffset = lowestTop - heights.offset(of: position)
        }
    }

    /// The header of the section at the top of the viewport, when it is to be pinned.
    private func headerToPin() -> Int? {
        guard pinsSectionHeaders, count > 0 else { return nil }
        return delegate?.headerPosition(forRowAt: min(anchor, count - 1))
    }

    /// Where the pinned header goes: at the top, or pushed up by the next section's header; nil
    /// when the header is on screen where it is.
    private func pinnedPlace(of header: Int, top: Int) -> Int? {
        let natural = heights.offset(of: header) - top
        guard natural < 0 else { return nil }
        let height = heights.height(of: header)
        let next = slots.keys.filter { $0 > header && slots[$0]!.row.role == .header }.min()
        let pushed = next.map { heights.offset(of: $0) - top - height } ?? 0
        return min(0, pushed)
    }

    /// Places the bound rows from the top of the viewport and tells the adjustment.
    private func placeRows() {
        let top = scrollTop
        pinnedHeader = headerToPin().flatMap { header in
            slots[header] == nil ? nil : pinnedPlace(of: header, top: top).map { (header, $0) }
        }
        let positions = slots.keys.sorted()
        if let first = positions.first {
            var y = heights.offset(of: first) - top
            var previous = first
            for position in positions {
                // Bound positions are contiguous but for the rows kept off screen.
                if position > previous + 1 { y = heights.offset(of: position) - top }
                let height = heights.height(of: position)
                let rowWidget = slots[position]!.rowWidget
                // A row kept off screen waits just above the viewport, mapped: a row widget made
                // invisible would lose the focus.
                let onScreen = neededPositions?.contains(position) == true || pinnedHeader?.position == position
                let placedY = pinnedHeader?.position == position ? pinnedHeader!.y : (onScreen ? y : -height)
                glm_virtual_list_place_child(list, rowWidget, Int32(clamping: placedY), Int32(clamping: height))
                glm_list_row_set_position(OpaquePointer(rowWidget), Int32(clamping: position), Int32(clamping: count))
                noteScreenPresence(of: slots[position]!.row, onScreen: onScreen)
                y += height
                previous = position
            }
        }
        glm_virtual_list_set_overlay_child(list, pinnedHeader.flatMap { slots[$0.position]?.rowWidget })
        glm_virtual_list_configure_vadjustment(
            list, Double(top), Double(heights.totalHeight), Double(viewportSize.height))
        glm_virtual_list_set_row_count(list, Int32(clamping: count))
    }

    private func showPlaceholderIfEmpty() {
        guard let placeholder else { return }
        gtk_widget_set_child_visible(placeholder, count == 0 ? 1 : 0)
        guard count == 0 else { return }
        glm_virtual_list_place_child(list, placeholder, 0, Int32(clamping: max(viewportSize.height, 1)))
    }

    // MARK: - Scrolling by position

    private func applyPendingScroll() {
        guard let pending = pendingScroll, count > 0 else { return }
        pendingScroll = nil
        let position = min(max(pending.position, 0), count - 1)
        let rowTop = heights.offset(of: position), rowHeight = heights.height(of: position)
        let top = scrollTop, page = viewportSize.height
        let target: Int = switch pending.alignment {
        case .top: rowTop
        case .center: rowTop + rowHeight / 2 - page / 2
        case .bottom: rowTop + rowHeight - page
        case .nearest: rowTop < top ? rowTop : (rowTop + rowHeight > top + page ? rowTop + rowHeight - page : top)
        }
        let clamped = min(max(target, 0), max(heights.totalHeight - page, 0))
        guard let anchorRow = heights.position(atOffset: clamped) else { return }
        anchor = anchorRow
        anchorOffset = clamped - heights.offset(of: anchorRow)
    }

    public func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard position >= 0, position < count else { return }
        pendingScroll = (position, alignment)
        gtk_widget_queue_allocate(widget)
    }

    // MARK: - Geometry

    public func position(atY y: Double) -> Int? {
        if let pinned = pinnedHeader, y >= Double(pinned.y), y < Double(pinned.y + heights.height(of: pinned.position)) {
            return pinned.position
        }
        guard count > 0, y >= 0, y < Double(min(viewportSize.height, heights.totalHeight - scrollTop)) else { return nil }
        return heights.position(atOffset: scrollTop + Int(y.rounded(.down)))
    }

    public func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard position >= 0, position < count else { return nil }
        return (Double(heights.offset(of: position) - scrollTop), Double(heights.height(of: position)))
    }

    public var visibleRange: Range<Int>? {
        guard count > 0, gtk_widget_get_mapped(widget) != 0, let first = heights.position(atOffset: scrollTop),
            let last = heights.position(atOffset: scrollTop + max(viewportSize.height - 1, 0))
        else { return nil }
        return first..<last + 1
    }

    public var visibleFrame: (y: Double, height: Double)? {
        gtk_widget_get_mapped(widget) != 0 ? (0, Double(viewportSize.height)) : nil
    }

    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        glm_virtual_list_get_vadjustment(list)
    }

    /// The content height, measured and estimated: the list's natural height.
    var contentHeight: Int { heights.totalHeight }
}
