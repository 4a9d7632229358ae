import ModelStorage

/// A drag that started on a row of this list: told to `dragSessionWillBegin`,
/// `dragSessionAllowsMoveOperation` and `dragSessionDidEnd`.
///
/// A drag carries the pressed row, or, when the press was on one of several selected rows,
/// every selected row that may be dragged the way the pressed row may: moved within the list
/// when the pressed row may be (`canMove`), offering items when it does
/// (`ListManager.itemsForBeginningDrag`). Rows scrolled off screen are carried too.
/// ``sourceIndexPaths`` and ``models`` list them all; ``sourceIndexPath`` and ``model`` are
/// the pressed row's.
@MainActor
public final class DragSession {
    /// What the dragged rows offered (`ListManager.itemsForBeginningDrag`), row after
    /// row in list order; empty for a reorder-only drag.
    public let items: [DragItem]
    /// Where the row the drag started on (the pressed row) was when the drag began.
    public let sourceIndexPath: IndexPath
    /// The model of the row the drag started on (the pressed row).
    public let model: Any
    /// Where every dragged row was when the drag began, in list order; the pressed row's
    /// ``sourceIndexPath`` is one of them (the only one for a drag of one row).
    public let sourceIndexPaths: [IndexPath]
    /// The models of every dragged row, in the order of ``sourceIndexPaths``.
    public let models: [Any]
    /// True when the rows may also be moved within their list (`canMove` answered true).
    public let isReordering: Bool
    /// How the drag ended, known in `dragSessionDidEnd`: `.cancel` when nothing took the
    /// items, else the operation the drop target chose. After a `.move` to another list the
    /// items are still in this list's storage: remove the rows at ``sourceIndexPaths`` in
    /// `dragSessionDidEnd` if wanted (from the last, so that the others stay where they are).
    public internal(set) var operation: DropProposal.Operation = .cancel
    /// True when the drag ended with a drop on this same list (a reorder).
    public internal(set) var endedInSameList = false

    init(rows: DraggedRows, pressedAt sourceIndexPath: IndexPath, model: Any) {
        items = rows.items
        sourceIndexPaths = rows.indexPaths
        models = rows.models
        isReordering = rows.isReordering
        self.sourceIndexPath = sourceIndexPath
        self.model = model
    }
}
