import CGtk
import CVirtualList

// Sticky parent rows (ParentRowPinning): the ancestors of the row under the pinned stack, found
// one level at a time from the top. Each level asks for the ancestors of one row (O(depth)),
// and the stack holds few rows (at most 40% of the viewport): nothing here grows with the list.
extension VirtualListHost: ParentRowPinning {
    /// How much of the viewport's height pinned parents may cover, as in VS Code.
    static let pinnedParentsShare = 0.4

    public var parentOfRow: ((Int) -> PinnableParentRow?)? {
        get { parentRowLookup }
        set {
            parentRowLookup = newValue
            if newValue == nil { pinnedParents = [] }
            glm_virtual_list_queue_layout(list)
        }
    }

    public var pinnedParentPositions: [Int] { pinnedParents.map(\.position) }

    /// The parents to pin with the viewport's top at `top`, outermost first, from `stackTop`
    /// down (under a pinned header), each with its place in the viewport.
    func parentsToPin(top: Int, stackTop: Int) -> [(position: Int, y: Int)] {
        guard let parentOfRow = parentRowLookup, !index.isGrid, count > 0 else { return [] }
        let limit = Int(Double(viewportSize.height) * Self.pinnedParentsShare)
        var pinned: [(position: Int, y: Int)] = []
        var stackBottom = stackTop
        while let row = index.position(atOffset: top + stackBottom) {
            let ancestors = self.ancestors(of: row, parentOfRow)
            // The row under the stack must be under every row pinned so far, and deeper.
            guard ancestors.count > pinned.count, pinned.last.map({ $0.position == ancestors[pinned.count - 1].position }) ?? true
            else { break }
            let parent = ancestors[pinned.count]
            let band = index.band(of: parent.position)
            guard band.top < top + stackBottom, stackBottom + band.height <= limit else { break }
            // Pushed up by the first row after its own: its bottom meets that row's top.
            let last = index.band(of: min(parent.lastDescendant, count - 1))
            let y = min(stackBottom, last.top + last.height - top - band.height)
            pinned.append((parent.position, y))
            if y < stackBottom { break }
            stackBottom += band.height
        }
        return pinned
    }

    /// Where the pinned parents end in the viewport, as the last layout placed them, under the
    /// pinned section header when parents pin; 0 for none.
    var pinnedParentsBottom: Int {
        let parents = pinnedParents.last.map { $0.y + index.band(of: $0.position).height } ?? 0
        guard parentRowLookup != nil, let pinnedHeader else { return parents }
        return max(parents, pinnedHeader.y + index.band(of: pinnedHeader.position).height)
    }

    /// The viewport's top that shows the row at `position` at the top, under the parents (and
    /// the section header above them) that would be pinned over it rather than behind them (the
    /// keys' moves, a scroll to the top).
    func top(uncovering position: Int) -> Int {
        let rowTop = index.band(of: position).top
        guard parentRowLookup != nil else { return rowTop }
        var top = rowTop
        // Thrice at most: the rows above it, once it moves down, may pin other rows.
        for _ in 0..<3 {
            let covered = pinnedHeight(atTop: top)
            guard covered > 0, rowTop < top + covered else { break }
            top = max(rowTop - covered, 0)
        }
        return top
    }

    /// How far down the viewport the rows pinned with its top at `top` would reach: the section
    /// header (when pinned headers are on), then the parents under it.
    private func pinnedHeight(atTop top: Int) -> Int {
        let row = index.position(atOffset: top)
        let header = pinsSectionHeaders ? row.flatMap { delegate?.headerPosition(forRowAt: $0) } : nil
        let stackTop = pinnedStackTop(header: header, top: top)
        guard let deepest = parentsToPin(top: top, stackTop: stackTop).last else { return stackTop }
        return max(stackTop, deepest.y + index.band(of: deepest.position).height)
    }

    /// The ancestors of the row at `position`, outermost first.
    private func ancestors(of position: Int, _ parentOfRow: (Int) -> PinnableParentRow?) -> [PinnableParentRow] {
        var chain: [PinnableParentRow] = []
        var child = position
        while let parent = parentOfRow(child), parent.position < child {
            chain.append(parent)
            child = parent.position
        }
        return chain.reversed()
    }

    /// The parent shows where it was pinned (at the top, or right under its own pinned
    /// ancestors), unpinned.
    @discardableResult
    public func scrollToPinnedParent(at position: Int) -> Bool {
        guard let pinned = pinnedParents.first(where: { $0.position == position }) else { return false }
        let target = max(index.band(of: position).top - max(pinned.y, 0), 0)
        guard let row = index.position(atOffset: target) else { return false }
        anchor = row
        anchorOffset = target - index.band(of: row).top
        pendingScroll = nil
        focusedRowPlace = nil  // the scroll, not where the focused row showed, decides
        glm_virtual_list_queue_layout(list)
        return true
    }
}
