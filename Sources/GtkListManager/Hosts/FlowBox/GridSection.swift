import CAccessibility
import CGtk

/// One section of a ``FlowBoxGridHost``: a vertical box holding the rows of the supplementary
/// views placed before the items (the header first), a `GtkFlowBox` of the section's cells, and
/// the rows placed after them (the footer last), in that order.
@MainActor
final class GridSection {
    /// Holds the supplementary rows and the flow box.
    let box: UnsafeMutablePointer<GtkBox>
    let flowBox: UnsafeMutablePointer<GtkFlowBox>
    /// The supplementary rows above the cells, in order.
    var leading: [BoundRow] = []
    /// The cells' flow-box children, in order.
    var cells: [UnsafeMutablePointer<GtkFlowBoxChild>] = []
    /// The supplementary rows below the cells, in order.
    var trailing: [BoundRow] = []

    /// The section's positions: leading rows, cells, trailing rows.
    var rowCount: Int { leading.count + cells.count + trailing.count }

    init(layout: FlowBoxGridLayout, selectionMode: ListSelectionMode, activatesOnSingleClick: Bool) {
        box = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        // A table to screen readers, its selection asked through them the user's.
        flowBox = gcast(glm_accessible_table_flow_box_new())
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
    func part(at offset: Int) -> GridSectionPart {
        if offset < leading.count { return .leading(offset) }
        let cell = offset - leading.count
        return cell < cells.count ? .cell(cell) : .trailing(cell - cells.count)
    }

    /// The offset of a part among the section's positions.
    func offset(of part: GridSectionPart) -> Int {
        switch part {
        case let .leading(index): index
        case let .cell(index): leading.count + index
        case let .trailing(index): leading.count + cells.count + index
        }
    }

    /// The row in a part.
    func row(in part: GridSectionPart) -> BoundRow? {
        switch part {
        case let .leading(index): leading[index]
        case let .cell(index): FlowBoxCellType.shared.boundRow(of: cells[index])
        case let .trailing(index): trailing[index]
        }
    }

    /// The part of `row` in this section, found by its host widget; nil for another row.
    func part(of row: BoundRow) -> GridSectionPart? {
        guard let hostWidget = row.hostWidget else { return nil }
        if let index = leading.firstIndex(where: { $0 === row }) { return .leading(index) }
        if let index = trailing.firstIndex(where: { $0 === row }) { return .trailing(index) }
        guard gtk_widget_get_parent(hostWidget) == gcast(flowBox) else { return nil }
        return .cell(Int(gtk_flow_box_child_get_index(gcast(hostWidget))))
    }

    /// The supplementary rows, above the cells then below them.
    var supplementaryParts: [GridSectionPart] {
        leading.indices.map(GridSectionPart.leading) + trailing.indices.map(GridSectionPart.trailing)
    }
}

/// A position's place in its ``GridSection``: a supplementary row above the cells, a cell, or
/// a supplementary row below them.
enum GridSectionPart: Equatable {
    case leading(Int)
    case cell(Int)
    case trailing(Int)
}
