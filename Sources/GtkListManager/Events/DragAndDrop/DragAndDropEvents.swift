import CGtk
import ModelStorage

extension ListEvent {
    static let itemsForBeginningDrag = ListEvent("itemsForBeginningDrag", source: DragAndDropEvents.self)
    static let dragSessionWillBegin = ListEvent("dragSessionWillBegin", source: DragAndDropEvents.self)
    static let dragSessionDidEnd = ListEvent("dragSessionDidEnd", source: DragAndDropEvents.self)
    static let dragSessionAllowsMoveOperation = ListEvent("dragSessionAllowsMoveOperation", source: DragAndDropEvents.self)
    static let canHandleDrop = ListEvent("canHandleDrop", source: DragAndDropEvents.self)
    static let dropSessionDidEnter = ListEvent("dropSessionDidEnter", source: DragAndDropEvents.self)
    static let dropSessionDidUpdate = ListEvent("dropSessionDidUpdate", source: DragAndDropEvents.self)
    static let dropSessionDidExit = ListEvent("dropSessionDidExit", source: DragAndDropEvents.self)
    static let dropSessionDidEnd = ListEvent("dropSessionDidEnd", source: DragAndDropEvents.self)
    static let performDrop = ListEvent("performDrop", source: DragAndDropEvents.self)
}

/// Dragging rows to other widgets and applications, and dropping into the list, over GTK 3's
/// drag-and-drop (the list's ``ListDragController`` does the GTK side).
///
/// `itemsForBeginningDrag` is a row event; the session and drop events are list-level closures
/// kept here. Value-returning closures: the first registered answers; the others are all told.
@MainActor
final class DragAndDropEvents: OnDemandFeature {
    private unowned let manager: ListManager

    var willBegin: [(DragSession) -> Void] = []
    var didEnd: [(DragSession) -> Void] = []
    var allowsMove: ((DragSession) -> Bool)?
    var canHandle: ((DropSession) -> Bool)?
    var didEnter: [(DropSession) -> Void] = []
    var didUpdate: ((DropSession, IndexPath?) -> DropProposal)?
    var didExit: [(DropSession) -> Void] = []
    var dropDidEnd: [(DropSession) -> Void] = []
    var perform: ((DropSession) -> Void)?

    init(manager: ListManager) {
        self.manager = manager
        manager.features.require(.dragSite)
    }

    /// What the row offers to other widgets; empty (no drag out) without a reaction.
    func items(for row: BoundRow, at location: RowLocation) -> [DragItem] {
        guard location.role == .item else { return [] }
        return manager.events.perform(.itemsForBeginningDrag, on: row, at: location) ?? []
    }

    /// True when some drop closure is registered: the list then accepts drops.
    var acceptsDrops: Bool {
        perform != nil || didUpdate != nil || canHandle != nil || !didEnter.isEmpty
    }

    /// The proposal for `session` at `indexPath`: `dropSessionDidUpdate`'s, else a copy to the
    /// index path under the pointer when `performDrop` is registered, else cancel.
    func proposal(for session: DropSession, at indexPath: IndexPath?) -> DropProposal {
        if let didUpdate { return didUpdate(session, indexPath) }
        return perform != nil ? .copy : .cancel
    }
}
