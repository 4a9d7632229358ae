import ModelStorage

// What a feature may ask of the host, through the manager: features that live apart from the
// hosts (a table) never reach the host itself.
extension ListManager {
    /// Makes the host report every activation, single clicks included where it activates on
    /// them (a feature that reacts to activations asks once).
    func requestActivationReports() {
        host.reportsActivation = true
    }

    /// Sets how wide the rows' content is, on a host that scrolls sideways; nothing on others
    /// (their rows take the list's width).
    func setRowsContentWidth(_ width: Int) {
        (host as? any HorizontalScrolling)?.contentWidth = width
    }

    /// Indents the whole of `row` by `pixels` (a tree's row in a plain list).
    func setIndentation(_ pixels: Int, for row: BoundRow) {
        host.setIndentation(pixels, for: row)
    }

    /// Keeps the per-row states of `mapping`'s rows (``StatefulRow``) in the list's store.
    func keepRowStates(of mapping: any AnyRowMapping) {
        mapping.keepStates(in: factory.rowStates)
    }

    /// Gives the keyboard focus to the row of the item at `indexPath` when it is bound (an
    /// editor that ends hands the focus back to its row); false when it is not.
    @discardableResult
    func focusItemRow(at indexPath: IndexPath) -> Bool {
        guard let position = position(of: .item(indexPath)) else { return false }
        return host.focusRow(at: position)
    }

    /// Whether the host activates a row on a single click (a double click is then no gesture
    /// of its own).
    var hostActivatesOnSingleClick: Bool { host.activatesOnSingleClick }
}
