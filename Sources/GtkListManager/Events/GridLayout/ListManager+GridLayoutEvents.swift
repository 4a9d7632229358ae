import ModelStorage

extension ListManager {
    /// The size of cells whose model is a `Model`, asked when a cell is bound or refreshed
    /// (DTCollectionViewManager's `sizeForCell()`). A cell is at least that big; a
    /// negative side keeps its natural size. Needs a grid host.
    public func sizeForCell<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> GridSize) {
        addGridLayoutReaction(.sizeForCell)
        addModelTypeReaction(
            modelType, role: .item,
            .model(.sizeForCell) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// The size of section headers whose model is a `Model`, with their section's index path
    /// (`sizeForHeader()`). Needs a grid host.
    public func sizeForHeader<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> GridSize) {
        addGridLayoutReaction(.referenceSizeForHeader)
        addModelTypeReaction(
            modelType, role: .header,
            .model(.referenceSizeForHeader) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// The size of section footers whose model is a `Model` (`sizeForFooter()`).
    /// Needs a grid host.
    public func sizeForFooter<Model>(_ modelType: Model.Type, _ closure: @escaping (Model, IndexPath) -> GridSize) {
        addGridLayoutReaction(.referenceSizeForFooter)
        addModelTypeReaction(
            modelType, role: .footer,
            .model(.referenceSizeForFooter) { (_: Void, model: Model, indexPath) in
                closure(model, indexPath)
            })
    }

    /// The space around each section's cells, by section index (`insetForSectionAtIndex`).
    /// Asked for every section after a reload and after sections are inserted, deleted or
    /// moved. Needs a grid host.
    public func insetForSection(_ closure: @escaping (Int) -> EdgeInsets) {
        addGridLayoutReaction(.insetForSection).insetForSection = closure
    }

    /// The pixels between lines of each section's cells (`minimumLineSpacingForSectionAtIndex`).
    /// Needs a grid host.
    public func minimumLineSpacingForSection(_ closure: @escaping (Int) -> Int) {
        addGridLayoutReaction(.minimumLineSpacing).lineSpacingForSection = closure
    }

    /// The pixels between cells of a line, per section (`minimumInteritemSpacingForSectionAtIndex`).
    /// Needs a grid host.
    public func minimumInteritemSpacingForSection(_ closure: @escaping (Int) -> Int) {
        addGridLayoutReaction(.minimumInteritemSpacing).itemSpacingForSection = closure
    }

    /// Installs the grid layout source and applies section metrics to the sections shown once
    /// the closure is set (after this call returns).
    @discardableResult
    private func addGridLayoutReaction(_ event: ListEvent, call: StaticString = #function) -> GridLayoutEvents {
        checkConfinement(call)
        let source = features.require(event, as: GridLayoutEvents.self)
        GtkRuntime.after(milliseconds: 0) { [weak source] in source?.applySectionMetrics() }
        return source
    }
}

extension RowMapping {
    /// On an item mapping of a grid: the size of its cells (see
    /// ``ListManager/sizeForCell(_:_:)``).
    public func sizeForCell(_ closure: @escaping (Model, IndexPath) -> GridSize) {
        addModelReaction(.sizeForCell) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On a header mapping of a grid: the size of its headers.
    public func sizeForHeader(_ closure: @escaping (Model, IndexPath) -> GridSize) {
        addModelReaction(.referenceSizeForHeader) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On a footer mapping of a grid: the size of its footers.
    public func sizeForFooter(_ closure: @escaping (Model, IndexPath) -> GridSize) {
        addModelReaction(.referenceSizeForFooter) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }
}
