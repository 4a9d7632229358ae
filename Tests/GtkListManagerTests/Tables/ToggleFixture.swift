import CGtk
import CVirtualList
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// What the toggle cell suites share: a table of numbers whose columns `c1` (check boxes) and
/// `c2` (radio buttons) are toggle cells (the others text), the values the app keeps for them,
/// and the toggle cells GTK shows.
@MainActor
enum ToggleFixture {
    /// The app's values: which rows are on in each toggle column, which show a mixed value,
    /// which the user may not toggle; a toggle reaction records what it was asked and stores it.
    final class Values {
        var on: [String: Set<Int>] = ["c1": [0, 2, 4], "c2": [1]]
        var inconsistent: Set<Int> = []
        var locked: Set<Int> = []
        var toggled: [String] = []
    }

    /// A radio cell, as the docs have an app make one.
    final class RadioCell: RowView {
        let toggle = ToggleCell(style: .radio)
        var widget: UnsafeMutablePointer<GtkWidget> { toggle.widget }
        init() {}
    }

    /// `rows` numbers in a table of `columns` columns (c0 and c3… text, c1 checks, c2 radios)
    /// 120 pixels wide, on `host`, each toggle reaction storing the value asked for.
    static func show(
        rows: Int = 40, columns: Int = 6, on host: any ListHost, values: Values, width: Int32 = 640, reacting: Bool = true
    ) -> (ListManager, ListTable, ShownList) {
        let textColumns = Set((0..<columns).map { "c\($0)" }).subtracting(["c1", "c2"])
        return TableFixture.show(
            rows: rows, columns: TableFixture.columns(columns, width: .fixed(120)), on: host, width: width, cellsFor: textColumns
        ) { manager, table in
            manager.register(ToggleCell.self, for: Int.self, column: "c1") { cell, row, _ in
                cell.isOn = values.on["c1", default: []].contains(row)
                cell.isInconsistent = values.inconsistent.contains(row)
                cell.isActivatable = !values.locked.contains(row)
            }
            manager.register(RadioCell.self, for: Int.self, column: "c2") { cell, row, _ in
                cell.toggle.isOn = values.on["c2", default: []].contains(row)
                cell.toggle.isActivatable = !values.locked.contains(row)
            }
            guard reacting else { return }
            for column in ["c1", "c2"] {
                table.didToggle(Int.self, column: column) { [unowned manager] row, indexPath, isOn in
                    values.toggled.append("\(row) \(indexPath.item) \(column) \(isOn)")
                    if isOn { values.on[column, default: []].insert(row) } else { values.on[column]?.remove(row) }
                    values.inconsistent.remove(row)
                    manager.memoryStorage?.reloadItem(at: indexPath)
                }
            }
        }
    }

    /// A toggle cell as GTK shows it: its indicator's CSS node name and state flags, where it is.
    struct Shown {
        let widget: UnsafeMutablePointer<GtkWidget>
        let node: String
        let flags: GtkStateFlags
        /// From the row's leading edge.
        let x: Int32

        var isChecked: Bool { flags.rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0 }
        var isInconsistent: Bool { flags.rawValue & GTK_STATE_FLAG_INCONSISTENT.rawValue != 0 }
        var isInsensitive: Bool { flags.rawValue & GTK_STATE_FLAG_INSENSITIVE.rawValue != 0 }
    }

    /// The CSS node name of `widget`; for a toggle cell, the name of the indicator node it draws.
    static func nodeName(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        shownStyle(of: widget).node
    }

    /// The CSS node `widget` draws and its state flags, as GTK styles them: a toggle cell's
    /// indicator (`check` or `radio` under the cell's node, its value in the flags), else the
    /// widget's own node.
    static func shownStyle(of widget: UnsafeMutablePointer<GtkWidget>) -> (node: String, flags: GtkStateFlags) {
        let toggle = glm_toggle_cell_of_widget(widget)
        let context = toggle.map { glm_toggle_cell_save_indicator_style($0)! } ?? gtk_widget_get_style_context(widget)!
        defer { if toggle != nil { gtk_style_context_restore(context) } }
        let path = gtk_style_context_get_path(context)
        let node = gtk_widget_path_iter_get_object_name(path, -1).map { String(cString: $0) } ?? ""
        return (node, gtk_style_context_get_state(context))
    }

    /// The mapped toggle cells (CSS node `check` or `radio`) of the bound row at `item`, in
    /// reading order.
    static func toggles(ofItem item: Int, in manager: ListManager) -> [Shown] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.compactMap { cell -> Shown? in
            let node = nodeName(of: cell)
            guard node == "check" || node == "radio" else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(cell, row.widget, 0, 0, &x, &y)
            let width = gtk_widget_get_allocated_width(cell)
            let leading = TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(row.widget) - x - width : x
            return Shown(widget: cell, node: node, flags: shownStyle(of: cell).flags, x: leading)
        }.sorted { $0.x < $1.x }
    }

    /// The toggle cell of column `c1` (`index` 0) or `c2` (1) in the row at `item`.
    static func toggle(_ index: Int, ofItem item: Int, in manager: ListManager) throws -> Shown {
        let toggles = toggles(ofItem: item, in: manager)
        XCTAssertEqual(toggles.count, 2, "row \(item) shows its two toggle cells")
        return try XCTUnwrap(toggles.count > index ? toggles[index] : nil)
    }
}
