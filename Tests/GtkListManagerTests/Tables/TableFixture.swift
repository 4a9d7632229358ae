import CGtk
import GtkListManager
import GtkTestSupport
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

    /// The cells the bound row at `item` shows (mapped: a parked cell is not) in reading order,
    /// their x from the viewport's leading edge (its left one, or its right one right to left).
    @MainActor static func cells(ofItem item: Int, in manager: ListManager, list: ShownList) -> [ShownCell] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        let viewport = gtk_bin_get_child(gcast(list.scrolledWindow))!
        return containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 }.map { cell in
            shown(cell, in: viewport, text: String(cString: gtk_label_get_text(gcast(cell))))
        }.sorted { $0.x < $1.x }
    }

    /// The header buttons in reading order: their titles, and their x from the header strip's
    /// leading edge.
    @MainActor static func headers(of table: ListTable) -> [ShownCell] {
        let strip = containerChildren(table.widget)[0]
        let row = containerChildren(strip)[0]
        return containerChildren(row).map { button in
            let title = containerChildren(containerChildren(button)[0])[0]
            return shown(button, in: strip, text: String(cString: gtk_label_get_text(gcast(title))))
        }.sorted { $0.x < $1.x }
    }

    /// The header button titled `title`.
    @MainActor static func headerButton(_ title: String, of table: ListTable) -> UnsafeMutablePointer<GtkWidget>? {
        let row = containerChildren(containerChildren(table.widget)[0])[0]
        return containerChildren(row).first { button in
            let label = containerChildren(containerChildren(button)[0])[0]
            return String(cString: gtk_label_get_text(gcast(label))) == title
        }
    }

    /// The icon of a header's sort arrow, nil when none shows.
    @MainActor static func sortArrow(of title: String, in table: ListTable) -> String? {
        guard let button = headerButton(title, of: table) else { return nil }
        let arrow = containerChildren(containerChildren(button)[0])[1]
        guard gtk_widget_get_visible(arrow) != 0 else { return nil }
        var name: UnsafePointer<gchar>?
        gtk_image_get_icon_name(gcast(arrow), &name, nil)
        return name.map { String(cString: $0) }
    }

    /// Drags from `x` (from the widget's left edge) across `widget` by `distance` pixels
    /// (towards the reading direction's end), in steps, with the primary button.
    @MainActor static func drag(_ widget: UnsafeMutablePointer<GtkWidget>, fromX x: Int32, by distance: Int32, in list: ShownList) {
        let height = gtk_widget_get_allocated_height(widget)
        let (startX, startY) = list.screenPoint(in: widget, x: x, y: height / 2)
        let way: Int32 = TestTextDirection.isRightToLeft ? -1 : 1
        var arguments = ["mousemove", String(startX), String(startY), "mousedown", "1"]
        for step in 1...4 { arguments += ["mousemove", String(startX + way * distance * Int32(step) / 4), String(startY)] }
        list.xdotool(arguments + ["mouseup", "1"])
    }

    /// The x, from `widget`'s left edge, of the point `offset` pixels from its leading edge.
    @MainActor static func leadingX(_ offset: Int32, in widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(widget) - 1 - offset : offset
    }

    /// The x of a header button's trailing edge, a pixel inside it, from its left edge.
    @MainActor static func trailingEdge(of button: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        TestTextDirection.isRightToLeft ? 1 : gtk_widget_get_allocated_width(button) - 2
    }

    /// `widget` as seen from `area`'s leading edge.
    @MainActor private static func shown(
        _ widget: UnsafeMutablePointer<GtkWidget>, in area: UnsafeMutablePointer<GtkWidget>, text: String
    ) -> ShownCell {
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(widget, area, 0, 0, &x, &y)
        let width = gtk_widget_get_allocated_width(widget)
        let leadingX = TestTextDirection.isRightToLeft ? gtk_widget_get_allocated_width(area) - x - width : x
        return ShownCell(text: text, x: leadingX, width: width)
    }

    /// The viewport's width.
    @MainActor static func viewportWidth(_ list: ShownList) -> Int32 {
        Int32(gtk_adjustment_get_page_size(gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))))
    }

    /// Scrolls the table sideways `offset` pixels from its leading edge and lets a frame draw.
    @MainActor static func scrollSideways(_ list: ShownList, to offset: Double) {
        let adjustment = gtk_scrolled_window_get_hadjustment(gcast(list.scrolledWindow))!
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, TestTextDirection.isRightToLeft ? end - offset : offset)
        list.settleFrame()
    }

    /// How many pixels differ (all of them when the sizes differ).
    static func pixelDifferences(_ first: [UInt32], _ second: [UInt32]) -> Int {
        first.count != second.count ? max(first.count, second.count) : zip(first, second).filter { $0 != $1 }.count
    }

    /// The screen's pixels of a band `width` logical pixels wide, `from` pixels from `widget`'s
    /// leading edge (its right one right to left), as the X server shows them.
    @MainActor static func leadingStrip(of widget: UnsafeMutablePointer<GtkWidget>, from leading: Int32 = 0, width bandWidth: Int = 160)
        -> [UInt32]
    {
        let pixels = ScreenPixels.read(widget)
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        guard width > 0, height > 0, !pixels.isEmpty else { return [] }
        let scale = Int((Double(pixels.count) / Double(width * height)).squareRoot().rounded())
        let rowLength = width * scale, stripLength = bandWidth * scale
        let start = TestTextDirection.isRightToLeft ? rowLength - stripLength - Int(leading) * scale : Int(leading) * scale
        var strip: [UInt32] = []
        for y in 0..<(height * scale) { strip += pixels[(y * rowLength + start)..<(y * rowLength + start + stripLength)] }
        return strip
    }

    /// Makes `list`'s pixels repeatable for a comparison: scrollbars that take room (no overlay
    /// fading in and out), no animations (restore them with `DesktopAnimations.set(true)`), the
    /// pointer away from every row.
    @MainActor static func holdStillForPixels(_ list: ShownList) {
        gtk_scrolled_window_set_overlay_scrolling(gcast(list.scrolledWindow), 0)
        DesktopAnimations.set(false)
        list.xdotool(["mousemove", "0", "0"])
        list.settleFrame()
    }
}
