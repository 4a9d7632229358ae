import ModelStorage

extension ListManager {
    /// What a `Row` (or subclass) row offers when dragged to other lists, widgets and
    /// applications. Default: nothing.
    public func itemsForBeginningDrag<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> [DragItem]
    ) {
        addRowClassEvent(.itemsForBeginningDrag, rowClass, role: .item, closure)
    }

    /// What an item of type `Model` offers when dragged to other lists, widgets and
    /// applications, whatever row shows it. Default: nothing.
    public func itemsForBeginningDrag<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> [DragItem]) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.itemsForBeginningDrag) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    // MARK: - Drag sessions (drags that start on this list)

    /// When a drag starts on a row of this list (GTK's `drag-begin`).
    public func dragSessionWillBegin(_ closure: @escaping (DragSession) -> Void) {
        dragAndDropEvents(.dragSessionWillBegin).willBegin.append(closure)
    }

    /// When a drag that started on this list ends (GTK's `drag-end`), with
    /// ``DragSession/operation`` set.
    public func dragSessionDidEnd(_ closure: @escaping (DragSession) -> Void) {
        dragAndDropEvents(.dragSessionDidEnd).didEnd.append(closure)
    }

    /// Whether a drag of items may move them (else only copy them). Default: true. Asked before
    /// the drag starts; reorders within the list are always moves.
    public func dragSessionAllowsMoveOperation(_ closure: @escaping (DragSession) -> Bool) {
        let events = dragAndDropEvents(.dragSessionAllowsMoveOperation)
        if events.allowsMove == nil { events.allowsMove = closure }
    }

    // MARK: - Drops into this list

    /// Whether the list takes a drag entering it. Default: true.
    public func canHandleDrop(_ closure: @escaping (DropSession) -> Bool) {
        let events = dragAndDropEvents(.canHandleDrop)
        if events.canHandle == nil { events.canHandle = closure }
    }

    /// When a drag the list takes enters it.
    public func dropSessionDidEnter(_ closure: @escaping (DropSession) -> Void) {
        dragAndDropEvents(.dropSessionDidEnter).didEnter.append(closure)
    }

    /// As the pointer moves over the list: `(session, index path under the pointer) ->
    /// proposal`. Default: a copy to the index path under the pointer when ``performDrop(_:)``
    /// is registered, else cancel.
    public func dropSessionDidUpdate(_ closure: @escaping (DropSession, IndexPath?) -> DropProposal) {
        let events = dragAndDropEvents(.dropSessionDidUpdate)
        if events.didUpdate == nil { events.didUpdate = closure }
    }

    /// When a drag that entered leaves without a drop.
    public func dropSessionDidExit(_ closure: @escaping (DropSession) -> Void) {
        dragAndDropEvents(.dropSessionDidExit).didExit.append(closure)
    }

    /// When a drag that entered is over for this list (after the drop or the exit).
    public func dropSessionDidEnd(_ closure: @escaping (DropSession) -> Void) {
        dragAndDropEvents(.dropSessionDidEnd).dropDidEnd.append(closure)
    }

    /// The drop: ``DropSession/items`` and ``DropSession/destinationIndexPath`` are set. Put
    /// the items into the storage here, e.g. through ``drop(_:toPlaceholderAt:showing:)``.
    public func performDrop(_ closure: @escaping (DropSession) -> Void) {
        let events = dragAndDropEvents(.performDrop)
        if events.perform == nil { events.perform = closure }
    }

    /// Reserves the place at `indexPath` for `item`'s model, to commit when it is ready.
    ///
    /// With `placeholderModel` (a model with a registered row, "Loading…" say) that model is
    /// inserted into the memory storage now and replaced on commit; without one the model is
    /// inserted on commit. Each step is an ordinary recorded storage change.
    ///
    /// A path that addresses no item (not two indices, or a negative one) is refused and
    /// reported, as by ``selectItem(at:)``: the placeholder is settled from the start (no model
    /// shown, ``DropPlaceholder/indexPath`` nil, a commit inserts nothing).
    public func drop(_ item: DragItem, toPlaceholderAt indexPath: IndexPath, showing placeholderModel: Any? = nil) -> DropPlaceholder {
        let accepted = acceptsItemIndexPath(indexPath)
        return DropPlaceholder(item: item, manager: self, indexPath: indexPath, placeholderModel: placeholderModel, refused: !accepted)
    }

    private func dragAndDropEvents(_ event: ListEvent) -> DragAndDropEvents {
        features.require(event, as: DragAndDropEvents.self)
    }
}
