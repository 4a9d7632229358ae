import CGtk
import ModelStorage

/// A ``ListHost`` over a `GtkListBox`: every row is a `GtkListBoxRow` wrapping a row view's
/// widget, holding its ``HostedRow`` in a field of its own (the rows are a `GtkListBoxRow`
/// subclass, `GtkListManagerRow`).
///
/// Headers and footers are rows that can be neither selected nor activated. With a
/// ``rowAnimation``, each row's widget sits in a `GtkRevealer`, and removed rows stay in the
/// list box as leaving rows until their transition ends: positions given to the host never
/// count them.
@MainActor
public final class ListBoxHost: ListHost {
    /// The list box the rows live in.
    public let listBox: UnsafeMutablePointer<GtkListBox>
    public var rowCount: Int { count }
    /// True once GTK destroyed the list box (its window closed, say): its rows went with it,
    /// and the manager stops applying changes to it.
    public private(set) var isListDestroyed = false
    /// How rows appear and disappear; nil for none.
    public var rowAnimation: RowAnimation? {
        get { animation }
        set { animation = newValue }
    }
    /// True while ``moveRow(from:to:)`` takes a row out and puts it back: GTK unmaps and maps
    /// it then, which is not the row leaving or entering the screen.
    public private(set) var isMovingRow = false

    // Private storage for public properties read per row: see ``HostedRow``.
    private var count = 0
    private var animation: RowAnimation?
    /// Removed rows still on screen while their revealer closes.
    private var leavingRows: [UnsafeMutablePointer<GtkListBoxRow>] = []
    private var animationSuspended = false

    /// Hosts rows in `listBox`, which the host references for its lifetime. The list box must
    /// be empty: the host tracks its rows without asking GTK.
    public init(listBox: UnsafeMutablePointer<GtkListBox>) {
        MainActorConfinement.check("A ListBoxHost was created")
        self.listBox = listBox
        g_object_ref_sink(listBox)
        _ = Signal.connect(listBox, "destroy") { [weak self] _ in
            self?.isListDestroyed = true
            self?.count = 0
            self?.leavingRows = []
        }
    }

    isolated deinit {
        g_object_unref(listBox)
    }

    public func insertRow(_ row: HostedRow, at position: Int) {
        let listRow = RecordListBoxRow.make()
        if row.role != .item {  // rows are selectable and activatable by default
            gtk_list_box_row_set_selectable(gcast(listRow), 0)
            gtk_list_box_row_set_activatable(gcast(listRow), 0)
        }
        let revealer = rowAnimation != nil ? makeRevealer(around: row.widget) : nil
        gtk_container_add(gcast(listRow), revealer ?? row.widget)
        RecordListBoxRow.attach(row, to: listRow)
        gtk_widget_show(gcast(listRow))
        row.listRow = listRow
        // -1 appends without GTK's O(log n) search for the position.
        let index = position == rowCount && leavingRows.isEmpty ? -1 : listBoxIndex(of: position)
        gtk_list_box_insert(listBox, gcast(listRow), index)
        count += 1
        if let revealer { reveal(revealer, animated: animatesNow) }
    }

    public func removeRow(at position: Int) -> HostedRow {
        let listRow = listBoxRow(at: position)
        count -= 1
        Self.hostedRow(of: listRow)?.listRow = nil
        if animatesNow, let revealer = gtk_widget_get_parent(Self.hostedRow(of: listRow)!.widget),
            g_type_check_instance_is_a(gcast(revealer), gtk_revealer_get_type()) != 0 {
            return startLeaving(listRow, revealer: revealer)
        }
        let row = RecordListBoxRow.detachRecord(from: listRow)!  // the caller owns it now
        gtk_container_remove(gcast(gtk_widget_get_parent(row.widget)), row.widget)
        gtk_widget_destroy(gcast(listRow))
        return row
    }

    public func moveRow(from source: Int, to destination: Int) {
        guard source != destination else { return }
        let listRow = listBoxRow(at: source)
        isMovingRow = true
        defer { isMovingRow = false }
        g_object_ref(listRow)
        gtk_container_remove(gcast(listBox), gcast(listRow))
        gtk_list_box_insert(listBox, gcast(listRow), listBoxIndex(of: destination))
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
        return first..<min(last + 1, rowCount)
    }

