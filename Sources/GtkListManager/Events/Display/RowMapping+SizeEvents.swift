import ModelStorage

extension RowMapping {
    /// The height in pixels of this mapping's item rows, asked when a row appears or is
    /// refreshed. The row is at least that tall (taller only when its content needs it); a
    /// negative answer keeps the natural height.
    public func heightForRow(_ closure: @escaping (Model, IndexPath) -> Int) {
        addModelReaction(.heightForRow) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }

    /// On a header mapping: the height in pixels of the header row of a section.
    public func heightForHeader(_ closure: @escaping (Model, Int) -> Int) {
        addModelReaction(.heightForHeader) { (_: Void, model, indexPath) in closure(model, indexPath.section) }
    }

    /// On a footer mapping: the height in pixels of the footer row of a section.
    public func heightForFooter(_ closure: @escaping (Model, Int) -> Int) {
        addModelReaction(.heightForFooter) { (_: Void, model, indexPath) in closure(model, indexPath.section) }
    }

    /// The indentation level of this mapping's item rows: the row's content starts
    /// `level × ListManager.indentationWidth` pixels further in. Default: 0.
    public func indentationLevel(_ closure: @escaping (Model, IndexPath) -> Int) {
        addModelReaction(.indentationLevel) { (_: Void, model, indexPath) in closure(model, indexPath) }
    }
}
