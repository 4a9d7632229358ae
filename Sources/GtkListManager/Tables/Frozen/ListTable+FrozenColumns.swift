import CGtk
import CVirtualList

// Frozen columns: the leading shown columns stay at the viewport's leading edge (the right one
// right to left) while the others scroll sideways, in the rows and in the header. At every
// sideways step the table moves the frozen cells of the rows on screen by the scroll offset
// (glm_table_row_set_pinned_strip: O(rows on screen), never O(rows)); each row draws them last
// over an opaque strip, and the host draws the strip again over the pixels it shifted
// (`PinnedLeadingArea`).
extension ListTable {
    /// How many leading shown columns stay put while the others scroll sideways; 0 for none.
    /// Part of the ``state``; a table starts with its ``TableColumn/isFrozen`` columns frozen.
    /// On a host that cannot pin them (the list box) the columns scroll and
    /// ``ManagerAnomaly/frozenColumnsUnsupported(host:)`` is reported.
    public var frozenColumnCount: Int {
        get { state.frozenColumnCount }
        set {
            var state = self.state
            state.frozenColumnCount = max(newValue, 0)
            self.state = state
        }
    }

    /// The frozen strip for `layout` and the state's count, told to the host; reports the host's
    /// refusal once per freeze. True when it changed.
    func updateFrozenStrip(for layout: ColumnLayout) -> Bool {
        let asked = min(state.frozenColumnCount, layout.placed.count)
        var strip = frozenStrip
        var count = asked
        if asked > 0, !manager.setPinnedLeadingWidth(layout.placed[asked - 1].end) {
            if !strip.reportedUnsupported { manager.anomalyHandler.report(.frozenColumnsUnsupported(host: manager.hostName)) }
            strip.reportedUnsupported = true
            count = 0
        } else if asked == 0 {
            _ = manager.setPinnedLeadingWidth(0)
            strip.reportedUnsupported = false
        }
        strip.count = count
        strip.width = count > 0 ? layout.placed[count - 1].end : 0
        guard strip != frozenStrip else { return false }
        let moved = strip.count != frozenStrip.count || strip.width != frozenStrip.width
        frozenStrip = strip
        if moved { frozenStrip.pinnedOffset = -1 }
        return moved
    }

    /// Pins the frozen cells of every bound row, and the frozen headers, at `offset` (how far
    /// the rows are scrolled from their leading edge): O(rows on screen), per sideways step.
    func pinFrozenColumns(at offset: Int) {
        guard frozenStrip.pinnedOffset != offset else { return }
        frozenStrip.pinnedOffset = offset
        guard frozenStrip.width > 0 || frozenStrip.pinnedWidth > 0 else { return }
        frozenStrip.pinnedWidth = frozenStrip.width
        header.pin(at: offset, width: frozenStrip.width)
        let width = Int32(clamping: frozenStrip.width)
        forEachTableRow { view, _, _ in
            glm_table_row_set_pinned_strip(UnsafeMutablePointer(view.tableRow), Int32(clamping: offset), width)
            coverOutline(of: view)
        }
    }

    /// The shown column under `fromStart` pixels from a row's leading edge: in the frozen
    /// strip, the frozen column shown there (whatever scrolled under it).
    func shownColumn(atRowOffset fromStart: Int) -> Int? {
        let inStrip = fromStart - max(frozenStrip.pinnedOffset, 0)
        if frozenStrip.count > 0, inStrip >= 0, inStrip < frozenStrip.width { return layout.column(at: inStrip) }
        return layout.column(at: fromStart)
    }

    /// The order with `column` moved to `index`, or nil when that would put a column that
    /// scrolls among the frozen ones (or take a frozen one out of them).
    func orderAllowingFrozen(_ order: [String], before: [String]) -> [String]? {
        let count = state.frozenColumnCount
        guard count > 0 else { return order }
        let hidden = state.hidden
        let frozenBefore = Set(before.filter { !hidden.contains($0) }.prefix(count))
        let frozenAfter = Set(order.filter { !hidden.contains($0) }.prefix(count))
        return frozenBefore == frozenAfter ? order : nil
    }

    /// The header menu's entries that freeze columns up to `columnID`, or unfreeze them.
    func freezingMenuItems(for columnID: String) -> [MenuItem] {
        guard let index = layout.index(of: columnID) else { return [] }
        let count = state.frozenColumnCount
        var items: [MenuItem] = []
        if index + 1 != count {
            items.append(MenuItem("Freeze Up to This Column") { [unowned self] in frozenColumnCount = index + 1 })
        }
        if count > 0 { items.append(MenuItem("Unfreeze") { [unowned self] in frozenColumnCount = 0 }) }
        return items
    }
}
