import ModelStorage

/// The manager's side of its host (``ListHostDelegate``): an object the manager owns and the
/// host holds weakly, so that what only a host should call — binding rows, reporting what the
/// user did — is not on the app's API. Each call goes to the manager.
@MainActor
final class HostDelegate: ListHostDelegate {
    // Unowned(unsafe): the manager owns this object, so it is always there; the checked kinds
    // cost a reference count check on every row bound (CONTRIBUTING, Hot paths: 1).
    private unowned(unsafe) let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    // MARK: Rows

    func bindRow(at position: Int) -> BoundRow { manager.bindRow(at: position) }
    func didBind(_ row: BoundRow, at position: Int) { manager.didBind(row, at: position) }
    func willUnbind(_ row: BoundRow, at position: Int) { manager.willUnbind(row, at: position) }
    func didRelease(_ row: BoundRow) { manager.didRelease(row) }
    func headerPosition(forRowAt position: Int) -> Int? { manager.headerPosition(forRowAt: position) }
    func location(ofPosition position: Int) -> RowLocation? { manager.location(ofPosition: position) }
    var supplementaryArrangement: SupplementaryArrangement { manager.supplementaryArrangement }

    // MARK: What the user did

    func hostSelectionDidChange(selected: [Int], deselected: [Int], byUser: Bool) {
        manager.hostSelectionDidChange(selected: selected, deselected: deselected, byUser: byUser)
    }
    func userSelectedOnly(_ positions: ClosedRange<Int>) { manager.userSelectedOnly(positions) }
    func userToggledSelection(at position: Int) { manager.userToggledSelection(at: position) }
    func userDidActivateRow(at position: Int) { manager.userDidActivateRow(at: position) }
    func focusDidMove(to position: Int?) { manager.focusDidMove(to: position) }
    func positionToFocusOnEntry() -> Int? { manager.positionToFocusOnEntry() }

    // MARK: Accessibility

    func accessibleDescription(ofPosition position: Int) -> AccessibleRowDescription? {
        manager.accessibleDescription(ofPosition: position)
    }
    var selectedItemCount: Int { manager.selectedItemCount }
    func positionOfSelectedItem(at index: Int) -> Int? { manager.positionOfSelectedItem(at: index) }
    func userDeselectedAll() { manager.userDeselectedAll() }
    func userSetSelection(_ selected: Bool, atPositions positions: [Int]) -> Bool {
        manager.userSetSelection(selected, atPositions: positions)
    }

    // MARK: What the user saw

    func rowDidAppearOnScreen(_ row: BoundRow) { manager.rowDidAppearOnScreen(row) }
    func rowDidLeaveScreen(_ row: BoundRow) { manager.rowDidLeaveScreen(row) }
}
