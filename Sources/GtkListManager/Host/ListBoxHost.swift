import CGtk

/// A ``ListHost`` over a `GtkListBox`: every row is a `GtkListBoxRow` wrapping a row view's
/// widget, with its ``HostedRow`` attached as object data.
///
/// Headers and footers are rows that can be neither selected nor activated.
@MainActor
public final class ListBoxHost: ListHost {
    /// The list box the rows live in.
    public let listBox: UnsafeMutablePointer<GtkListBox>
    public private(set) var rowCount = 0

    /// The object-data key that ties a `GtkListBoxRow` to its ``HostedRow``.
    private static let rowQuark = g_quark_from_static_string("gtk-list-manager-hosted-row")

    /// Hosts rows in `listBox`, which the host references for its lifetime. The list box must
    /// be empty: the host tracks its rows without asking GTK.
    /// True once GTK destroyed the list box (its window closed, say): its rows went with it,
    /// and the manager stops applying changes to it.
    public private(set) var isListDestroyed = false

    public init(listBox: UnsafeMutablePointer<GtkListBox>) {
        self.listBox = listBox
        g_object_ref_sink(listBox)
        _ = Signal.connect(listBox, "destroy") { [weak self] _ in
            self?.isListDestroyed = true
            self?.rowCount = 0
        }
    }

    isolated deinit {
        g_object_unref(listBox)
    }

    public func insertRow(_ row: HostedRow, at position: Int) {
        let listRow = gtk_list_box_row_new()!
        if row.role != .item {  // rows are selectable and activatable by default
            gtk_list_box_row_set_selectable(gcast(listRow), 0)
            gtk_list_box_row_set_activatable(gcast(listRow), 0)
        }
        gtk_container_add(gcast(listRow), row.widget)
        let retained = Unmanaged.passRetained(row).toOpaque()
        g_object_set_qdata_full(gcast(listRow), Self.rowQuark, retained) { data in
            guard let data else { return }
            Unmanaged<HostedRow>.fromOpaque(data).release()
        }
        gtk_widget_show(listRow)
        // -1 appends without GTK's O(log n) search for the position.
        gtk_list_box_insert(listBox, listRow, position == rowCount ? -1 : Int32(position))
        rowCount += 1
    }

    public func removeRow(at position: Int) -> HostedRow {
        let listRow = listBoxRow(at: position)
        // Take the record back without running the destroy notify: the caller owns it now.
        let data = g_object_steal_qdata(gcast(listRow), Self.rowQuark)!
        let row = Unmanaged<HostedRow>.fromOpaque(data).takeRetainedValue()
        gtk_container_remove(gcast(listRow), row.widget)
        gtk_widget_destroy(gcast(listRow))
        rowCount -= 1
        return row
    }

    public func moveRow(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let listRow = listBoxRow(at: source)
        g_object_ref(listRow)
        gtk_container_remove(gcast(listBox), gcast(listRow))
        gtk_list_box_insert(listBox, gcast(listRow), Int32(destination))
        g_object_unref(listRow)
    }

    public func row(at position: Int) -> HostedRow? {
        guard position >= 0, position < rowCount else { return nil }
        return Self.hostedRow(of: listBoxRow(at: position))
    }

    /// The rows inside the scrolled window's viewport; all rows when the list is shown without
    /// scrolling; nil when the list is not on screen.
    public var visibleRange: Range<Int>? {
        guard rowCount > 0, gtk_widget_get_mapped(gcast(listBox)) != 0 else { return nil }
        guard let adjustment = gtk_list_box_get_adjustment(listBox) else { return 0..<rowCount }
        let top = gtk_adjustment_get_value(adjustment)
        let bottom = top + gtk_adjustment_get_page_size(adjustment) - 1
        let first = gtk_list_box_get_row_at_y(listBox, Int32(top)).map { Int(gtk_list_box_row_get_index($0)) } ?? 0
        let last = gtk_list_box_get_row_at_y(listBox, Int32(bottom)).map { Int(gtk_list_box_row_get_index($0)) }
            ?? rowCount - 1
        return first..<(last + 1)
    }

    /// The record attached to a `GtkListBoxRow` built by a host, or nil for another row.
    public static func hostedRow(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> HostedRow? {
        guard let data = g_object_get_qdata(gcast(listRow), rowQuark) else { return nil }
        return Unmanaged<HostedRow>.fromOpaque(data).takeUnretainedValue()
    }

    private func listBoxRow(at position: Int) -> UnsafeMutablePointer<GtkListBoxRow> {
        guard let listRow = gtk_list_box_get_row_at_index(listBox, Int32(position)) else {
            preconditionFailure("ListBoxHost: no row at \(position) of \(rowCount): rows were changed behind the manager")
        }
        return listRow
    }
}
