import CGtk
import ModelStorage

extension ListEvent {
    static let willSelect = ListEvent("willSelect", source: SelectionEvents.self)
    static let didSelect = ListEvent("didSelect", source: SelectionEvents.self)
    static let willDeselect = ListEvent("willDeselect", source: SelectionEvents.self)
    static let didDeselect = ListEvent("didDeselect", source: SelectionEvents.self)
    static let selectionDidChange = ListEvent("selectionDidChange", source: SelectionEvents.self)
}

/// User selection, from the list box's `selected-rows-changed`.
///
/// GTK has no hook before a selection changes, so the will-events are emulated: the source
/// compares the new selection with the one it knew, asks `willSelect` / `willDeselect` about
/// each change, and undoes a veto or follows a redirect at once, inside the same signal (before
/// anything is drawn). The did-events then report the difference between the selection known
/// before and the one that holds after. Only changes made by user input are reported: selection
/// by code and GTK's selection of the focused row when the list gets focus update the known
/// selection silently.
@MainActor
final class SelectionEvents: EventSource {
    /// Weak: GTK may emit while the manager is being deallocated (its list box finalizes last).
    private weak var manager: ListManager?
    /// The selected rows as last seen, by record identity.
    private var known: [ObjectIdentifier: HostedRow] = [:]
    /// True while the source itself changes the selection (vetoes, redirects).
    private var isAdjusting = false
    /// List-level observers of user selection changes.
    var selectionObservers: [([HostedRow], [RowLocation]) -> Void] = []

    init(manager: ListManager) {
        self.manager = manager
        known = Self.identified(Self.selectedRecords(of: manager.listBox))
        Signal.connect(manager.listBox, "selected-rows-changed") { [weak self] _ in
            self?.selectionChanged()
        }
    }

    private func selectionChanged() {
        guard !isAdjusting, let manager else { return }
        let selectedRecords = { Self.selectedRecords(of: manager.listBox) }
        let before = known
        guard UserInput.isHandlingInput else {
            known = Self.identified(selectedRecords())
            return
        }
        let now = Self.identified(selectedRecords())
        let added = now.values.filter { before[ObjectIdentifier($0)] == nil }
        let removed = before.values.filter { now[ObjectIdentifier($0)] == nil && $0.listRow != nil }
        adjust(added: added, removed: removed, in: manager)

        known = Self.identified(selectedRecords())
        let router = manager.events
        for record in before.values where known[ObjectIdentifier(record)] == nil {
            guard let location = manager.location(of: record) else { continue }
            let _: Void? = router.perform(.didDeselect, on: record, at: location)
        }
        for record in selectedRecords() where before[ObjectIdentifier(record)] == nil {
            guard let location = manager.location(of: record) else { continue }
            let _: Void? = router.perform(.didSelect, on: record, at: location)
        }
        guard !selectionObservers.isEmpty, Set(before.keys) != Set(known.keys) else { return }
        let records = selectedRecords()
        let locations = records.compactMap { manager.location(of: $0) }
        for observer in selectionObservers { observer(records, locations) }
    }

    /// Asks the will-events about each change and applies their vetoes and redirects.
    private func adjust(added: [HostedRow], removed: [HostedRow], in manager: ListManager) {
        isAdjusting = true
        defer { isAdjusting = false }
        let router = manager.events
        let single = gtk_list_box_get_selection_mode(manager.listBox) != GTK_SELECTION_MULTIPLE
        for record in added {
            guard let location = manager.location(of: record),
                let answer: IndexPath? = router.perform(.willSelect, on: record, at: location)
            else { continue }
            guard answer != location.indexPath else { continue }
            unselect(record, in: manager)
            if let target = answer, let other = manager.hostedRow(at: target) {
                select(other, in: manager)
            } else if single {
                for previous in removed { select(previous, in: manager) }  // a vetoed selection leaves the previous one in place
                return
            }
        }
        for record in removed {
            guard let location = manager.location(of: record),
                let answer: IndexPath? = router.perform(.willDeselect, on: record, at: location)
            else { continue }
            guard answer != location.indexPath else { continue }
            select(record, in: manager)
            if let target = answer, let other = manager.hostedRow(at: target) { unselect(other, in: manager) }
        }
    }

    private func select(_ record: HostedRow, in manager: ListManager) {
        if let listRow = record.listRow { gtk_list_box_select_row(manager.listBox, listRow) }
    }

    private func unselect(_ record: HostedRow, in manager: ListManager) {
        if let listRow = record.listRow { gtk_list_box_unselect_row(manager.listBox, listRow) }
    }

    /// The selected rows in list order. GTK lists them by walking the list box's rows.
    static func selectedRecords(of listBox: UnsafeMutablePointer<GtkListBox>) -> [HostedRow] {
        if gtk_list_box_get_selection_mode(listBox) != GTK_SELECTION_MULTIPLE {
            return gtk_list_box_get_selected_row(listBox).flatMap(ListBoxHost.hostedRow(of:)).map { [$0] } ?? []
        }
        var records: [HostedRow] = []
        let list = gtk_list_box_get_selected_rows(listBox)
        defer { g_list_free(list) }
        var node = list
        while let current = node {
            if let data = current.pointee.data, let record = ListBoxHost.hostedRow(of: data.assumingMemoryBound(to: GtkListBoxRow.self)) {
                records.append(record)
            }
            node = current.pointee.next
        }
        return records
    }

    private static func identified(_ records: [HostedRow]) -> [ObjectIdentifier: HostedRow] {
        Dictionary(records.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
