import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The sections of a flow-box grid as GTK holds them: per section box, the widget above its
/// flow box (a header), the flow box's children in order (cells), the widget below (a footer).
/// Each widget's model comes from the record of the row whose widget it is.
@MainActor
func inspectSections(of host: FlowBoxGridHost) -> [[ExpectedRow]] {
    var records: [UnsafeMutableRawPointer: BoundRow] = [:]
    host.forEachBoundRow { _, row in records[UnsafeMutableRawPointer(row.widget)] = row }
    func shown(_ widget: UnsafeMutableRawPointer, _ role: RowRole) -> ExpectedRow {
        guard let row = records[widget] else { return ExpectedRow(role: role, model: "<no record>") }
        XCTAssertEqual(row.role, role, "a \(row.role) row sits where GTK shows a \(role)")
        return ExpectedRow(role: role, model: String(describing: row.model))
    }
    return containerChildren(gcast(host.box)).filter { gtk_widget_get_visible($0) != 0 && isBox($0) }.map { sectionBox in
        var rows: [ExpectedRow] = []
        var pastCells = false
        for child in containerChildren(sectionBox) {
            if g_type_check_instance_is_a(gcast(child), gtk_flow_box_get_type()) != 0 {
                pastCells = true
                var index: Int32 = 0
                while let cell = gtk_flow_box_get_child_at_index(gcast(child), index) {
                    guard let row = FlowBoxGridHost.boundRow(of: cell) else {
                        rows.append(ExpectedRow(role: .item, model: "<not hosted>"))
                        index += 1
                        continue
                    }
                    XCTAssertEqual(gtk_bin_get_child(gcast(cell)), row.widget, "cell \(index) shows another widget than its record")
                    rows.append(shown(UnsafeMutableRawPointer(row.widget), .item))
                    index += 1
                }
            } else {
                rows.append(shown(UnsafeMutableRawPointer(child), pastCells ? .footer : .header))
            }
        }
        return rows
    }
}

@MainActor
private func isBox(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    g_type_check_instance_is_a(gcast(widget), gtk_box_get_type()) != 0
}
