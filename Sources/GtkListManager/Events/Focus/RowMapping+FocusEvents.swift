import ModelStorage

extension RowMapping {
    /// Whether a row of this item mapping can take the keyboard focus. Default: true.
    public func canFocus(_ closure: @escaping (R, Model, IndexPath) -> Bool) {
        addRowEvent(.canFocus, closure)
    }

    /// When the keyboard focus moves to a row of this mapping (or into it) from elsewhere.
    public func didFocus(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didFocus, closure)
    }

    /// A key pressed while a row of this mapping has the focus (widgets inside the row see it
    /// first). Return true to stop the event, false to let GTK handle it (arrows move, Enter
    /// activates, …).
    public func keyPress(_ closure: @escaping (KeyPress, R, Model, IndexPath) -> Bool) {
        addRowReaction(.keyPress, closure)
    }
}
