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
}
