import CGtk
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

    /// Sets how wide the pinned strip of frozen columns is, on a host that pins one
    /// (``PinnedLeadingArea``); false on others, which cannot.
    func setPinnedLeadingWidth(_ width: Int) -> Bool {
        guard let pinning = host as? any PinnedLeadingArea else { return false }
        if pinning.pinnedLeadingWidth != width { pinning.pinnedLeadingWidth = width }
        return true
    }

    /// The host's type, as anomalies name it.
    var hostName: String { String(describing: type(of: host)) }

    /// Indents the whole of `row` by `pixels` (a tree's row in a plain list).
    func setIndentation(_ pixels: Int, for row: BoundRow) {
        host.setIndentation(pixels, for: row)
    }

    /// Keeps the per-row states of `mapping`'s rows (``StatefulRow``) in the list's store.
    func keepRowStates(of mapping: any AnyRowMapping) {
        mapping.keepStates(in: factory.rowStates)
    }
    /// The first item row the viewport shows, and how far its top is above the viewport's top
    /// (0 when it starts at it); nil when no item row is on screen.
    func topItemOnScreen() -> (indexPath: IndexPath, offset: Double)? {
        guard let positions = host.positionsOnScreen, let viewport = host.viewportFrame else { return nil }
        for position in positions {
            guard let location = updater.rowMap.location(ofPosition: position), location.role == .item,
                let frame = host.rowFrame(at: position), frame.y + frame.height > viewport.y
            else { continue }
            return (location.indexPath, max(viewport.y - frame.y, 0))
        }
        return nil
    }

    /// Scrolls so that the item row at `indexPath` starts `offset` pixels above the viewport's
    /// top (0: at the top), once the rows above are laid out.
    func scroll(_ indexPath: IndexPath, toOffset offset: Double) {
        guard let position = position(of: .item(indexPath)) else { return }
        host.layoutIfNeeded()
        host.scrollTo(position: position, alignment: .top)
        host.layoutIfNeeded()
        if offset > 0, let adjustment = host.verticalAdjustment {
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + offset)
        }
    }

    /// The index path of the item row that has the keyboard focus; nil when none has.
    var focusedItemIndexPath: IndexPath? {
        guard let (_, location) = focusedRowAndLocation(), location.role == .item else { return nil }
        return location.indexPath
    }

    /// Gives the keyboard focus to the item row at `indexPath` (brought on screen), leaving the
    /// selection as it is.
    func focusItem(at indexPath: IndexPath) {
        guard let position = position(of: .item(indexPath)) else { return }
        host.layoutIfNeeded()
        _ = host.focusRow(at: position)
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
