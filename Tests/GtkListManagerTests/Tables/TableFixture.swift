import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// What the table suites share: rows that are numbers, a text cell per column showing
/// `r<row> c<column>`, the two hosts that show tables, and what GTK shows of a table.
enum TableFixture {
    /// A cell showing its row's number and its column, set by the column's handler.
    final class TextCell: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: Int) {}
    }

    static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("virtualized list", { VirtualListHost() }),
    ]

    /// `count` columns `c0`, `c1`, … titled `Column 0`, …, each `width` wide.
    static func columns(_ count: Int, width: ColumnWidth = .fixed(160)) -> [TableColumn] {
        (0..<count).map { TableColumn("c\($0)", title: "Column \($0)", width: width) }
    }

    /// `rows` numbers shown as a table of `columns` in a `width` × 400 window, a frame drawn.
    /// `configure` runs before the rows are stored, after the cells are registered (for the
    /// `registered` columns, every column by default).
    @MainActor static func show(
        rows: Int, columns: [TableColumn], on host: any ListHost, width: Int32 = 640, cellsFor registered: Set<String>? = nil,
        _ configure: (ListManager, ListTable) -> Void = { _, _ in }
    ) -> (ListManager, ListTable, ShownList) {
        let manager = ListManager(host: host)
        let table = manager.makeTable(columns: columns)
        for column in columns where registered?.contains(column.id) ?? true {
            manager.register(
                TextCell.self, column: column.id,
                handler: { cell, row, _ in
                    gtk_label_set_text(gcast(cell.widget), "r\(row) \(column.id)")
                })
        }
        configure(manager, table)
        manager.memoryStorage?.setItems(Array(0..<rows))
        let list = ShownList(manager, width: width, height: 400)
        list.settleFrame()
        return (manager, table, list)
    }

    /// A cell as GTK shows it: its text, and where it is across the viewport.
    struct ShownCell: Equatable {
        let text: String
        let x: Int32
        let width: Int32
    }

    /// The cells of the bound row at `item`, left to right, their x in the viewport's
    /// coordinates (the scrolled window's).
    @MainActor static func cells(ofItem item: Int, in manager: ListManager, list: ShownList) -> [ShownCell] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        return containerChildren(row.widget).map { cell in
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(cell, list.scrolledWindow, 0, 0, &x, &y)
            return ShownCell(
                text: String(cString: gtk_label_get_text(gcast(cell))), x: x, width: gtk_widget_get_allocated_width(cell))
        }.sorted { $0.x < $1.x }
    }

    /// The header buttons, left to right: their titles, and where they are across the table.
    @MainActor static func headers(of table: ListTable) -> [ShownCell] {
        let strip = containerChildren(table.widget)[0]
        let row = containerChildren(strip)[0]
        return containerChildren(row).map { button in
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(button, table.widget, 0, 0, &x, &y)
            let box = containerChildren(button)[0]
            let title = containerChildren(box)[0]
            return ShownCell(
                text: String(cString: gtk_label_get_text(gcast(title))), x: x, width: gtk_widget_get_allocated_width(button))
        }.sorted { $0.x < $1.x }
    }

    /// The viewport's width.
    @MainActor static func viewportWidth(_ list: ShownList) -> Int32 {
        Int32(gtk_adjustment_get_page_size(gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))))
    }

    /// Scrolls the table sideways to `value` pixels and lets a frame draw.
    @MainActor static func scrollSideways(_ list: ShownList, to value: Double) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow)), value)
        list.settleFrame()
    }
}
