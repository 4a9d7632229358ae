import ModelStorage

// What the manager answers its host (rows for positions) and does with what the host reports
// (what the user did), through its ``HostDelegate``.
extension ListManager {
    func bindRow(at position: Int) -> BoundRow {
        let rowMap = updater.rowMap
        guard let location = rowMap.location(ofPosition: position) else {
            // A host asked for a position it does not have: its bug, and no row to show is
            // right. Kept in release builds.
            fatalError("\(type(of: host)) asked for a row at position \(position); the list has \(rowMap.rowCount)")
        }
        guard let model = rowMap.model(at: location) else { return factory.makeVacantRow(location.role) }
        // A stand-in of a paged storage: asking the storage for the row is what reads it.
        if model is PendingRow, location.role == .item { _ = storage.item(at: location.indexPath) }
        return factory.makeRow(at: location, showing: model)
    }

    func didBind(_ row: BoundRow, at position: Int) {
        // The fast path of a load: nothing selected, no event needs rows.
        guard !selection.isEmpty || rowObserver != nil, let location = updater.rowMap.location(ofPosition: position)
        else { return }
        if location.role == .item, selection.isSelected(location.indexPath) { host.setSelected(true, at: position) }
        if location == selection.cursor, cursorHasFocus { host.focusRow(at: position) }
        rowObserver?.rowDidAppear(row, at: location)
    }

    func willUnbind(_ row: BoundRow, at position: Int) {
        // A row widget reused for another item never carries this one's flash.
        changeFlashes?.endFlashes(ownedBy: ObjectIdentifier(row))
        guard let rowObserver, let location = updater.rowMap.location(ofPosition: position) else { return }
        rowObserver.rowWillDisappear(row, at: location)
    }

    func didRelease(_ row: BoundRow) {
        factory.recycle(row, keepingAtLeast: host.rowsWorthReusing)
    }

    func headerPosition(forRowAt position: Int) -> Int? {
        guard let location = updater.rowMap.location(ofPosition: position) else { return nil }
        return updater.rowMap.position(of: RowLocation(role: .header, indexPath: IndexPath(item: 0, section: location.section)))
    }

    var supplementaryArrangement: SupplementaryArrangement {
        updater.rowMap.arrangement
    }

    func hostSelectionDidChange(selected: [Int], deselected: [Int], byUser: Bool) {
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

    func userSelectedOnly(_ positions: ClosedRange<Int>) {
        guard host.selectionMode != .none else { return }
        var chosen = positions.compactMap(itemIndexPath(ofPosition:))
        if host.selectionMode != .multiple { chosen = chosen.last.map { [$0] } ?? [] }
        guard !chosen.isEmpty else { return }  // headers and footers select nothing
        let kept = Set(chosen)
        userChangedSelection(
            added: chosen.filter { !selection.isSelected($0) }, removed: selectedIndexPaths.filter { !kept.contains($0) },
            shownByHost: false)
    }

    func userToggledSelection(at position: Int) {
        guard let indexPath = itemIndexPath(ofPosition: position) else { return }
        if selection.isSelected(indexPath), host.selectionMode != .browse {
            userChangedSelection(added: [], removed: [indexPath], shownByHost: false)
        } else if host.selectionMode == .multiple {
            userChangedSelection(added: [indexPath], removed: [], shownByHost: false)
        } else {
            userSelectedOnly(position...position)
        }
    }

    func userDidActivateRow(at position: Int) {
        guard let (row, location) = boundRowAndLocation(atPosition: position) else { return }
        installedFeatures?.userDidActivate(row, at: location)
    }

    func focusDidMove(to position: Int?) {
        cursorHasFocus = position != nil
        guard let position, let location = updater.rowMap.location(ofPosition: position), location != selection.cursor
        else { return }
        selection.cursor = location
        guard let installedFeatures, let row = host.boundRow(at: position) else { return }
        installedFeatures.focusDidMove(to: row, at: location)
    }

    func positionToFocusOnEntry() -> Int? {
        guard let item = installedFeatures?.itemToFocusOnEntry(),
            acceptsItemIndexPath(item, from: "The preferredFocusedIndexPath reaction")
        else { return nil }
        return updater.rowMap.position(of: .item(item))
    }

    func rowDidAppearOnScreen(_ row: BoundRow) {
        installedFeatures?.rowCameOnScreen(row)
    }

    func rowDidLeaveScreen(_ row: BoundRow) {
        installedFeatures?.rowLeftScreen(row)
    }
}
