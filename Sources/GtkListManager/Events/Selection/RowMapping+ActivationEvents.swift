import ModelStorage

extension RowMapping {
    /// When a row of this mapping is activated: double click (single click with
    /// ``ListManager/activatesOnSingleClick``), Enter or Space.
    public func didActivate(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didActivate, closure)
    }

    /// Whether a row of this mapping may be highlighted (and activated). Default: true.
    public func shouldHighlight(_ closure: @escaping (R, Model, IndexPath) -> Bool) {
        addRowEvent(.shouldHighlight, closure)
    }

    /// When the user presses a row of this mapping.
    public func didHighlight(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didHighlight, closure)
    }

    /// When a pressed row of this mapping is released (or the press ends elsewhere).
    public func didUnhighlight(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didUnhighlight, closure)
    }
}
