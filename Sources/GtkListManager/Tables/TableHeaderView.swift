import CGtk
import CVirtualList
import ModelStorage

/// The column headers pinned above a table: a button per shown column in a `GlmTableHeader`,
/// themed as GtkTreeView's (`treeview.view header button`), with the sort arrow GtkTreeView
/// shows, scrolled sideways with the rows.
@MainActor
final class TableHeaderView {
    /// A column's header: its button, title and sort arrow.
    struct HeaderButton {
        let button: UnsafeMutablePointer<GtkWidget>
        let title: UnsafeMutablePointer<GtkWidget>
        let arrow: UnsafeMutablePointer<GtkWidget>
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    private let row: UnsafeMutablePointer<GtkWidget>
    private(set) var buttons: [String: HeaderButton] = [:]
    /// A header clicked: the column, and whether Shift was held (a secondary sort key).
    var clicked: ((String, Bool) -> Void)?
    /// A column's edge dragged to a width; `finished` on the release.
    var resized: ((String, Int, _ finished: Bool) -> Void)?
    /// A column's edge double-clicked: fit the column to its content.
    var fitRequested: ((String) -> Void)?
    /// The entries of the menu of a column's header (a right click, Menu or Shift+F10).
    var menuItems: ((String) -> [MenuItem])?
    /// Where each shown column is, by identifier.
    private(set) var placedColumns: [String: ColumnLayout.Placed] = [:]
    /// The shown columns' identifiers, in order.
    private(set) var shownOrder: [String] = []
    /// How many of them are frozen, their buttons pinned at the strip's leading edge.
    private(set) var frozenCount = 0
    /// Where the pinned strip is: the rows' scroll from their leading edge, and its width.
    private(set) var pinnedStrip = (offset: 0, width: 0)
    /// The resize under way: the column, its width and the pointer's x when it began.
    var resizing: (column: String, width: Int, x: Double)?
    /// The menu shown, until it closes.
    var shownMenu: UnsafeMutablePointer<GtkMenu>?
    /// A header dropped elsewhere among the shown columns: the column and the shown place it
    /// goes to.
    var moved: ((String, Int) -> Void)?
    /// A header pressed, and dragged once it moved past GTK's threshold: the column, where the
    /// press was (root x) and whether it is dragging.
    var headerDrag: (column: String, x: Double, y: Double, isDragging: Bool)?
    /// Set by a drag's release: the click GTK reports next is the drag's, not a sort.
    var ignoresNextClick = false
    /// The sort the arrows show.
    private var sortKeys: [SortKey] = []

    init() {
        widget = glm_table_header_new()
        row = glm_table_header_row_new()
        gtk_container_add(gcast(widget), row)
        gtk_widget_show_all(widget)
    }

    var rowPointer: OpaquePointer { OpaquePointer(row) }

    /// Scrolls the header with the rows' horizontal adjustment, its columns starting where
    /// `rows` (the widget showing them) starts.
    func follow(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?, rows: UnsafeMutablePointer<GtkWidget>?) {
        glm_table_header_set_adjustment(OpaquePointer(widget), adjustment)
        glm_table_header_set_rows(OpaquePointer(widget), rows)
    }

    /// Shows a button per shown column, where the layout puts the column (the first
    /// `frozenCount` pinned, see ``pin(at:width:)``); the buttons of columns no longer shown go.
    func place(_ layout: ColumnLayout, frozenCount: Int = 0) {
        let shown = Set(layout.placed.map(\.column.id))
        for (id, header) in buttons where !shown.contains(id) {
            glm_table_row_remove_cell(UnsafeMutablePointer(rowPointer), header.button)
            buttons[id] = nil
        }
        glm_table_row_set_content_width(UnsafeMutablePointer(rowPointer), Int32(clamping: layout.totalWidth))
        placedColumns = Dictionary(layout.placed.map { ($0.column.id, $0) }, uniquingKeysWith: { first, _ in first })
        shownOrder = layout.placed.map(\.column.id)
        self.frozenCount = frozenCount
        for (index, placed) in layout.placed.enumerated() {
            let header = buttons[placed.column.id] ?? makeButton(for: placed.column)
            // Relaid out per motion of a resize drag: the title is set only when it changed.
            if String(cString: gtk_label_get_text(gcast(header.title))) != placed.column.title {
                gtk_label_set_text(gcast(header.title), placed.column.title)
            }
            glm_table_row_place_cell_pinned(
                UnsafeMutablePointer(rowPointer), header.button, Int32(clamping: placed.start), Int32(clamping: placed.width),
                index < frozenCount ? 1 : 0)
        }
    }

