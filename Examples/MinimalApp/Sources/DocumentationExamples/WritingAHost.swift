// swift-format-ignore-file
// The "Hosts" article's host of your own, complete: a vertical GtkBox that binds every row, each
// in an event box of its own that reports the user's clicks and keys, built on the host kit. `MinimalApp --check` proves it with the
// host conformance suite (GtkListManagerTesting), as a host author would in their tests.
import CGtk
import GtkListManager
import GtkListManagerTesting

@MainActor
final class MyHost: ListHost {
    weak var delegate: (any ListHostDelegate)?
    private var rows: [BoundRow?] = []               // nil where nothing is bound
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    private(set) var isDestroyed = false
    var selectionMode = ListSelectionMode.single
    var activatesOnSingleClick = false
    var reportsActivation = false
    var reportsScreenPresence = false

    /// The event boxes rows sit in: screen readers hear them as the manager describes them.
    static let frameType = BoundRowWidgetType<GtkEventBox>(
        subclassing: gtk_event_box_get_type(), name: "MyHostRow",
        accessibleType: RowAccessibility.accessibleType(forRowsSubclassing: gtk_event_box_get_type()))

    init() {
        g_object_ref_sink(widget)
        Signal.connect(widget, "destroy") { [weak self] _ in
            self?.isDestroyed = true
            self?.rows = []
        }
        RowAccessibility.describeRows(of: widget) { [weak self] frame in
            guard let self, let position = rows.firstIndex(where: { $0?.hostWidget == frame }) else { return nil }
            return delegate?.accessibleDescription(ofPosition: position)
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    var rowCount: Int { rows.count }

    func insertRows(at position: Int, count: Int) {
        rows.insert(contentsOf: repeatElement(nil, count: count), at: position)
        for inserted in position..<position + count where isVisible(inserted) {
            bind(inserted)                           // during the splice: its own positions only
        }
    }

    func removeRows(at positions: Range<Int>) {
        for position in positions.reversed() { release(position) }
        rows.removeSubrange(positions)
    }

    func moveRow(from source: Int, to destination: Int) {
        let row = rows.remove(at: source)
        rows.insert(row, at: destination)
        if let hostWidget = row?.hostWidget { gtk_box_reorder_child(gcast(widget), hostWidget, Int32(destination)) }
    }

    func rebindRow(at position: Int) {
        release(position)
        bind(position)
    }

    private func isVisible(_ position: Int) -> Bool { true }     // this host binds every row

    private func bind(_ position: Int) {
        guard let delegate else { return }
        let row = delegate.bindRow(at: position)
        row.hostWidget = place(row.widget, at: position)
        rows[position] = row
        delegate.didBind(row, at: position)
    }

    /// The event box `rowWidget` is shown in, added to the box at `position`.
    private func place(_ rowWidget: UnsafeMutablePointer<GtkWidget>, at position: Int) -> UnsafeMutablePointer<GtkWidget> {
        let frame: UnsafeMutablePointer<GtkWidget> = gcast(Self.frameType.make())
        gtk_widget_set_can_focus(frame, 1)
        gtk_container_add(gcast(frame), rowWidget)
        gtk_box_pack_start(gcast(widget), frame, 0, 0, 0)
        gtk_box_reorder_child(gcast(widget), frame, Int32(position))
        gtk_widget_show_all(frame)
        reportInput(on: frame)
        return frame
    }

    /// What the user does on a row goes to the manager, as the built-in hosts report it: a click
    /// selects the row alone (Ctrl+click toggles it), a double click or Enter activates it, and
    /// the focus it takes moves the manager's cursor.
    private func reportInput(on frame: UnsafeMutablePointer<GtkWidget>) {
        Signal.connectEvent(frame, "button-press-event", argument: UnsafeMutablePointer<GdkEventButton>.self) {
            [weak self] frame, event in
            guard let self, let event, event.pointee.button == 1, let position = position(ofFrame: frame) else { return false }
            gtk_widget_grab_focus(frame)
            if event.pointee.type == GDK_2BUTTON_PRESS {
                if reportsActivation { delegate?.userDidActivateRow(at: position) }
            } else if event.pointee.state & GDK_CONTROL_MASK.rawValue != 0 {
                delegate?.userToggledSelection(at: position)
            } else {
                delegate?.userSelectedOnly(position...position)
            }
            return true
        }
        Signal.connectEvent(frame, "key-press-event", argument: UnsafeMutablePointer<GdkEventKey>.self) { [weak self] frame, event in
            guard let self, let event, reportsActivation, let position = position(ofFrame: frame),
                [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].contains(Int32(event.pointee.keyval))
            else { return false }
            delegate?.userDidActivateRow(at: position)
            return true
        }
        Signal.connectEvent(frame, "focus-in-event", argument: UnsafeMutablePointer<GdkEventFocus>.self) { [weak self] frame, _ in
            guard let self, let position = position(ofFrame: frame) else { return false }
            delegate?.focusDidMove(to: position)
            return false
        }
    }

    private func position(ofFrame frame: UnsafeMutablePointer<GtkWidget>) -> Int? {
        rows.firstIndex { $0?.hostWidget == frame }
    }

    /// willUnbind, detach the row's widget (the manager may reuse it), destroy its event box,
    /// didRelease.
    private func release(_ position: Int) {
        guard let row = rows[position], let frame = row.hostWidget else { return }
        delegate?.willUnbind(row, at: position)
        gtk_container_remove(gcast(frame), row.widget)
        gtk_widget_destroy(frame)
        row.hostWidget = nil
        rows[position] = nil
        delegate?.didRelease(row)
    }

    func boundRow(at position: Int) -> BoundRow? {
        rows.indices.contains(position) ? rows[position] : nil
    }

    func position(of row: BoundRow) -> Int? {
        rows.firstIndex { $0 === row }
    }

    func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        for (position, row) in rows.enumerated() { if let row { body(position, row) } }
    }

    func position(atY y: Double) -> Int? {
        rows.indices.first { position in
            guard let frame = rowFrame(at: position) else { return false }
            return y >= frame.y && y < frame.y + frame.height
        }
    }

    func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard let frame = boundRow(at: position)?.hostWidget else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(frame, widget, 0, 0, &x, &y) != 0 else { return nil }
        return (Double(y), Double(gtk_widget_get_allocated_height(frame)))
    }

