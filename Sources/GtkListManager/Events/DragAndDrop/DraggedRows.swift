import ModelStorage

/// The rows one drag carries: the pressed row alone, or, when the press was on one of several
/// selected rows, every selected row that may be dragged the way the pressed row may, in list
/// order.
///
/// "The way the pressed row may": when it may be moved (`canMove`), so must the others be;
/// when it offers items (`itemsForBeginningDrag`), so must they. The rows of one drag are then
/// moved together within the list and all deliver items to another list, and the source
/// removing ``indexPaths`` after a move elsewhere removes exactly the rows whose items went.
/// Selected rows without a widget (a virtualized list binds only the rows on screen) are asked
/// on a scratch row (``ListManager/withRow(at:_:)``).
@MainActor
struct DraggedRows {
    /// True when the pressed row may be moved within the list.
    let isReordering: Bool
    /// The dragged rows' index paths, in list order.
    private(set) var indexPaths: [IndexPath] = []
    /// Their models, in the same order.
    private(set) var models: [Any] = []
    /// Their items, row after row.
    private(set) var items: [DragItem] = []

    private init(isReordering: Bool) {
        self.isReordering = isReordering
    }

    /// The rows a drag from `row`, pressed at `location`, carries; nil when the row may not be
    /// dragged at all.
    static func pressed(
        _ row: BoundRow, at location: RowLocation, in manager: ListManager, reordering: ReorderingEvents?,
        dragAndDrop: DragAndDropEvents?
    ) -> DraggedRows? {
        let isReordering = reordering?.canMove(row, at: location) ?? false
        let pressedItems = dragAndDrop?.items(for: row, at: location) ?? []
        guard isReordering || !pressedItems.isEmpty else { return nil }
        var rows = DraggedRows(isReordering: isReordering)
        let pressed = location.indexPath
        let selection = manager.selection
        guard selection.isSelected(pressed), selection.selected.count > 1 else {
            rows.append(pressed, model: row.model, items: pressedItems)
            return rows
        }
        for indexPath in manager.selectedIndexPaths {
            if indexPath == pressed {
                rows.append(pressed, model: row.model, items: pressedItems)
                continue
            }
            let here = RowLocation.item(indexPath)
            manager.withRow(at: here) { other in
                if isReordering, reordering?.canMove(other, at: here) != true { return }
                let items = pressedItems.isEmpty ? [] : dragAndDrop?.items(for: other, at: here) ?? []
                if !pressedItems.isEmpty, items.isEmpty { return }
                rows.append(indexPath, model: other.model, items: items)
            }
        }
        return rows
    }

    private mutating func append(_ indexPath: IndexPath, model: Any, items: [DragItem]) {
        indexPaths.append(indexPath)
        models.append(model)
        self.items += items
    }
}
