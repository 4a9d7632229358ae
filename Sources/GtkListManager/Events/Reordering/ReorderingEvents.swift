import CGtk
import ModelStorage

extension ListEvent {
    static let canMove = ListEvent("canMove", source: ReorderingEvents.self)
    static let move = ListEvent("move", source: ReorderingEvents.self)
    static let targetIndexPathForMove = ListEvent("targetIndexPathForMove", source: ReorderingEvents.self)
    static let moveItem = ListEvent("moveItem", source: ReorderingEvents.self)
}

/// Moving rows within their list, by pointer drag (through the list's ``ListDragController``)
/// or by keyboard (Alt+Up / Alt+Down on the focused row).
///
/// A row moves only when `canMove` answers true for it (default false). The destination under
/// the pointer (or one step away for the keyboard) is proposed to `targetIndexPathForMove`,
/// whose answer is used when it is a valid destination (no reaction: the proposal itself).
///
/// The rule for the storage: GTK never moves a row by itself. With a ``ReorderableStorage``
/// (`MemoryStorage`, the database storage) the manager moves the item there (one recorded
/// `moveItem`, so the host moves the same row widget once), then tells `move` / `moveRowTo`
/// and `moveItem`, which must not move it again. With any other storage the manager changes
/// nothing: the reactions are told, and it is theirs to update the storage (whose change then
/// moves the row).
///
/// A pointer drag of several selected rows (``DraggedRows``) moves them as a sequence of
/// single-row moves (``move(_:pressed:at:to:)``): row after row in list order, each into the
/// gap after the one before, the first into the gap at the pointer, so that they end up
/// together in their list order. Each move is one storage `moveItem` (with a
/// ``ReorderableStorage``) and one `move` / `moveRowTo` and `moveItem` told, in that sequence,
/// with index paths valid at the time of that move: a reaction that updates another storage
/// applies each as it comes. A row already in its place is skipped, and so is one whose move the
/// storage refuses (it stays). Only the pressed row is asked `targetIndexPathForMove`.
@MainActor
final class ReorderingEvents: OnDemandFeature {
    unowned let manager: ListManager
    /// Unmapped `moveItem { source, destination in }` observers.
    var moveObservers: [(IndexPath, IndexPath) -> Void] = []
    /// The storage move a move of several rows waits to see reported, and whether it was.
    var awaitedMove: (source: IndexPath, destination: IndexPath)?
    var awaitedMoveReported = false

    init(manager: ListManager) {
        self.manager = manager
        manager.features.require(.dragSite)
    }

    var keyStage: KeyStage? { .rowMoving }

    /// True when the item row may be moved (`canMove`; default false).
    func canMove(_ row: BoundRow, at location: RowLocation) -> Bool {
        guard location.role == .item else { return false }
        return manager.events.perform(.canMove, on: row, at: location) ?? false
    }

    /// The destination for moving `row` from `source` when `proposed` is offered: the
    /// answer of `targetIndexPathForMove`, or `proposed`; nil when that is not a valid
    /// destination.
    func destination(for row: BoundRow, from source: IndexPath, proposed: IndexPath) -> IndexPath? {
        let target: IndexPath =
            manager.events.perform(.targetIndexPathForMove, input: proposed, on: row, at: .item(source)) ?? proposed
        guard manager.acceptsItemIndexPath(target, from: "The targetIndexPathForMove reaction") else { return nil }
        return isValidDestination(target, from: source) ? target : nil
    }

    /// Moves the item of `row` from `source` to `destination` following the type's rule and
    /// tells the reactions. Returns false when nothing moved (same place, storage refused).
    @discardableResult
    func move(_ row: BoundRow, from source: IndexPath, to destination: IndexPath) -> Bool {
        guard destination != source else { return false }
        return manager.asUserAction(named: "Move") { moveReporting(row, from: source, to: destination) }
    }

    private func moveReporting(_ row: BoundRow, from source: IndexPath, to destination: IndexPath) -> Bool {
        if let storage = manager.storage as? any ReorderableStorage {
            storage.moveItem(at: source, to: destination)
            guard manager.location(of: row)?.indexPath == destination else { return false }
        }
        let _: Void? = manager.events.perform(.move, input: destination, on: row, at: .item(source))
        for observer in moveObservers { observer(source, destination) }
        return true
    }

    /// The final index path of an item moved from `source` into the gap before `gap` (the gap
    /// is read in the list as it is, the result after removing the source).
    func destination(forGap gap: IndexPath, from source: IndexPath) -> IndexPath {
        guard gap.section == source.section, gap.item > source.item else { return gap }
        return IndexPath(item: gap.item - 1, section: gap.section)
    }

    /// A destination is an existing section and an item index at most its count after the
    /// source left it.
    private func isValidDestination(_ indexPath: IndexPath, from source: IndexPath) -> Bool {
        guard indexPath.section >= 0, indexPath.section < manager.shownSectionCount, indexPath.item >= 0 else { return false }
        let available = manager.shownItemCount(inSection: indexPath.section) - (indexPath.section == source.section ? 1 : 0)
        return indexPath.item <= available
    }

    // MARK: - Keyboard

    /// Alt+Up / Alt+Down move the focused movable row by one place (into the neighbouring
    /// section at a section's edge); the row keeps the focus. Other keys go on to GTK.
    /// Alt+Up / Alt+Down on a row that can move: moves it one step, across section boundaries,
    /// and keeps the focus on it. A movable row keeps these keys even at the ends of the list.
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let (row, location) = focused, key.modifiers.intersection([.alt, .control, .shift]) == .alt else { return false }
        let step: Int
        switch Int32(key.keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: step = -1
        case GDK_KEY_Down, GDK_KEY_KP_Down: step = 1
        default: return false
        }
        guard canMove(row, at: location) else { return false }
        let source = location.indexPath
        if let proposed = neighbour(of: source, step: step),
            let destination = destination(for: row, from: source, proposed: proposed),
            move(row, from: source, to: destination), let position = manager.position(of: .item(destination))
        {
            manager.host.focusRow(at: position)
        }
        return true
    }

    private func neighbour(of source: IndexPath, step: Int) -> IndexPath? {
        let item = source.item + step
        if item >= 0, item < manager.shownItemCount(inSection: source.section) {
            return IndexPath(item: item, section: source.section)
        }
        let section = source.section + step
        guard section >= 0, section < manager.shownSectionCount else { return nil }
        return IndexPath(item: step < 0 ? manager.shownItemCount(inSection: section) : 0, section: section)
    }
}
