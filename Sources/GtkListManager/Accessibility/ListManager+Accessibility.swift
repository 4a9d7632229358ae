import CAccessibility
import ModelStorage

// What screen readers are told about the manager's rows, bound or not: hosts ask when a
// reader asks, through the manager's HostDelegate.
extension ListManager {
    func accessibleDescription(ofPosition position: Int) -> AccessibleRowDescription? {
        let layout = updater.rowMap
        guard let location = layout.location(ofPosition: position) else { return nil }
        let name = accessibleName(at: location) ?? labelTexts(ofUnboundRowAt: position, location)
        switch location.role {
        case .item:
            return AccessibleRowDescription(
                kind: .item, itemIndex: layout.itemOrdinal(of: location.indexPath), itemCount: layout.totalItemCount,
                isSelectable: host.selectionMode != .none, isSelected: selection.isSelected(location.indexPath), name: name,
                outlinePlace: (storage as? any OutlineProviding)?.outlinePlace(at: location.indexPath))
        case .header:
            return AccessibleRowDescription(kind: .header, itemCount: layout.totalItemCount, name: name)
        case .supplementary:
            return AccessibleRowDescription(kind: .footer, itemCount: layout.totalItemCount, name: name)
        }
    }

    var selectedItemCount: Int {
        selection.selected.count
    }

    func positionOfSelectedItem(at index: Int) -> Int? {
        if selectionInListOrder == nil { selectionInListOrder = selectedIndexPaths }
        guard let selected = selectionInListOrder, index >= 0, index < selected.count else { return nil }
        return updater.rowMap.position(of: .item(selected[index]))
    }

    func userDeselectedAll() {
        guard !selection.selected.isEmpty else { return }
        userChangedSelection(added: [], removed: selectedIndexPaths, shownByHost: false)
    }

    func userSetSelection(_ selected: Bool, atPositions positions: [Int]) -> Bool {
        let indexPaths = positions.map(itemIndexPath(ofPosition:))
        guard !indexPaths.contains(nil) else { return false }
        return userSetSelection(selected, of: indexPaths.compactMap { $0 })
    }

    /// Selects or deselects the items at `indexPaths` together as the user does (a reader
    /// selecting a table's row or a grid's line): selection events run and may refuse. False
    /// when nothing is asked, the mode does not allow it (none; several items outside multiple
    /// mode, the one replacing the selection there; deselecting in browse mode), or a reaction
    /// refused part of it.
    func userSetSelection(_ selected: Bool, of indexPaths: [IndexPath]) -> Bool {
        let mode = host.selectionMode
        guard !indexPaths.isEmpty, mode != .none, selected || mode != .browse,
            !selected || mode == .multiple || indexPaths.count == 1
        else { return false }
        if !selected {
            userChangedSelection(added: [], removed: indexPaths.filter(selection.isSelected), shownByHost: false)
        } else if mode == .multiple {
            userChangedSelection(added: indexPaths.filter { !selection.isSelected($0) }, removed: [], shownByHost: false)
        } else {
            let chosen = indexPaths[0]
            userChangedSelection(
                added: selection.isSelected(chosen) ? [] : [chosen], removed: selectedIndexPaths.filter { $0 != chosen },
                shownByHost: false)
        }
        return indexPaths.allSatisfy { selection.isSelected($0) == selected }
    }

    /// The texts of the labels of a row made for `location` when the host has none bound at
    /// `position`, then put back in the reuse pool: a row class that is no ``AccessibleRow``
    /// still gives its words to rows scrolled away (selected ones, a grid's cells).
    private func labelTexts(ofUnboundRowAt position: Int, _ location: RowLocation) -> String? {
        guard host.boundRow(at: position) == nil else { return nil }
        let texts: String?? = withScratchRow(at: location) { row in
            guard let texts = glm_accessible_label_texts(row.widget) else { return nil }
            defer { g_free(texts) }
            return String(cString: texts)
        }
        return texts ?? nil
    }

