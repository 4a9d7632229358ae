import ModelStorage

// The selection is the manager's: kept by index path through every change, shown by the host
// for the rows it has bound, changed by code here and by the user through the host.
extension ListManager {
    /// How many items the user may select. Headers and footers are never selectable.
    public var selectionMode: ListSelectionMode {
        get { host.selectionMode }
        set {
            checkConfinement()
            host.selectionMode = newValue
            switch newValue {
            case .none: replaceSelection(with: [])
            case .single, .browse: replaceSelection(with: selectedIndexPaths.first.map { [$0] } ?? [])
            case .multiple: break
            }
        }
    }

    /// The index paths of the selected items, in list order.
    public var selectedIndexPaths: [IndexPath] {
        // Sorted as whole numbers, the section in the high half: IndexPath's own comparison
        // costs ten times more (a copy of 100,000 selected rows spent 45 ms here).
        var keys: [Int] = []
        keys.reserveCapacity(selection.selected.count)
        for indexPath in selection.selected {
            let section = indexPath.section, item = indexPath.item
            guard section < 1 << 31, item < 1 << 32 else { return selection.selected.sorted() }
            keys.append(section << 32 | item)
        }
        keys.sort()
        // A loop, not `map` (CONTRIBUTING, Hot paths: 3).
        var indexPaths: [IndexPath] = []
        indexPaths.reserveCapacity(keys.count)
        for key in keys { indexPaths.append(IndexPath(item: key & 0xFFFF_FFFF, section: key >> 32)) }
        return indexPaths
    }

    /// Selects the item at `indexPath` (in single and browse modes, instead of the selected
    /// one); false when there is no such item. Never reported as a user selection. A path that
    /// addresses no item (not two indices, or a negative one) is refused and reported as
    /// ``ManagerAnomaly/invalidIndexPath(indexPath:call:)``.
    @discardableResult
    public func selectItem(at indexPath: IndexPath) -> Bool {
        checkConfinement()
        guard acceptsItemIndexPath(indexPath), position(of: .item(indexPath)) != nil else { return false }
        guard host.selectionMode != .none else { return true }
        replaceSelection(with: host.selectionMode == .multiple ? selection.selected.union([indexPath]) : [indexPath])
        return true
    }

    /// Deselects the item at `indexPath`; false when there is no such item. Never reported as
    /// a user selection. A malformed path is refused and reported, as by ``selectItem(at:)``.
    @discardableResult
    public func deselectItem(at indexPath: IndexPath) -> Bool {
        checkConfinement()
        guard acceptsItemIndexPath(indexPath), position(of: .item(indexPath)) != nil else { return false }
        replaceSelection(with: selection.selected.subtracting([indexPath]))
        return true
    }

    /// Selects every item, as Ctrl+A does; false unless the selection mode is multiple. Never
    /// reported as a user selection. O(items), with widget work for the rows bound alone.
    @discardableResult
    public func selectAll() -> Bool {
        checkConfinement()
        guard host.selectionMode == .multiple else { return false }
        var all = Set<IndexPath>()
        for section in 0..<shownSectionCount {
            let count = shownItemCount(inSection: section)
            all.reserveCapacity(all.count + count)
            for item in 0..<count { all.insert(IndexPath(item: item, section: section)) }
        }
        replaceSelection(with: all)
        return true
    }

    /// Deselects every item. Never reported as a user selection.
    public func deselectAll() {
        checkConfinement()
        replaceSelection(with: [])
    }

    // MARK: - Applying

    /// Makes `indexPaths` the selection and shows the difference on the bound rows.
    func replaceSelection(with indexPaths: Set<IndexPath>) {
        let before = selection.selected
        selection.setSelected(indexPaths)
        for indexPath in before.subtracting(indexPaths) { showSelected(false, at: indexPath) }
        for indexPath in indexPaths.subtracting(before) { showSelected(true, at: indexPath) }
        installedFeatures?.selectionDidChange()
    }

    private func showSelected(_ selected: Bool, at indexPath: IndexPath) {
        guard let position = position(of: .item(indexPath)) else { return }
        host.setSelected(selected, at: position)
    }

    // MARK: - The user's changes

    /// Runs `willSelect` and `willDeselect` on what the user changed (each may keep, refuse or
    /// redirect it), settles the selection, then reports `didDeselect`, `didSelect` and
    /// `selectionDidChange`. `shownByHost` tells whether the widget already shows the change
    /// (a click GTK handled) or still shows the selection before it.
    func userChangedSelection(added: [IndexPath], removed: [IndexPath], shownByHost: Bool = true) {
        let before = selection.selected
        let shown = before.union(added).subtracting(removed)
        let settled = events.settleUserSelection(added: added.sorted(), removed: removed.sorted(), shown: shown, in: self)
        selection.setSelected(shownByHost ? shown : before)
        replaceSelection(with: settled)
        events.reportUserSelection(before: before, after: settled, in: self)
    }
}

extension ListManager {
    /// A right-click selects the row under it unless it is selected already, as GTK file
    /// managers do: a user selection, so selection events run and may refuse it.
    func selectForContextMenu(_ indexPath: IndexPath) {
        guard host.selectionMode != .none, !selection.isSelected(indexPath), position(of: .item(indexPath)) != nil else { return }
        userChangedSelection(added: [indexPath], removed: selectedIndexPaths, shownByHost: false)
    }
}

extension ListManager {
    /// Moves the cursor to the item at `indexPath` as a key the user pressed does: the row
    /// scrolled into view by `alignment`, bound, focused (one focus event for a screen reader)
    /// and selected alone.
    func moveCursorAsUser(to indexPath: IndexPath, alignment: ScrollAlignment) {
        guard let position = position(of: .item(indexPath)) else { return }
        host.scrollTo(position: position, alignment: alignment)
        host.layoutIfNeeded()
        host.focusRow(at: position)
        if host.selectionMode != .none { userSelectedOnly(position...position) }
    }
}
