import CGtk

// Keyboard navigation over rows that may have no widget yet: the target is scrolled into view,
// bound and focused, and the selection follows as in a GTK list box (Shift extends a range in
// multiple mode, Ctrl moves the focus alone).
extension VirtualListHost {
    /// Connected after the default handler: the user's key reactions (the manager's key
    /// dispatcher) and the row's own bindings come first, as for a list box's key bindings.
    func connectKeyboard() {
        Signal.connectEvent(widget, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self, after: true) {
            [weak self] _, event in
            guard let self, let event else { return false }
            return navigate(KeyPress(event))
        }
    }

    /// Moves the focus for an arrow, page, Home or End key; false for other keys.
    func navigate(_ key: KeyPress) -> Bool {
        guard count > 0, !key.modifiers.contains(.alt) else { return false }
        // Keys faster than layouts walk on from the row the last one is taking the focus to.
        let current = pendingFocus ?? focusedPosition ?? min(max(anchor, 0), count - 1)
        // The target, and the way to go on past rows that cannot take the focus.
        let target: Int?, step: Int
        switch Int32(key.keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: (target, step) = (neighbour(of: current, toward: .up), -1)
        case GDK_KEY_Down, GDK_KEY_KP_Down: (target, step) = (neighbour(of: current, toward: .down), 1)
        case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
            guard index.isGrid else { return false }
            // The cell on that side on screen: the next one in reading order right to left.
            let pointsLeft = [GDK_KEY_Left, GDK_KEY_KP_Left].contains(Int32(key.keyval))
            let way = readingWay(pointsLeft ? .left : .right)
            (target, step) = (neighbour(of: current, toward: way), way == .left ? -1 : 1)
        case GDK_KEY_Home, GDK_KEY_KP_Home: (target, step) = (0, 1)
        case GDK_KEY_End, GDK_KEY_KP_End: (target, step) = (count - 1, -1)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: (target, step) = (page(from: current, by: -1), -1)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: (target, step) = (page(from: current, by: 1), 1)
        default: return false
        }
        guard let target, let position = focusable(from: min(max(target, 0), count - 1), stepping: step) else { return true }
        moveCursor(to: position, extending: key.modifiers.contains(.shift), focusOnly: key.modifiers.contains(.control))
        return true
    }

    /// Where an arrow key goes from `position`, `direction` in reading order (``readingWay(_:)``):
    /// the layout's neighbour (the next row of a list, the cell above in a grid), or from a
    /// grid's header or footer the next row that way.
    func neighbour(of position: Int, toward direction: NavigationDirection) -> Int? {
        if let neighbour = index.neighbour(of: position, toward: direction) { return neighbour }
        guard !index.isNavigable(position) else { return nil }
        return direction == .up || direction == .left ? position - 1 : position + 1
    }

    /// The row one viewport above or below `position`, in its column in a grid.
    private func page(from position: Int, by direction: Int) -> Int {
        let frame = index.frame(of: position, width: viewportSize.width)
        let offset = max(frame.y + direction * max(viewportSize.height, 1), 0)
        return index.position(atX: frame.x + frame.width / 2, offset: offset, width: viewportSize.width)
            ?? index.position(atOffset: offset) ?? position
    }

    /// Focuses `position` (binding it first when it has no widget) and updates the selection
    /// as the keys ask.
    func moveCursor(to position: Int, extending: Bool, focusOnly: Bool) {
        let origin = pendingFocus ?? focusedPosition
        scrollTo(position: position, alignment: .nearest)
        if placedRows[position] != nil {
            pendingFocus = nil
            focusRow(at: position)
        } else {
            pendingFocus = position
        }
        if extending, storedSelectionMode == .multiple {
            let start = selectionRangeStart ?? origin ?? position
            selectionRangeStart = start
            selectRange(from: start, to: position)
        } else if !focusOnly {
            selectionRangeStart = position
            selectOnly(position)
        }
    }

    /// Reports the user's selection of `position` alone, as a click or a plain arrow key does:
    /// every other row, bound or not, is deselected.
    func selectOnly(_ position: Int) {
        guard storedSelectionMode != .none else { return }
        delegate?.userSelectedOnly(position...position)
    }

    /// Reports the user's selection of the range `start...end` (either order), instead of the
    /// rows selected before.
    private func selectRange(from start: Int, to end: Int) {
        delegate?.userSelectedOnly(min(start, end)...max(start, end))
    }

    /// Focuses the row a key asked for once the layout bound it.
    func applyPendingFocus() {
        guard let position = pendingFocus, placedRows[position] != nil else { return }
        pendingFocus = nil
        focusRow(at: position)
    }
}
