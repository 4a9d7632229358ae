import ModelStorage

/// Routes the list's events to the closures of declarative rows, through the manager's event
/// system: each declared row class's mapping gets, first, one reaction per declarable event,
/// which answers when the row's declaration has a closure for it and declines otherwise, so
/// the manager's own reactions (`didSelect(PostRow.self)`, model events) answer for rows that
/// declared none. A group's event sources are installed the first time a declared row has a
/// closure in that group (so an unused group connects no signal).
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

    /// Installs the event sources of the groups not listened to yet.
    func listen(to groups: Set<DeclaredRowEvents>) {
        for group in DeclaredRowEvents.allCases where groups.contains(group) && !listening.contains(group) {
            listening.insert(group)
            for event in Self.events(of: group) { manager.events.require(event) }
        }
    }

    private static func events(of group: DeclaredRowEvents) -> [ListEvent] {
        switch group {
        case .selection: [.didSelect, .didDeselect]
        case .display: [.willDisplay, .didEndDisplaying]
        case .deletion: [.canEdit, .commitEditing]
        case .reordering: [.canMove, .move]
        }
    }

    /// Gives a declared row class's new mapping its declarable reactions, before any other.
    func attachReactions(to mapping: any AnyRowMapping) {
        react(.didSelect, on: mapping) { [weak self] (_: Void, slot, indexPath) in self?.didSelect(slot, at: indexPath) }
        react(.didDeselect, on: mapping) { [weak self] (_: Void, slot, indexPath) in
            guard let self, slot !== self.deselectingByTap else { return }
            slot.didDeselect(at: indexPath)
        }
        react(.willDisplay, on: mapping) { (_: Void, slot, indexPath) in slot.willDisplay(at: indexPath) }
        react(.didEndDisplaying, on: mapping) { (_: Void, slot, indexPath) in slot.didEndDisplay(at: indexPath) }
        react(.canEdit, on: mapping) { (_: Void, slot, _) in slot.canDelete }
        react(.commitEditing, on: mapping) { (style: EditingStyle, slot, indexPath) in
            if style == .delete { slot.delete(at: indexPath) }
        }
        react(.canMove, on: mapping) { (_: Void, slot, indexPath) in slot.canMove(at: indexPath) }
        react(.move, on: mapping) { (destination: IndexPath, slot, source) in slot.move(from: source, to: destination) }
    }

    /// A reaction that answers for rows whose declaration handles `event`, and declines for the
    /// others.
    private func react<Input, Output>(
        _ event: ListEvent, on mapping: any AnyRowMapping, _ closure: @escaping (Input, RowSlot, IndexPath) -> Output
    ) {
        mapping.appendReaction(
            .declinableModel(event) { (input: Input, slot: RowSlot, indexPath) -> Output? in
                slot.handles(event) ? closure(input, slot, indexPath) : nil
            })
    }

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
