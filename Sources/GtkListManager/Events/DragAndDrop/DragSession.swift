import ModelStorage

/// A drag that started on a row of this list: told to `dragSessionWillBegin`,
/// `dragSessionAllowsMoveOperation` and `dragSessionDidEnd`.
@MainActor
public final class DragSession {
    /// What the row offered (``ListManager/itemsForBeginningDrag(_:_:)``); empty for a
    /// reorder-only drag.
    public let items: [DragItem]
    /// Where the dragged row was when the drag began.
    public let sourceIndexPath: IndexPath
    /// The model of the dragged row.
    public let model: Any
    /// True when the row may also be moved within its list (`canMove` answered true).
    public let isReordering: Bool
    /// How the drag ended, known in `dragSessionDidEnd`: `.cancel` when nothing took the
    /// items, else the operation the drop target chose. After a `.move` to another list the
    /// items are still in this list's storage: remove them in `dragSessionDidEnd` if wanted.
    public internal(set) var operation: DropProposal.Operation = .cancel
    /// True when the drag ended with a drop on this same list (a reorder).
    public internal(set) var endedInSameList = false

    init(items: [DragItem], sourceIndexPath: IndexPath, model: Any, isReordering: Bool) {
        self.items = items
        self.sourceIndexPath = sourceIndexPath
        self.model = model
        self.isReordering = isReordering
    }
}
