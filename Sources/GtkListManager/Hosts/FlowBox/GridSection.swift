import CGtk

/// One section of a ``FlowBoxGridHost``: a vertical box holding the header row, a `GtkFlowBox`
/// of the section's cells, and the footer row, in that order.
@MainActor
final class GridSection {
    /// Holds the header, the flow box and the footer.
    let box: UnsafeMutablePointer<GtkBox>
    let flowBox: UnsafeMutablePointer<GtkFlowBox>
    var header: BoundRow?
    /// The cells' flow-box children, in order.
    var cells: [UnsafeMutablePointer<GtkFlowBoxChild>] = []
    var footer: BoundRow?

    /// The section's positions: header, cells, footer.
    var rowCount: Int { cells.count + (header == nil ? 0 : 1) + (footer == nil ? 0 : 1) }

    init(layout: FlowBoxGridLayout, selectionMode: ListSelectionMode, activatesOnSingleClick: Bool) {
        box = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        flowBox = gcast(gtk_flow_box_new())
        gtk_flow_box_set_homogeneous(flowBox, layout.homogeneous ? 1 : 0)
        gtk_flow_box_set_min_children_per_line(flowBox, guint(clamping: max(layout.minimumColumns, 1)))
        gtk_flow_box_set_max_children_per_line(flowBox, guint(clamping: max(layout.maximumColumns, layout.minimumColumns, 1)))
        gtk_flow_box_set_row_spacing(flowBox, guint(clamping: max(layout.rowSpacing, 0)))
        gtk_flow_box_set_column_spacing(flowBox, guint(clamping: max(layout.columnSpacing, 0)))
        gtk_flow_box_set_selection_mode(flowBox, selectionMode.gtkMode)
        gtk_flow_box_set_activate_on_single_click(flowBox, activatesOnSingleClick ? 1 : 0)
        gtk_widget_set_valign(gcast(flowBox), GTK_ALIGN_START)
        // GTK 3.24 makes flow boxes unfocusable by default, which leaves the arrow keys to the
        // window's geometric focus chain: no cursor, no selection following it, no Shift
        // ranges, and no keynav-failed to cross sections with.
        gtk_widget_set_can_focus(gcast(flowBox), 1)
        gtk_box_pack_start(box, gcast(flowBox), 0, 0, 0)
        gtk_widget_show(gcast(flowBox))
        gtk_widget_show(gcast(box))
    }

    /// Spaces the cells as `metrics` says, and as `layout` does where it says nothing.
    func apply(_ metrics: SectionMetrics, over layout: FlowBoxGridLayout) {
        let insets = metrics.insets ?? .zero
        let widget: UnsafeMutablePointer<GtkWidget> = gcast(flowBox)
        gtk_widget_set_margin_top(widget, Int32(clamping: max(insets.top, 0)))
        gtk_widget_set_margin_start(widget, Int32(clamping: max(insets.leading, 0)))
        gtk_widget_set_margin_bottom(widget, Int32(clamping: max(insets.bottom, 0)))
        gtk_widget_set_margin_end(widget, Int32(clamping: max(insets.trailing, 0)))
        gtk_flow_box_set_row_spacing(flowBox, guint(clamping: max(metrics.lineSpacing ?? layout.rowSpacing, 0)))
        gtk_flow_box_set_column_spacing(flowBox, guint(clamping: max(metrics.itemSpacing ?? layout.columnSpacing, 0)))
    }

    /// What sits at `offset` among the section's positions.
    func slot(at offset: Int) -> GridSlot {
        let headerRows = header == nil ? 0 : 1
        if offset < headerRows { return .header }
        let cell = offset - headerRows
        return cell < cells.count ? .cell(cell) : .footer
    }

    /// The offset of a slot among the section's positions.
    func offset(of slot: GridSlot) -> Int {
        let headerRows = header == nil ? 0 : 1
        return switch slot {
        case .header: 0
        case let .cell(index): headerRows + index
        case .footer: headerRows + cells.count
        }
    }

    /// The row in a slot.
    func row(in slot: GridSlot) -> BoundRow? {
        switch slot {
        case .header: header
        case let .cell(index): FlowBoxCellType.shared.record(of: cells[index])
        case .footer: footer
        }
    }

    /// The slot of `row` in this section, found by its host widget; nil for another row.
    func slot(of row: BoundRow) -> GridSlot? {
        guard let hostWidget = row.hostWidget else { return nil }
        if row === header { return .header }
        if row === footer { return .footer }
        guard gtk_widget_get_parent(hostWidget) == gcast(flowBox) else { return nil }
        return .cell(Int(gtk_flow_box_child_get_index(gcast(hostWidget))))
    }
}

/// A position's place in its ``GridSection``.
enum GridSlot: Equatable {
    case header
    case cell(Int)
    case footer
}
