import CGtk
import CVirtualList
import GtkListManager
import ModelStorage

/// What GTK shows of a big table, read from its widgets as the peers read theirs: the cell
/// under a point of the viewport and its label's text, the widths the header buttons and the
/// bound cells were allocated. Nothing here asks the table what it meant to show.
@MainActor
struct TableInspection {
    let host: VirtualListHost
    let storage: any Storage
    let table: ListTable
    let shown: TableWindow

    /// Where the checks look across the viewport: inside the first column shown whatever the
    /// scroll (`PEER_TABLE_PROBE_X`).
    static let probeX: Int32 = 20
    /// Points checked down the viewport (`PEER_SAMPLES`).
    static let samples = 8

    /// The rows drawn at `samples` points down the viewport, top to bottom, their positions and
    /// models, when each point shows a mapped row holding the storage's model for its position,
    /// whose cell under `probeX` reads that model's row number and `column` (nil: the column
    /// expected at the horizontal scroll, columns being 160 px); nil when any does not. A column
    /// `reading` refuses is not read (a toggle or an icon names no row): its rows are checked
    /// against the storage only.
    func viewportRows(column: Int? = nil, reading: (Int) -> Bool = { _ in true }) -> [(position: Int, model: Any)]? {
        let page = gtk_adjustment_get_page_size(shown.vertical)
        let expected = column ?? Int((gtk_adjustment_get_value(shown.horizontal) + Double(Self.probeX)) / 160)
        var rows: [(position: Int, model: Any)] = []
        for sample in 0..<Self.samples {
            let y = Int32((Double(sample) + 0.5) * page / Double(Self.samples))
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, Self.probeX, y, &listX, &listY) != 0,
                let position = host.position(atY: Double(listY)), let row = host.boundRow(at: position),
                let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0,
                let number = (row.model as? any TableRowNumber)?.rowNumber,
                (storage.item(at: IndexPath(item: position, section: 0)) as? any TableRowNumber)?.rowNumber == number
            else { return nil }
            if reading(expected) {
                guard let text = labelText(under: y, in: row.widget), let cell = TableCellText.cell(of: text),
                    cell.row == number, cell.column == expected
                else { return nil }
            }
            rows.append((position, row.model))
        }
        return rows
    }

    /// The text of the mapped label in `row` under (`probeX`, `y`) of the viewport.
    private func labelText(under y: Int32, in row: UnsafeMutablePointer<GtkWidget>) -> String? {
        for cell in Self.children(of: row) where gtk_widget_get_mapped(cell) != 0 {
            var x: Int32 = 0, cellY: Int32 = 0
            gtk_widget_translate_coordinates(shown.scrolledWindow, cell, Self.probeX, y, &x, &cellY)
            guard x >= 0, x < gtk_widget_get_allocated_width(cell), cellY >= 0, cellY < gtk_widget_get_allocated_height(cell)
            else { continue }
            return Self.text(of: cell)
        }
        return nil
    }

    // MARK: - Widths

    /// Every header button's allocated width, by its column's number (its title, `Column <c>`).
    func headerWidths() -> [Int: Int32] {
        let header = Self.children(of: table.widget)[0]
        var widths: [Int: Int32] = [:]
        for button in Self.children(of: Self.children(of: header)[0]) {
            let title = Self.children(of: Self.children(of: button)[0])[0]
            guard let column = Int(String(cString: gtk_label_get_text(gcast(title))).dropFirst("Column ".count)) else { continue }
            widths[column] = gtk_widget_get_allocated_width(button)
        }
        return widths
    }

    /// The header button titled `Column <column>`.
    func headerButton(ofColumn column: Int) -> UnsafeMutablePointer<GtkWidget>? {
        let header = Self.children(of: table.widget)[0]
        return Self.children(of: Self.children(of: header)[0]).first { button in
            let title = Self.children(of: Self.children(of: button)[0])[0]
            return String(cString: gtk_label_get_text(gcast(title))) == "Column \(column)"
        }
    }

    /// What a text cell shows; nothing for a cell of another kind.
    private static func text(of cell: UnsafeMutablePointer<GtkWidget>) -> String {
        guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(cell)), glm_text_cell_get_type()) != 0 else { return "" }
        return String(cString: glm_text_cell_get_text(OpaquePointer(cell)))
    }

    /// Every shown cell of every bound row: its column (from its text) and allocated width.
    func cellWidths() -> [(column: Int, width: Int32)] {
        var widths: [(column: Int, width: Int32)] = []
        host.forEachBoundRow { _, row in
            for cell in Self.children(of: row.widget) where gtk_widget_get_visible(cell) != 0 {
                guard let column = TableCellText.cell(of: Self.text(of: cell))?.column else { continue }
                widths.append((column, gtk_widget_get_allocated_width(cell)))
            }
        }
        return widths
    }

    /// The most any header or bound cell now differs from `baseline`, its column's header width
    /// when measured first, in pixels; a column missing from the baseline counts as its width.
    func widthChange(from baseline: [Int: Int32]) -> Int32 {
        var change: Int32 = 0
        for (column, width) in headerWidths() { change = max(change, abs(width - (baseline[column] ?? 0))) }
        for (column, width) in cellWidths() { change = max(change, abs(width - (baseline[column] ?? 0))) }
        return change
    }

    /// The cells of every bound row (the cells alive are these and the pooled ones).
    func boundCellCount() -> Int {
        var count = 0
        host.forEachBoundRow { _, row in count += Self.children(of: row.widget).count }
        return count
    }

    /// A container's children, in order, read through GTK.
    static func children(of container: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_container_get_children(gcast(container))
        defer { g_list_free(list) }
        return Array(GListSequence(list, of: GtkWidget.self))
    }
}
