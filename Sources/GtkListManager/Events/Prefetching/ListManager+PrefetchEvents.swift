import ModelStorage

extension ListManager {
    /// Items of type `Model` about to come on screen, before their rows show: start loading
    /// what they will need (an image, a remote value) here. They are the items of the
    /// ``ListConfiguration/prefetchDistance`` viewports ahead of the scroll (below the visible
    /// rows until the list scrolls up), on every host, bound rows or not; each is told once
    /// while it stays ahead. See "Live content".
    public func prefetch<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(modelType, role: .item, .model(.prefetch) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// Items of type `Model` told to ``prefetch(_:_:)`` that will not come on screen soon after
    /// all: the scroll turned back or jumped, the item was deleted or given a new model, the
    /// list reloaded. Stop their loads here. The model is the one told; the index path is the
    /// item's now, or, for an item deleted, the one it had. An item that comes on screen is not
    /// cancelled.
    public func cancelPrefetching<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.cancelPrefetching) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }
}