    /// The host position of a row of this list box; nil for a leaving row or another widget.
    public func position(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> Int? {
        guard gtk_widget_get_parent(gcast(listRow)) == gcast(listBox), !leavingRows.contains(listRow) else { return nil }
        let index = Int(gtk_list_box_row_get_index(listRow))
        guard !leavingRows.isEmpty else { return index }
        return index - leavingIndexes.count { $0 < Int32(index) }
    }

    /// The record attached to a `GtkListBoxRow` built by a host, or nil for another row.
    public static func hostedRow(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> HostedRow? {
        RecordListBoxRow.record(of: listRow)
    }

    /// Runs `body` without animations (for reloads): rows appear and go at once.
    func withoutAnimation(_ body: () -> Void) {
        let wasSuspended = animationSuspended
        animationSuspended = true
        defer { animationSuspended = wasSuspended }
        body()
    }

    // MARK: - Positions

    private func listBoxRow(at position: Int) -> UnsafeMutablePointer<GtkListBoxRow> {
        guard let listRow = gtk_list_box_get_row_at_index(listBox, listBoxIndex(of: position)) else {
            // Kept in release builds: the message names the misuse (rows added or removed with
            // GTK calls on a list box the manager drives).
            fatalError("ListBoxHost: no row at \(position) of \(rowCount): rows were changed behind the manager")
        }
        return listRow
    }

    /// The list box index of a host position: leaving rows before it are skipped. O(leaving rows).
    private func listBoxIndex(of position: Int) -> Int32 {
        var index = Int32(position)
        guard !leavingRows.isEmpty else { return index }  // the common case, on every operation
        for leaving in leavingIndexes.sorted() where leaving <= index {
            index += 1
        }
        return index
    }

    /// The list box indexes of the leaving rows.
    ///
    /// The array is copied before GTK is asked: a read of it that spanned a C call would make
    /// Swift check exclusive access to it at run time, on every row inserted.
    private var leavingIndexes: [Int32] {
        let rows = leavingRows
        return rows.map { gtk_list_box_row_get_index($0) }
    }

    // MARK: - Animation

    /// Animations only run on screen (off screen a transition would end at once anyway) and
    /// not during reloads.
    private var animatesNow: Bool {
        rowAnimation != nil && !animationSuspended && gtk_widget_get_mapped(gcast(listBox)) != 0
    }

    /// Opens a row's revealer, with its transition or at once.
    private func reveal(_ revealer: UnsafeMutablePointer<GtkWidget>, animated: Bool) {
        guard !animated else { return gtk_revealer_set_reveal_child(gcast(revealer), 1) }
        // GTK skips the transition for the type "none"; the real type serves the removal.
        let type = gtk_revealer_get_transition_type(gcast(revealer))
        gtk_revealer_set_transition_type(gcast(revealer), GTK_REVEALER_TRANSITION_TYPE_NONE)
        gtk_revealer_set_reveal_child(gcast(revealer), 1)
        gtk_revealer_set_transition_type(gcast(revealer), type)
    }

    private func makeRevealer(around widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(gcast(revealer), rowAnimation!.transition.revealerType)
        gtk_revealer_set_transition_duration(gcast(revealer), guint(max(rowAnimation!.milliseconds, 0)))
        gtk_container_add(gcast(revealer), widget)
        gtk_widget_show(revealer)
        return revealer
    }

    /// Hands back the record of `listRow` now, and leaves its widget on screen, unselectable, until
    /// the revealer has closed. The record is marked so that no one reuses it meanwhile.
    private func startLeaving(
        _ listRow: UnsafeMutablePointer<GtkListBoxRow>, revealer: UnsafeMutablePointer<GtkWidget>
    ) -> HostedRow {
        let row = Self.hostedRow(of: listRow)!
        row.isLeaving = true
        gtk_list_box_row_set_selectable(listRow, 0)
        gtk_list_box_row_set_activatable(listRow, 0)
        // Assigned, not appended: an append may reallocate within its access to the array, and
        // one such access makes Swift check them all at run time, one per row inserted.
        leavingRows = leavingRows + [listRow]
        _ = Signal.connect(revealer, "notify::child-revealed", argument: UnsafeMutableRawPointer.self) {
            [weak self] revealer, _ in
            guard gtk_revealer_get_child_revealed(gcast(revealer)) == 0 else { return }
            guard let self else { return }
            leavingRows = leavingRows.filter { $0 != listRow }  // assigned: see startLeaving
            gtk_widget_destroy(gcast(listRow))
        }
        gtk_revealer_set_reveal_child(gcast(revealer), 0)
        return row
    }
}
