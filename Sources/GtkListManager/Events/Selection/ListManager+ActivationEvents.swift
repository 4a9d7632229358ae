import ModelStorage

extension ListManager {
    /// When a `Row` (or subclass) row is activated.
    public func didActivate<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void) {
        addRowClassEvent(.didActivate, rowClass, role: .item, closure)
    }

    /// Whether a `Row` (or subclass) row may be highlighted (and activated). Default: true.
    public func shouldHighlight<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Bool
    ) {
        addRowClassEvent(.shouldHighlight, rowClass, role: .item, closure)
    }

    /// When the user presses a `Row` (or subclass) row.
    public func didHighlight<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void) {
        addRowClassEvent(.didHighlight, rowClass, role: .item, closure)
    }

    /// When a pressed `Row` (or subclass) row is released.
    public func didUnhighlight<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void) {
        addRowClassEvent(.didUnhighlight, rowClass, role: .item, closure)
    }

    /// Whether a single click activates a row (GTK's default is a double click).
    public var activatesOnSingleClick: Bool {
        get { host.activatesOnSingleClick }
        set {
            checkConfinement()
            host.activatesOnSingleClick = newValue
        }
    }
}
