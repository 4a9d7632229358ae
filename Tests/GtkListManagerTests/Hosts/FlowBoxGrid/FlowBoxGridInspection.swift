import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// The sections of a flow-box grid as GTK holds them: per section box, the widgets above its
/// flow box (supplementary views placed before the items), the flow box's children in order
/// (cells), the widgets below (those placed after them). Each widget's model and role come from
/// the record of the row whose widget it is; a supplementary view on the wrong side of the
/// cells fails.
@MainActor
func inspectSections(of host: FlowBoxGridHost) -> [[ExpectedRow]] {
    var records: [UnsafeMutableRawPointer: BoundRow] = [:]
    host.forEachBoundRow { _, row in records[UnsafeMutableRawPointer(row.widget)] = row }
    let arrangement = host.delegate?.supplementaryArrangement
    func shown(_ widget: UnsafeMutableRawPointer, _ role: RowRole) -> ExpectedRow {
        guard let row = records[widget] else { return ExpectedRow(role: role, model: "<no record>") }
        XCTAssertEqual(row.role, role, "a \(row.role) row sits where GTK shows a \(role)")
        return ExpectedRow(role: role, model: String(describing: row.model))
    }
    func shownSupplementary(_ widget: UnsafeMutableRawPointer, pastCells: Bool) -> ExpectedRow {
        guard let row = records[widget], let kind = row.role.supplementaryKind else {
            return ExpectedRow(role: .header, model: "<no supplementary record>")
        }
        let side: SupplementaryPlacement = pastCells ? .afterItems : .beforeItems
        XCTAssertEqual(arrangement?.placement(of: kind), side, "a \(kind) view sits \(pastCells ? "below" : "above") the cells")
        return ExpectedRow(role: row.role, model: String(describing: row.model))
    }
    return containerChildren(gcast(host.box)).filter { gtk_widget_get_visible($0) != 0 && isA($0, gtk_box_get_type()) }.map { sectionBox in
        var rows: [ExpectedRow] = []
        var pastCells = false
        for child in containerChildren(sectionBox) {
            if isA(child, gtk_flow_box_get_type()) {
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
                rows.append(shownSupplementary(UnsafeMutableRawPointer(child), pastCells: pastCells))
            }
        }
        return rows
    }
}