    /// The name the row class of the model at `location` gives (``AccessibleRow``), or, when a
    /// feature shows items its own way (a table), the name it gives; nil when it gives none.
    private func accessibleName(at location: RowLocation) -> String? {
        guard let stored = updater.rowMap.model(at: location) else { return nil }
        if location.role == .item, let presenter = installedFeatures?.itemPresenter {
            return presenter.accessibleName(of: stored, at: location.indexPath)
        }
        guard let (rowClass, model) = factory.rowClass(at: location, showing: stored),
            let named = rowClass as? any AccessibleRow.Type
        else { return nil }
        return named.accessibleName(forAny: model)
    }
}

// A list answers the Table interface its accessible type has (for when it is shown as a table)
// as a table of one column over its items, while it is none: Orca counts a list's selected
// children through the Table interface whenever there is one (glm_accessible_set_items).
extension ListManager {
    /// Makes the list widget's Table interface answer for the items, rows the items.
    func connectAccessibleItems() {
        var callbacks = GlmAccessibleTableCallbacks()
        callbacks.row_count = { userData in
            let box = CallbackBox<WeakManager>.payload(of: userData)
            return MainActor.assumeIsolated { Int32(clamping: box.manager?.updater.rowMap.totalItemCount ?? 0) }
        }
        callbacks.cell = { userData, row, column, unbound in
            let box = CallbackBox<WeakManager>.payload(of: userData)
            // A widget pointer is no Sendable result: it crosses as its address.
            let address = MainActor.assumeIsolated {
                column == 0 ? box.manager?.accessibleItemRow(atOrdinal: Int(row), unbound: unbound).map(UInt.init(bitPattern:)) : nil
            }
            return address.flatMap { UnsafeMutablePointer<GtkWidget>(bitPattern: $0) }
        }
        callbacks.selected_rows = { userData, rows in
            let box = CallbackBox<WeakManager>.payload(of: userData)
            RowAccessibility.append(MainActor.assumeIsolated { box.manager?.selectedItemOrdinals ?? [] }, to: rows)
        }
        callbacks.select_row = { userData, row, selected in
            let box = CallbackBox<WeakManager>.payload(of: userData)
            return MainActor.assumeIsolated { box.manager?.userSetSelection(selected != 0, ofItemOrdinal: Int(row)) ?? false } ? 1 : 0
        }
        let userData = CallbackBox(WeakManager(self)).retainedPointer()
        glm_accessible_set_items(widget, &callbacks, userData, CallbackBoxRelease.destroyNotify)
    }

    /// The selected items' places among the list's items, in order.
    var selectedItemOrdinals: [Int] {
        let layout = updater.rowMap
        return selectedIndexPaths.map { layout.itemOrdinal(of: $0) }
    }

    /// Selects or deselects the item at `ordinal` among the list's items as the user does
    /// (``userSetSelection(_:of:)``); false when there is no such item or it is refused.
    func userSetSelection(_ selected: Bool, ofItemOrdinal ordinal: Int) -> Bool {
        guard let indexPath = updater.rowMap.indexPath(ofItemOrdinal: ordinal) else { return false }
        return userSetSelection(selected, of: [indexPath])
    }

    /// The row widget bound to the item at `ordinal`, else nil with `unbound` filled as its row.
    private func accessibleItemRow(atOrdinal ordinal: Int, unbound: UnsafeMutablePointer<GlmAccessibleRow>?)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        let layout = updater.rowMap
        guard let indexPath = layout.indexPath(ofItemOrdinal: ordinal), let position = layout.position(of: .item(indexPath))
        else { return nil }
        if let widget = host.boundRow(at: position)?.hostWidget { return widget }
        if let unbound, let description = accessibleDescription(ofPosition: position) {
            RowAccessibility.fill(unbound, with: description)
        }
        return nil
    }

    /// The manager a list widget's accessible reaches; the widget may outlive it.
    final class WeakManager {
        weak var manager: ListManager?
        init(_ manager: ListManager) { self.manager = manager }
    }
}
