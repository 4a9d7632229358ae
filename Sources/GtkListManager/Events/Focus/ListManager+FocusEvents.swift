import ModelStorage

extension ListManager {
    /// Whether a `Row` (or subclass) item row can take the keyboard focus. Default: true.
    public func canFocus<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Bool) {
        addRowClassEvent(.canFocus, rowClass, role: .item, closure)
    }

    /// When the keyboard focus moves to a `Row` (or subclass) row from elsewhere.
    public func didFocus<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void) {
        addRowClassEvent(.didFocus, rowClass, role: .item, closure)
    }

    /// A key pressed while a `Row` (or subclass) row has the focus. Return true to stop the
    /// event. See ``RowMapping/keyPress(_:)``.
    public func keyPress<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (KeyPress, R, R.Model, IndexPath) -> Bool
    ) {
        addRowClassReaction(
            rowClass, role: .item,
            .row(.keyPress) { (key: KeyPress, row: R, model: R.Model, indexPath) in
                closure(key, row, model, indexPath)
            })
    }

    /// The item that takes the focus when keyboard navigation (Tab, or the window's initial
    /// focus) enters the list; nil, or an index path without a focusable row, leaves the choice
    /// to GTK (the selected row, else the first). Setting it again replaces the closure.
    public func preferredFocusedIndexPath(_ closure: @escaping () -> IndexPath?) {
        features.require(.preferredFocusedIndexPath, as: FocusEvents.self).preferredFocus = closure
    }
}
