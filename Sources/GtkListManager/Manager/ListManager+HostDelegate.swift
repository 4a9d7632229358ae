import ModelStorage

// The manager as its host's delegate: rows for positions, and what the user did.
extension ListManager: ListHostDelegate {
    public func bindRow(at position: Int) -> BoundRow {
        let layout = updater.layout
        guard let location = layout.location(ofPosition: position) else {
            // A host asked for a position it does not have: its bug, and no row to show is
            // right. Kept in release builds.
            fatalError("\(type(of: host)) asked for a row at position \(position); the list has \(layout.rowCount)")
        }
        guard let model = layout.model(at: location) else { return factory.makeVacantRow(location.role) }
        return factory.makeRow(at: location, showing: model)
    }

    public func didBind(_ row: BoundRow, at position: Int) {
        // The fast path of a load: nothing selected, no event needs rows.
        guard !selection.isEmpty || rowObserver != nil, let location = updater.layout.location(ofPosition: position)
        else { return }
        if location.role == .item, selection.isSelected(location.indexPath) { host.setSelected(true, at: position) }
        if location == selection.cursor, cursorHasFocus { host.focusRow(at: position) }
        rowObserver?.rowDidAppear(row, at: location)
    }

    public func willUnbind(_ row: BoundRow, at position: Int) {
        guard let rowObserver, let location = updater.layout.location(ofPosition: position) else { return }
        rowObserver.rowWillDisappear(row, at: location)
    }

    public func didRelease(_ row: BoundRow) {
        factory.recycle(row, keepingAtLeast: host.rowsWorthReusing)
    }

    public func headerPosition(forRowAt position: Int) -> Int? {
        guard let location = updater.layout.location(ofPosition: position) else { return nil }
        return updater.layout.position(of: RowLocation(role: .header, indexPath: IndexPath(item: 0, section: location.section)))
    }

    public var supplementaryArrangement: SupplementaryArrangement {
        updater.layout.arrangement
    }

    public func hostSelectionDidChange(selected: [Int], deselected: [Int], byUser: Bool) {
        var added = selected.compactMap(itemIndexPath(ofPosition:)).filter { !selection.isSelected($0) }
        var removed = deselected.compactMap(itemIndexPath(ofPosition:)).filter(selection.isSelected)
        if byUser {
            // One row at most outside multiple mode, whatever a host saw of the others.
            if host.selectionMode != .multiple, let last = added.last {
                // A host may show one selection per part of it (a grid's sections): the rows
                // it still shows selected are deselected through it.
                added = [last]
                removed = selectedIndexPaths.filter { $0 != last }
                userChangedSelection(added: added, removed: removed, shownByHost: false)
                return
            }
            userChangedSelection(added: added, removed: removed)
        } else {
            for indexPath in removed { selection.deselect(indexPath) }
            for indexPath in added { selection.select(indexPath) }
        }
    }

    public func userSelectedOnly(_ positions: ClosedRange<Int>) {
        guard host.selectionMode != .none else { return }
        var chosen = positions.compactMap(itemIndexPath(ofPosition:))
        if host.selectionMode != .multiple { chosen = chosen.last.map { [$0] } ?? [] }
        guard !chosen.isEmpty else { return }  // headers and footers select nothing
        let kept = Set(chosen)
        userChangedSelection(
            added: chosen.filter { !selection.isSelected($0) }, removed: selectedIndexPaths.filter { !kept.contains($0) },
            shownByHost: false)
    }

    public func userToggledSelection(at position: Int) {
        guard let indexPath = itemIndexPath(ofPosition: position) else { return }
        if selection.isSelected(indexPath), host.selectionMode != .browse {
            userChangedSelection(added: [], removed: [indexPath], shownByHost: false)
        } else if host.selectionMode == .multiple {
            userChangedSelection(added: [indexPath], removed: [], shownByHost: false)
        } else {
            userSelectedOnly(position...position)
        }
    }

    public func userDidActivateRow(at position: Int) {
        guard let (row, location) = boundRowAndLocation(atPosition: position) else { return }
        storedTable?.userDidActivate(row, at: location)
        installedEvents?.userDidActivate(row, at: location)
    }

    public func focusDidMove(to position: Int?) {
        cursorHasFocus = position != nil
        guard let position, let location = updater.layout.location(ofPosition: position), location != selection.cursor
        else { return }
        selection.cursor = location
        storedTable?.showCursorCell()
        guard let installedEvents, let row = host.boundRow(at: position) else { return }
        installedEvents.focusDidMove(to: row, at: location)
    }

    public func positionToFocusOnEntry() -> Int? {
        guard let item = installedEvents?.itemToFocusOnEntry(),
            acceptsItemIndexPath(item, from: "The preferredFocusedIndexPath reaction")
        else { return nil }
        return updater.layout.position(of: .item(item))
    }

    public func rowDidAppearOnScreen(_ row: BoundRow) {
        installedEvents?.rowCameOnScreen(row)
    }

    public func rowDidLeaveScreen(_ row: BoundRow) {
        installedEvents?.rowLeftScreen(row)
    }
}
