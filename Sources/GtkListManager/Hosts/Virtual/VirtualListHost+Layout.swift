import CGtk
import CVirtualList

// The layout: on every allocation, bind the rows the viewport and its margins need, let go of
// the others, measure, and place the bound rows in viewport coordinates from the anchor. Rows
// and cells are found by band (a row, a header, a footer, a line of cells: VirtualLayoutIndex).
extension VirtualListHost {
    /// The list got `width` × `height` of viewport.
    func layOut(width: Int, height: Int) {
        viewportSize = (rowWidth(inViewportOf: width), height)
        readDirection()
        index.setWidth(width)
        isLayingOut = true
        defer { isLayingOut = false }
        let previouslyNeeded = neededPositions
        let scroll = takePendingScroll()
        let focusTarget = scroll == nil ? focusedRowTarget() : nil
        focusedRowPlace = nil
        focusedRowNoted = false
        // Until nothing changes: binding runs the manager's events, which may change the list;
        // measured heights (and the estimate, their mean) may need more rows or fewer, or move
        // the end of the content. A scroll by position is applied again in every round, so the
        // rows it brings in, measured, place its row where the alignment says.
        for _ in 0..<4 {
            if let scroll { anchor(at: scroll) } else if let focusTarget { anchor(row: focusTarget.position, top: focusTarget.top) }
            clampAnchor()
            let before = (generation, placedRows.count, anchor, anchorOffset, index.totalHeight)
            bindNeededRows(previouslyNeeded: previouslyNeeded)
            for position in placedRows.keys { measure(position) }
            clampAnchor()
            if before == (generation, placedRows.count, anchor, anchorOffset, index.totalHeight) { break }
        }
        placeRows()
        hideReleasedRowWidgets()
        applyPendingFocus()
        showPlaceholderIfEmpty()
    }

    /// The pixel offset of the viewport's top in the content.
    var scrollTop: Int {
        guard count > 0 else { return 0 }
        return index.band(of: min(anchor, count - 1)).top + anchorOffset
    }

    /// The user scrolled the adjustment to `value`: the row there becomes the anchor.
    func scrolled(to value: Double) {
        let top = Int(value.rounded())
        guard let position = index.position(atOffset: top) else { return }
        anchor = position
        anchorOffset = top - index.band(of: position).top
    }

    // MARK: - Binding

    /// The positions to bind: the bands from the anchor's down to the viewport's bottom, and
    /// ``overscan`` more bands on each side once the viewport shows rows bound before. Right
    /// after a jump (the scrollbar dragged, End) or on opening, it binds the rows on screen
    /// alone: rows beyond them would be for a scroll that may not come, and the next layout adds
    /// them if it does.
    private func neededRows(previouslyNeeded: ClosedRange<Int>?) -> ClosedRange<Int>? {
        guard count > 0, var first = index.position(atOffset: scrollTop),
            let bottom = index.position(atOffset: scrollTop + max(viewportSize.height, 1) - 1)
        else { return nil }
        var last = index.bandEnd(of: bottom)
        guard previouslyNeeded.map({ $0.overlaps(first...last) }) == true else { return first...last }
        for _ in 0..<overscan {
            if first > 0 { first = index.position(atOffset: index.band(of: first - 1).top) ?? first }
            if last < count - 1 { last = index.bandEnd(of: last + 1) }
        }
        return first...last
    }