    var positionsOnScreen: Range<Int>? {
        guard let visible = viewportFrame else { return nil }
        let shown = rows.indices.filter { position in
            guard let frame = rowFrame(at: position) else { return false }
            return frame.y + frame.height > visible.y && frame.y < visible.y + visible.height
        }
        return shown.first.map { $0..<shown.last! + 1 }
    }

    var viewportFrame: (y: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return (0, Double(gtk_widget_get_allocated_height(widget))) }
        return (gtk_adjustment_get_value(adjustment) - ViewportScrolling.top(of: widget), gtk_adjustment_get_page_size(adjustment))
    }

    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        ViewportScrolling.verticalAdjustment(around: widget)
    }

    func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard let frame = rowFrame(at: position), let adjustment = verticalAdjustment else { return }
        ViewportScrolling.scroll(adjustment, toShow: (frame.y + ViewportScrolling.top(of: widget), frame.height), alignment: alignment)
    }

    func setSelected(_ selected: Bool, at position: Int) {
        guard let frame = boundRow(at: position)?.hostWidget else { return }
        if selected { gtk_widget_set_state_flags(frame, GTK_STATE_FLAG_SELECTED, 0) }
        else { gtk_widget_unset_state_flags(frame, GTK_STATE_FLAG_SELECTED) }
    }

    var focusedPosition: Int? {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel))
        else { return nil }
        return rows.firstIndex { row in
            guard let frame = row?.hostWidget else { return false }
            return focus == frame || gtk_widget_is_ancestor(focus, frame) != 0
        }
    }

    @discardableResult
    func focusRow(at position: Int) -> Bool {
        guard let frame = boundRow(at: position)?.hostWidget else { return false }
        gtk_widget_grab_focus(frame)
        return gtk_widget_has_focus(frame) != 0
    }

    func setIndentation(_ pixels: Int, for row: BoundRow) {
        guard let frame = row.hostWidget else { return }
        gtk_widget_set_margin_start(frame, Int32(clamping: pixels))
    }
}

/// `MyHost` through the host conformance suite: what `MinimalApp --check` runs.
@MainActor
public func checkMyHostConformance() -> ConformanceReport {
    let report = HostConformance("MyHost") { MyHost() }.run()
    return report
}
