import CGtk

// What the user (or the app) does to the columns: resize, fit, hide, show and move them. Each
// change is a change of the state, reported through `stateDidChange`.
extension ListTable {
    /// Sets the width of `column` in pixels (kept between its minimum and maximum), as a drag of
    /// its header's edge does; nil gives the column its rule's width back.
    public func setWidth(_ width: Int?, ofColumn column: String) {
        guard let declared = columns.first(where: { $0.id == column }) else { return }
        var state = self.state
        state.widths[column] = width.map(declared.clamped)
        self.state = state
    }

    /// Sets the width of `column` to what its content needs, measured from the storage (as a
    /// double click on its header's edge does).
    public func fitColumn(_ column: String) {
        guard isInstalled, let declared = columns.first(where: { $0.id == column }) else { return }
        setWidth(fittedWidth(of: declared), ofColumn: column)
    }

    /// Hides or shows `column`. A column that is not hideable, or the last column shown, stays.
    public func setHidden(_ hidden: Bool, ofColumn column: String) {
        guard let declared = columns.first(where: { $0.id == column }) else { return }
        var state = self.state
        if hidden {
            let shown = columns.filter { !state.hidden.contains($0.id) }
            guard declared.isHideable, shown.count > 1 else { return }
            state.hidden.insert(column)
        } else {
            state.hidden.remove(column)
        }
        self.state = state
    }

    /// Moves `column` to `index` among all the columns in the order the user sees them, hidden
    /// ones included. A column that is not reorderable stays, and so does a move that would put
    /// a column that scrolls among the frozen ones (``frozenColumnCount``) or take a frozen one
    /// out of them.
    public func moveColumn(_ column: String, to index: Int) {
        guard let order = orderMoving(column, to: index) else { return }
        var state = self.state
        state.order = order
        self.state = state
    }

    /// The order with `column` moved to `index`; nil when it may not move there.
    private func orderMoving(_ column: String, to index: Int) -> [String]? {
        let before = state.ordered(columns).map(\.id)
        var order = before
        guard let from = order.firstIndex(of: column), columns[columns.firstIndex { $0.id == column }!].isReorderable
        else { return nil }
        order.remove(at: from)
        order.insert(column, at: min(max(index, 0), order.count))
        return orderAllowingFrozen(order, before: before)
    }

    /// Moves `column` to `place` among the shown columns (a header dropped there): before the
    /// column shown there now, or after the last one.
    func moveColumn(_ column: String, toShownPlace place: Int) {
        let order = state.ordered(columns).map(\.id)
        let shown = order.filter { !state.hidden.contains($0) && $0 != column }
        guard place < shown.count else {
            guard let last = shown.last, let after = order.firstIndex(of: last) else { return }
            let from = order.firstIndex(of: column) ?? 0
            return moveColumn(column, to: from < after ? after : after + 1)
        }
        guard let target = order.firstIndex(of: shown[max(place, 0)]), let from = order.firstIndex(of: column) else { return }
        moveColumn(column, to: from < target ? target - 1 : target)
    }

    /// The entries of a header's menu: a check box per column to show or hide it, moving the
    /// column left or right, fitting its width, then the app's ``headerMenu`` entries.
    func headerMenuItems(for columnID: String) -> [MenuItem] {
        guard let column = columns.first(where: { $0.id == columnID }) else { return [] }
        let shownCount = columns.filter { !state.hidden.contains($0.id) }.count
        var items = columns.map { other in
            let isShown = !state.hidden.contains(other.id)
            return MenuItem.check(other.title, isOn: isShown, isEnabled: other.isHideable && !(isShown && shownCount == 1)) {
                [unowned self] on in setHidden(!on, ofColumn: other.id)
            }
        }
        if column.isReorderable {
            // Left and right as seen: right to left, the next column is on the left.
            let isRightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
            let earlier = placeOfShownNeighbour(of: columnID, after: false)
            let later = placeOfShownNeighbour(of: columnID, after: true)
            let (left, right) = isRightToLeft ? (later, earlier) : (earlier, later)
            items += [
                .separator,
                MenuItem("Move Left", isEnabled: left.flatMap { orderMoving(columnID, to: $0) } != nil) { [unowned self] in
                    moveColumn(columnID, to: left ?? 0)
                },
                MenuItem("Move Right", isEnabled: right.flatMap { orderMoving(columnID, to: $0) } != nil) { [unowned self] in
                    moveColumn(columnID, to: right ?? 0)
                },
            ]
        }
        items += [.separator] + freezingMenuItems(for: columnID)
        if column.isResizable {
            items += [.separator, MenuItem("Fit Width") { [unowned self] in fitColumn(columnID) }]
        }
        items += groupingMenuItems(for: column)
        let extra = headerMenu?(column) ?? []
        return extra.isEmpty ? items : items + [.separator] + extra
    }

    /// Where ``moveColumn(_:to:)`` takes `column` to pass the next shown column after (or
    /// before) it, hidden ones skipped; nil when it is the last (first) shown.
    private func placeOfShownNeighbour(of column: String, after: Bool) -> Int? {
        let order = state.ordered(columns).map(\.id)
        guard let place = order.firstIndex(of: column) else { return nil }
        let candidates = after ? Array(order.indices.dropFirst(place + 1)) : order.indices.prefix(place).reversed()
        return candidates.first { !state.hidden.contains(order[$0]) }
    }

    /// A drag of a column's edge: the width follows the pointer, and the state is reported once
    /// the button is released.
    func userDragged(_ column: String, to width: Int, finished: Bool) {
        isDraggingWidth = !finished
        guard let declared = columns.first(where: { $0.id == column }) else { return }
        let old = state
        var state = old
        state.widths[column] = declared.clamped(width)
        self.state = state
        if finished, state == old { reportState(state) }
    }
}