    private func bindNeededRows(previouslyNeeded: ClosedRange<Int>?) {
        guard let delegate else { return }
        let needed = neededRows(previouslyNeeded: previouslyNeeded)
        neededPositions = needed
        // The focused row keeps its widget off screen (the focus would go with it), so does a
        // dragged row (its drop must find it), and the pinned header and parents their places
        // at the top.
        let dragged = rowKeptBound.flatMap { kept in placedRows.first { ObjectIdentifier($0.value.row) == kept }?.key }
        let header = headerToPin()
        let parents = parentsToPin(top: scrollTop, stackTop: pinnedStackTop(header: header, top: scrollTop)).map(\.position)
        let kept = [focusedPosition, dragged, header].compactMap { $0 } + parents
        for position in placedRows.keys.sorted()
        where needed?.contains(position) != true && !kept.contains(position) && !isKeptForItsSlide(position) {
            unbind(position)
        }
        for position in kept where placedRows[position] == nil && needed?.contains(position) != true {
            bind(position, with: delegate)
        }
        guard let needed else { return }
        let start = generation
        for position in needed where placedRows[position] == nil {
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
        anchorOffset = min(max(anchorOffset, 0), max(index.band(of: anchor).height - 1, 0))
        let lowestTop = max(index.totalHeight - viewportSize.height, 0)
        if scrollTop > lowestTop, let position = index.position(atOffset: lowestTop) {
            anchor = position
            anchorOffset = lowestTop - index.band(of: position).top
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
        let band = index.band(of: header)
        guard band.top - top < 0 else { return nil }
        let next = placedRows.keys.filter { $0 > header && placedRows[$0]!.row.role == .header }.min()
        let pushed = next.map { index.band(of: $0).top - top - band.height } ?? 0
        return min(0, pushed)
    }

    /// Where pinned parent rows start: under the pinned header, if any.
    func pinnedStackTop(header: Int?, top: Int) -> Int {
        guard let header, let y = pinnedPlace(of: header, top: top) else { return 0 }
        return max(y + index.band(of: header).height, 0)
    }

    /// Places the bound rows in the viewport and tells the adjustment.
    private func placeRows() {
        let top = scrollTop
        pinnedHeader = headerToPin().flatMap { header in
            placedRows[header] == nil ? nil : pinnedPlace(of: header, top: top).map { (header, $0) }
        }
        pinnedParents = parentsToPin(top: top, stackTop: pinnedStackTop(header: pinnedHeader?.position, top: top))
            .filter { placedRows[$0.position] != nil }
        // Empty, and allocating nothing, unless something is pinned.
        var pinnedPlaces: [Int: Int] = [:]
        for parent in pinnedParents { pinnedPlaces[parent.position] = parent.y }
        if let pinnedHeader { pinnedPlaces[pinnedHeader.position] = pinnedHeader.y }
        let time = FrameTicker.frameTime(of: widget)
        var startedAbove: VirtualListMotion.Point?
        for position in placedRows.keys.sorted() {
            let placed = placedRows[position]!
            var frame = index.frame(of: position, width: viewportSize.width)
            // Sideways, rows sit in the content's coordinates: a horizontal scroll moves them all.
            frame.x = shownX(frame.x, width: frame.width)
            // A row kept off screen waits just above the viewport, mapped: a row widget made
            // invisible would lose the focus.
            let pinnedY = pinnedPlaces.isEmpty ? nil : pinnedPlaces[position]
            let onScreen = neededPositions?.contains(position) == true || pinnedY != nil || isKeptForItsSlide(position)
            frame.y = pinnedY ?? (onScreen ? frame.y - top : -frame.height)
            if onScreen, pinnedY == nil {
                let shown = shownPlace(
                    of: placed.rowWidget, at: position, frame: frame, time: time,
                    startedAbove: &startedAbove)
                (frame.x, frame.y) = (shown.x, shown.y)
            }
            glm_virtual_list_place_child(
                list, placed.rowWidget, Int32(clamping: frame.x), Int32(clamping: frame.y), Int32(clamping: frame.width),
                Int32(clamping: frame.height))
            glm_list_row_set_position(OpaquePointer(placed.rowWidget), Int32(clamping: position))
            noteScreenPresence(of: placed.row, onScreen: onScreen)
        }
        endPlacingMotion()
        // The deepest parent first: one pushed up slides under its own parent; the header last.
        var overlays: [UnsafeMutablePointer<GtkWidget>?] = pinnedParents.reversed().compactMap { placedRows[$0.position]?.rowWidget }
        if let pinnedHeader, let header = placedRows[pinnedHeader.position] { overlays.append(header.rowWidget) }
        overlays.withUnsafeBufferPointer { glm_virtual_list_set_overlay_children(list, $0.baseAddress, UInt32($0.count)) }
        glm_virtual_list_configure_vadjustment(
            list, Double(top), Double(index.totalHeight), Double(viewportSize.height))
    }

    private func showPlaceholderIfEmpty() {
        guard let placeholder else { return }
        gtk_widget_set_child_visible(placeholder, count == 0 ? 1 : 0)
        guard count == 0 else { return }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        glm_virtual_list_place_child_in_viewport(list, placeholder, 0, 0, allocation.width, Int32(clamping: max(viewportSize.height, 1)))
    }

    // MARK: - Scrolling by position

    /// A scroll asked for by position: the row, and where its top goes in the viewport.
    struct ResolvedScroll {
        let position: Int
        /// `.nearest` resolved against the viewport before the scroll: nil leaves it put.
        let alignment: ScrollAlignment?
    }

    /// The scroll to apply in this layout pass, `.nearest` resolved against what shows now.
    private func takePendingScroll() -> ResolvedScroll? {
        guard let pending = pendingScroll, count > 0 else { return nil }
        pendingScroll = nil
        let position = min(max(pending.position, 0), count - 1)
        guard pending.alignment == .nearest else { return ResolvedScroll(position: position, alignment: pending.alignment) }
        let band = index.band(of: position), top = scrollTop
        if band.top < top + pinnedParentsBottom { return ResolvedScroll(position: position, alignment: .top) }
        if band.top + band.height > top + viewportSize.height { return ResolvedScroll(position: position, alignment: .bottom) }
        return ResolvedScroll(position: position, alignment: nil)
    }

    /// Anchors the viewport so that the scroll's row shows as its alignment says, from the row's
    /// height and the heights above it known now (the end of the content clamps it later).
    private func anchor(at scroll: ResolvedScroll) {
        guard let alignment = scroll.alignment, scroll.position < count else { return }
        let band = index.band(of: scroll.position), page = viewportSize.height
        let rowTop: Int =
            switch alignment {
            case .top, .nearest: 0
            case .center: (page - band.height) / 2
            case .bottom: page - band.height
            }
        let top = rowTop == 0 ? top(uncovering: scroll.position) : max(band.top - rowTop, 0)
        guard let anchorRow = index.position(atOffset: top) else { return }
        anchor = anchorRow
        anchorOffset = top - index.band(of: anchorRow).top
    }

    /// Binds and places what the viewport shows now, when the list has been allocated.
    public func layoutIfNeeded() {
        guard !isLayingOut, !isDestroyed, gtk_widget_get_mapped(widget) != 0 else { return }
        layOut(width: Int(gtk_widget_get_allocated_width(widget)), height: Int(gtk_widget_get_allocated_height(widget)))
    }

    public func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard position >= 0, position < count else { return }
        pendingScroll = (position, alignment)
        glm_virtual_list_queue_layout(list)
    }

    // MARK: - Geometry

    public func position(atY y: Double) -> Int? {
        if let pinned = pinnedPosition(atY: y) { return pinned }
        guard count > 0, y >= 0, y < Double(min(viewportSize.height, index.totalHeight - scrollTop)) else { return nil }
        return index.position(atOffset: scrollTop + Int(y.rounded(.down)))
    }

    public func position(atX x: Double, y: Double) -> Int? {
        if let pinned = pinnedPosition(atY: y) { return pinned }
        guard count > 0, y >= 0, y < Double(viewportSize.height) else { return nil }
        return index.position(
            atX: contentX(ofShown: Int(x.rounded(.down))), offset: scrollTop + Int(y.rounded(.down)), width: viewportSize.width)
    }

    /// The pinned row that covers `y`: the header, drawn over the parents, then the outermost
    /// parent, drawn over the deeper ones.
    private func pinnedPosition(atY y: Double) -> Int? {
        func covers(_ pinned: (position: Int, y: Int)) -> Bool {
            y >= Double(pinned.y) && y < Double(pinned.y + index.band(of: pinned.position).height)
        }
        if let pinnedHeader, covers(pinnedHeader) { return pinnedHeader.position }
        return pinnedParents.first(where: covers)?.position
    }

    public func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard position >= 0, position < count else { return nil }
        let frame = index.frame(of: position, width: viewportSize.width)
        return (Double(frame.y - scrollTop), Double(frame.height))
    }

    public func cellSpan(at position: Int) -> (x: Double, width: Double)? {
        guard index.isGrid, position >= 0, position < count, index.isNavigable(position) else { return nil }
        let frame = index.frame(of: position, width: viewportSize.width)
        return (Double(shownX(frame.x, width: frame.width)), Double(frame.width))
    }

    public var positionsOnScreen: Range<Int>? {
        guard count > 0, gtk_widget_get_mapped(widget) != 0, let first = index.position(atOffset: scrollTop),
            let last = index.position(atOffset: scrollTop + max(viewportSize.height - 1, 0))
        else { return nil }
        return first..<index.bandEnd(of: last) + 1
    }

    public var viewportFrame: (y: Double, height: Double)? {
        gtk_widget_get_mapped(widget) != 0 ? (0, Double(viewportSize.height)) : nil
    }

    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        glm_virtual_list_get_vadjustment(list)
    }

    /// The content height, measured and estimated: the list's natural height.
    var contentHeight: Int { index.totalHeight }
}
