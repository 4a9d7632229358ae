import ModelStorage

/// Routes the list's events to the closures of declarative rows, through the manager's event
/// system: one model reaction per event for every ``RowSlot``, registered the first time a
/// declared row has a closure for that event's group (so an unused group connects no signal).
///
/// A reaction gets the slot the row is bound to and the row's location as the event source
/// computed it: for a row an update removes, the slot still holds the declaration it was shown
/// with and the location is where it was.
@MainActor
final class DeclarativeEvents {
    private unowned let manager: ListManager
    private var listening: Set<DeclaredRowEvents> = []
    /// The slot whose selection a `.deselect` tap is taking back: that is not the user's deselection.
    private var deselectingByTap: RowSlot?

    init(manager: ListManager) {
        self.manager = manager
    }

    /// Starts listening to the groups not listened to yet.
    func listen(to groups: Set<DeclaredRowEvents>) {
        for group in DeclaredRowEvents.allCases where groups.contains(group) && !listening.contains(group) {
            listening.insert(group)
            install(group)
        }
    }

    private func install(_ group: DeclaredRowEvents) {
        switch group {
        case .selection:
            react(.didSelect) { [weak self] (_: Void, slot, indexPath) in self?.didSelect(slot, at: indexPath) ?? () }
            react(.didDeselect) { [weak self] (_: Void, slot, indexPath) in
                guard let self, slot !== self.deselectingByTap else { return }
                slot.didDeselect(at: indexPath)
            }
        case .display:
            react(.willDisplay) { (_: Void, slot, indexPath) in slot.willDisplay(at: indexPath) }
            react(.didEndDisplaying) { (_: Void, slot, indexPath) in slot.didEndDisplay(at: indexPath) }
        case .deletion:
            react(.canEdit) { (_: Void, slot, _) in slot.canDelete }
            react(.commitEditing) { (style: EditingStyle, slot, indexPath) in
                if style == .delete { slot.delete(at: indexPath) }
            }
        case .reordering:
            react(.canMove) { (_: Void, slot, indexPath) in slot.canMove(at: indexPath) }
            react(.move) { (destination: IndexPath, slot, source) in slot.move(from: source, to: destination) }
        }
    }

    private func react<Input, Output>(_ event: ListEvent, _ closure: @escaping (Input, RowSlot, IndexPath) -> Output) {
        manager.addModelTypeReaction(RowSlot.self, role: .item, .model(event, closure))
    }

    /// The user selected a row: its tap behaviour decides whether it stays selected.
    private func didSelect(_ slot: RowSlot, at indexPath: IndexPath) {
        switch slot.tap(at: indexPath) {
        case .keepSelection:
            slot.didSelect(at: indexPath)
        case .deselect:
            // `onTap` may have declared new sections: find the row again.
            guard let current = currentIndexPath(of: slot, near: indexPath) else { return }
            deselectingByTap = slot
            defer { deselectingByTap = nil }
            manager.deselectItem(at: current)
        }
    }

    /// Where the slot's row is now: at `indexPath` still, or wherever a new declaration put it.
    private func currentIndexPath(of slot: RowSlot, near indexPath: IndexPath) -> IndexPath? {
        if manager.boundRow(at: indexPath)?.model as? RowSlot === slot { return indexPath }
        var found: IndexPath?
        manager.forEachBoundRow { row in
            if found == nil, row.model as? RowSlot === slot { found = manager.location(of: row)?.indexPath }
        }
        return found
    }
}
