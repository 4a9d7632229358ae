import ModelStorage

/// Routes the list's events to the closures of declarative rows, through the manager's event
/// system: each declared row class's mapping gets, first, one reaction per declarable event,
/// which answers when the row's declaration has a closure for it and declines otherwise, so
/// the manager's own reactions (`didSelect(PostRow.self)`, model events) answer for rows that
/// declared none. A group's event sources are installed the first time a declared row has a
/// closure in that group (so an unused group connects no signal).
///
/// A reaction gets the item the row is bound to and the row's location as the event source
/// computed it: for a row an update removes, the item still holds the declaration it was shown
/// with and the location is where it was.
@MainActor
final class DeclarativeEvents {
    private unowned let manager: ListManager
    private var listening: Set<DeclaredRowEvents> = []
    /// The item whose selection a `.deselect` tap is taking back: that is not the user's deselection.
    private var deselectingByTap: DeclaredItem?

    init(manager: ListManager) {
        self.manager = manager
    }

    /// Installs the event sources of the groups not listened to yet.
    func listen(to groups: Set<DeclaredRowEvents>) {
        for group in DeclaredRowEvents.allCases where groups.contains(group) && !listening.contains(group) {
            listening.insert(group)
            for event in Self.events(of: group) { manager.features.require(event) }
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
        react(.didSelect, on: mapping) { [weak self] (_: Void, item, indexPath) in self?.didSelect(item, at: indexPath) }
        react(.didDeselect, on: mapping) { [weak self] (_: Void, item, indexPath) in
            guard let self, item !== self.deselectingByTap else { return }
            item.didDeselect(at: indexPath)
        }
        react(.willDisplay, on: mapping) { (_: Void, item, indexPath) in item.willDisplay(at: indexPath) }
        react(.didEndDisplaying, on: mapping) { (_: Void, item, indexPath) in item.didEndDisplay(at: indexPath) }
        react(.canEdit, on: mapping) { (_: Void, item, _) in item.canDelete }
        react(.commitEditing, on: mapping) { (style: EditingStyle, item, indexPath) in
            if style == .delete { item.delete(at: indexPath) }
        }
        react(.canMove, on: mapping) { (_: Void, item, indexPath) in item.canMove(at: indexPath) }
        react(.move, on: mapping) { (destination: IndexPath, item, source) in item.move(from: source, to: destination) }
    }

    /// A reaction that answers for rows whose declaration handles `event`, and declines for the
    /// others.
    private func react<Input, Output>(
        _ event: ListEvent, on mapping: any AnyRowMapping, _ closure: @escaping (Input, DeclaredItem, IndexPath) -> Output
    ) {
        mapping.appendReaction(
            .declinableModel(event) { (input: Input, item: DeclaredItem, indexPath) -> Output? in
                item.handles(event) ? closure(input, item, indexPath) : nil
            })
    }

    private func didSelect(_ item: DeclaredItem, at indexPath: IndexPath) {
        switch item.tap(at: indexPath) {
        case .keepSelection:
            item.didSelect(at: indexPath)
        case .deselect:
            // `onTap` may have declared new sections: find the row again.
            guard let current = currentIndexPath(of: item, near: indexPath) else { return }
            deselectingByTap = item
            defer { deselectingByTap = nil }
            manager.deselectItem(at: current)
        }
    }

    /// Where the item's row is now: at `indexPath` still, or wherever a new declaration put it.
    private func currentIndexPath(of item: DeclaredItem, near indexPath: IndexPath) -> IndexPath? {
        if manager.boundRow(at: indexPath)?.model as? DeclaredItem === item { return indexPath }
        var found: IndexPath?
        manager.forEachBoundRow { row in
            if found == nil, row.model as? DeclaredItem === item { found = manager.location(of: row)?.indexPath }
        }
        return found
    }
}
