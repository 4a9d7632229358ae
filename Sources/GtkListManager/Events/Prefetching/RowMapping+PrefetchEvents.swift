import ModelStorage

extension RowMapping {
    /// On an item mapping: items about to come on screen, before their rows show. See
    /// ``ListManager/prefetch(_:_:)``.
    public func prefetch(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.prefetch) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: items told to ``prefetch(_:)`` that will not come on screen soon
    /// after all. See ``ListManager/cancelPrefetching(_:_:)``.
    public func cancelPrefetching(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.cancelPrefetching) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }
}