    /// Keeps the frozen columns' buttons at the strip's leading edge, `width` pixels, with the
    /// rows scrolled `offset` pixels from their leading edge.
    func pin(at offset: Int, width: Int) {
        pinnedStrip = (offset, width)
        glm_table_row_set_pinned_strip(UnsafeMutablePointer(rowPointer), Int32(clamping: offset), Int32(clamping: width))
    }

    /// Shows the sort arrow on each sorted column, GtkTreeView's way: down for ascending,
    /// unless the desktop asks for the alternative arrows. A column shown later (it was hidden)
    /// shows its arrow too.
    func showSort(_ keys: [SortKey]) {
        sortKeys = keys
        for (id, header) in buttons { showArrow(of: header, column: id) }
    }

    private func showArrow(of header: HeaderButton, column: String) {
        guard let key = sortKeys.first(where: { $0.column == column }) else { return gtk_widget_hide(header.arrow) }
        let alternative = DesktopSettings.bool("gtk-alternative-sort-arrows", for: widget) ?? false
        let pointsDown = key.ascending != alternative
        gtk_image_set_from_icon_name(gcast(header.arrow), pointsDown ? "pan-down-symbolic" : "pan-up-symbolic", GTK_ICON_SIZE_BUTTON)
        gtk_widget_show(header.arrow)
    }

    /// The natural width of a column's header: a fitted column is never narrower. Measured in
    /// the header row, where the theme styles header buttons (a bold title, padding): a button
    /// not placed yet is put there for the measure, then let go.
    func naturalWidth(of column: TableColumn) -> Int {
        let row = UnsafeMutablePointer<GlmTableRow>(rowPointer)
        let header = buttons[column.id] ?? makeButton(for: column)
        let isPlaced = gtk_widget_get_parent(header.button) != nil
        if !isPlaced { glm_table_row_place_cell(row, header.button, 0, 0) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_get_preferred_width(header.button, &minimum, &natural)
        if !isPlaced {
            glm_table_row_remove_cell(row, header.button)
            buttons[column.id] = nil
        }
        return Int(natural)
    }

    private func makeButton(for column: TableColumn) -> HeaderButton {
        let button = gtk_button_new()!
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        let title = gtk_label_new(column.title)!
        gtk_label_set_xalign(gcast(title), 0)
        gtk_label_set_ellipsize(gcast(title), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(title, 1)
        let arrow = gtk_image_new()!
        gtk_box_pack_start(gcast(box), title, 1, 1, 0)
        gtk_box_pack_end(gcast(box), arrow, 0, 0, 0)
        gtk_container_add(gcast(button), box)
        gtk_widget_show_all(button)
        gtk_widget_set_focus_on_click(button, 0)
        let id = column.id
        Signal.connect(button, "clicked") { [weak self] _ in
            guard let self else { return }
            guard !ignoresNextClick else {
                ignoresNextClick = false
                return
            }
            var state = GdkModifierType(rawValue: 0)
            _ = gtk_get_current_event_state(&state)
            clicked?(id, state.rawValue & GDK_SHIFT_MASK.rawValue != 0)
        }
        connectResizing(of: button, column: id)
        connectMoving(of: button, column: id)
        connectMenu(of: button, column: id)
        let header = HeaderButton(button: button, title: title, arrow: arrow)
        showArrow(of: header, column: id)
        buttons[id] = header
        return header
    }
}
