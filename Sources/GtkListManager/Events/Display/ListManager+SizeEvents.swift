import ModelStorage

extension ListManager {
    /// The height in pixels of item rows whose model is a `Model`. See
    /// ``RowMapping/heightForRow(_:)``. Passing a row class reports
    /// ``ManagerAnomaly/modelEventCalledWithRowClass(modelType:event:)``.
    public func heightForRow<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Int) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.heightForRow) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// The height in pixels of header rows whose model is a `Model`, with their section.
    public func heightForHeader<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, Int) -> Int) {
        addModelTypeReaction(
            modelType, role: .header,
            .model(.heightForHeader) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath.section)
            })
    }

    /// The height in pixels of footer rows whose model is a `Model`, with their section.
    public func heightForFooter<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, Int) -> Int) {
        addModelTypeReaction(
            modelType, role: .footer,
            .model(.heightForFooter) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath.section)
            })
    }

    /// The indentation level of item rows whose model is a `Model`. See
    /// ``RowMapping/indentationLevel(_:)``.
    public func indentationLevel<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> Int) {
        addModelTypeReaction(
            modelType, role: .item,
            .model(.indentationLevel) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// Pixels per indentation level (see ``indentationLevel(_:_:)``). Default: 16.
    /// Setting it re-indents the shown rows.
    public var indentationWidth: Int {
        get { features.installed(SizeEvents.self)?.indentationWidth ?? SizeEvents.defaultIndentationWidth }
        set {
            checkConfinement()
            features.require(.indentationLevel, as: SizeEvents.self).indentationWidth = newValue
        }
    }
}
