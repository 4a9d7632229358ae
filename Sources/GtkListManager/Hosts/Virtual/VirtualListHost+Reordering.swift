import ModelStorage

// A re-sort at once (CONTRIBUTING, Hot paths: 12): the bound rows, the anchor and the
// keyboard's marks go where their rows go, in O(rows bound); the index reorders heights only
// when rows differ in height. The rows now in view bind in a turn of the main loop of their
// own, before GTK's next frame draws them (CONTRIBUTING, Hot paths: 22).
extension VirtualListHost: RowReordering {
    public func reorderRows(startingAt firstPosition: Int, _ reordering: ItemReordering) {
        willSplice()
        let rows = firstPosition..<firstPosition + reordering.count
        // Rows that showed slide to their new places; those that come into view fade in.
        if motion.isNoting { motion.inserted.add(rows) }
        func moved(_ position: Int) -> Int {
            rows.contains(position) ? firstPosition + reordering.destinations[position - firstPosition] : position
        }
        index.reorder(startingAt: firstPosition, reordering)
        placedRows = Dictionary(uniqueKeysWithValues: placedRows.map { (moved($0.key), $0.value) })
        // The row at the top stays at the top: the list shows where it went.
        anchor = moved(anchor)
        pendingFocus = pendingFocus.map(moved)
        selectionRangeStart = selectionRangeStart.map(moved)
        pendingSelectOnly = pendingSelectOnly.map(moved)
        pendingScroll = pendingScroll.map { (moved($0.position), $0.alignment) }
        layoutChanged()
        bindBeforeNextFrame()
    }

    /// Binds the rows the viewport shows once the updates of this turn are applied, in a turn of
    /// its own: a re-sort's frame then only draws, and the main loop is never blocked by both.
    private func bindBeforeNextFrame() {
        guard !isBindingBeforeFrame else { return }
        isBindingBeforeFrame = true
        GtkRuntime.repeatWhileIdle(priority: GtkRuntime.beforeLayoutPriority) { [weak self] in
            self?.isBindingBeforeFrame = false
            self?.layoutIfNeeded()
            return false
        }
    }
}
