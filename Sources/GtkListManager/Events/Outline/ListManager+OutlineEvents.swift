import ModelStorage

// Reactions to rows of a tree opening and closing, for items whose model is a `Model` (the
// manager's forms) or for a mapping's rows (``RowMapping``'s forms). They run for rows with no
// widget too: a tree opened by key on the virtualized host asks before the rows exist.
extension ListManager {
    /// Whether the user may open the row of `model` at an index path (by its arrow or a key).
    /// The first reaction registered answers; no reaction: yes.
    public func shouldExpand<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelTypeReaction(
            modelType, role: .item, .model(.shouldExpand) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// Whether the user may close the row of `model` at an index path. No reaction: yes.
    public func shouldCollapse<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelTypeReaction(
            modelType, role: .item, .model(.shouldCollapse) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// The user is opening the row of `model` at an index path: its children's rows show next
    /// (an app reading children itself starts here).
    public func willExpand<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.willExpand) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// The user is closing the row of `model` at an index path: its children's rows go next.
    public func willCollapse<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.willCollapse) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// The user opened the row of `model` at an index path: its children's rows show below it.
    public func didExpand<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(modelType, role: .item, .model(.didExpand) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// The user closed the row of `model` at an index path.
    public func didCollapse<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Void) {
        addModelTypeReaction(
            modelType, role: .item, .model(.didCollapse) { (_: Void, model: Model, indexPath) in closure(model, indexPath) })
    }

    /// Shows a storage's trees as trees when it is ``OutlineProviding``: called with each reload.
    func installOutlineIfNeeded() {
        if storage is any OutlineProviding { features.require(.outlineRows) }
    }
}

extension RowMapping {
    /// On an item mapping: whether the user may open this mapping's row. No reaction: yes.
    public func shouldExpand(_ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelReaction(.shouldExpand) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: whether the user may close this mapping's row. No reaction: yes.
    public func shouldCollapse(_ closure: @escaping (Model, IndexPath) -> Bool) {
        addModelReaction(.shouldCollapse) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: the user is opening this mapping's row.
    public func willExpand(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.willExpand) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: the user is closing this mapping's row.
    public func willCollapse(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.willCollapse) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: the user opened this mapping's row.
    public func didExpand(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.didExpand) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On an item mapping: the user closed this mapping's row.
    public func didCollapse(_ closure: @escaping (Model, IndexPath) -> Void) {
        addModelReaction(.didCollapse) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }
}
