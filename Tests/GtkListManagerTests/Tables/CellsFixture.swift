import CGtk
import GtkTestSupport
import ModelStorage
import XCTest

@testable import GtkListManager

/// What the icon, progress and spinner cell suites share: a table of numbers whose column `c1`
/// shows icon cells, `c2` progress cells and `c3` spinner cells (the others text), what the app
/// keeps for them, and the cells GTK shows.
@MainActor
enum CellsFixture {
    /// The app's values for row `k`: its icon (by name, from `iconNames`, unless a picture is
    /// given), its progress (k % 11 tenths unless given; indeterminate for some), its text, and
    /// whether its spinner spins (even rows).
    final class Values {
        var iconNames = ["folder", "edit-find-symbolic", "text-x-generic", "emblem-ok-symbolic"]
        var fractions: [Int: Double] = [:]
        var indeterminate: Set<Int> = []
        var texts: [Int: String] = [:]
        var idle: Set<Int> = []
        var pixelSize = 16

        func iconName(_ row: Int) -> String { iconNames[row % iconNames.count] }
        func fraction(_ row: Int) -> Double { fractions[row] ?? Double(row % 11) / 10 }
        func spins(_ row: Int) -> Bool { row % 2 == 0 && !idle.contains(row) }
    }

    /// The nodes of the three cells: GtkImage's, the tree view's (the progress renderer draws on
    /// it), GtkSpinner's.
    static let iconNode = "image", progressNode = "treeview", spinnerNode = "spinner"

    /// `rows` numbers in a table of `columns` columns (c1 icons, c2 progress, c3 spinners, the
    /// others text) `width` pixels wide each, on `host`.
    static func show(
        rows: Int = 40, columns: Int = 5, on host: any ListHost, values: Values, columnWidth: Int = 120, width: Int32 = 640
    ) -> (ListManager, ListTable, ShownList) {
        let textColumns = Set((0..<columns).map { "c\($0)" }).subtracting(["c1", "c2", "c3"])
        return TableFixture.show(
            rows: rows, columns: TableFixture.columns(columns, width: .fixed(columnWidth)), on: host, width: width,
            cellsFor: textColumns
        ) { manager, _ in
            manager.register(IconCell.self, for: Int.self, column: "c1") { cell, row, _ in
                cell.iconName = values.iconName(row)
                cell.pixelSize = values.pixelSize
                cell.accessibleDescription = "icon \(row)"
            }
            manager.register(ProgressCell.self, for: Int.self, column: "c2") { cell, row, _ in
                cell.fraction = values.fraction(row)
                cell.isIndeterminate = values.indeterminate.contains(row)
                cell.text = values.texts[row]
            }
            manager.register(SpinnerCell.self, for: Int.self, column: "c3") { cell, row, _ in
                cell.isActive = values.spins(row)
            }
        }
    }

    /// A cell as GTK shows it: its widget, its CSS node's name, its state flags, where it is.
    struct Shown {
        let widget: UnsafeMutablePointer<GtkWidget>
        let node: String
        let flags: GtkStateFlags
        /// From the row's leading edge.
        let x: Int32

        var isChecked: Bool { flags.rawValue & GTK_STATE_FLAG_CHECKED.rawValue != 0 }
    }

    /// The mapped cells of the bound row at `item` whose CSS node is `node`, in reading order.
    static func cells(_ node: String, ofItem item: Int, in manager: ListManager) -> [Shown] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.compactMap { cell -> Shown? in
            guard ToggleFixture.nodeName(of: cell) == node else { return nil }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(cell, row.widget, 0, 0, &x, &y)
            let width = gtk_widget_get_allocated_width(cell)
            let leading = TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(row.widget) - x - width : x
            return Shown(widget: cell, node: node, flags: ToggleFixture.shownStyle(of: cell).flags, x: leading)
        }.sorted { $0.x < $1.x }
    }

    /// The one mapped cell of `node` in the row at `item`.
    static func cell(_ node: String, ofItem item: Int, in manager: ListManager) throws -> Shown {
        let cells = cells(node, ofItem: item, in: manager)
        XCTAssertEqual(cells.count, 1, "row \(item) shows one \(node) cell")
        return try XCTUnwrap(cells.first)
    }

    /// The style classes of `widget`'s CSS node.
    static func styleClasses(of widget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
        let context = gtk_widget_get_style_context(widget)
        guard let list = gtk_style_context_list_classes(context) else { return [] }
        defer { g_list_free(list) }
        var classes = Set<String>()
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let name = current.pointee.data { classes.insert(String(cString: name.assumingMemoryBound(to: gchar.self))) }
            node = current.pointee.next
        }
        return classes
    }

    /// Reads frames of `window` for `milliseconds` (the main loop running) and counts them.
    static func frames(of window: UnsafeMutablePointer<GtkWidget>, during milliseconds: Int) -> Int {
        guard let clock = gtk_widget_get_frame_clock(window) else { return 0 }
        let first = gdk_frame_clock_get_frame_counter(clock)
        MainLoop.settle(milliseconds: milliseconds)
        return gdk_frame_clock_get_frame_counter(clock) - first
    }

    /// A new `width` × `height` picture of one opaque colour (0xRRGGBB).
    nonisolated static func picture(width: Int32, height: Int32, color: UInt32) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height)!
        gdk_pixbuf_fill(pixbuf, color << 8 | 0xFF)
        return pixbuf
    }
}
