import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

@testable import PackageViewer

/// The viewer's packages table as GTK shows it: the header buttons' titles, widths and sort
/// arrows, and the texts of the bound rows' cells, in reading order.
@MainActor
struct ShownTable {
    let viewer: PackageListWindow
    /// The real input the viewer's window gets (its header menus open with a right click).
    let input: RealInput

    /// The table's widgets, read as any table's.
    private var widgets: ShownTableWidgets { ShownTableWidgets(table: viewer.table) }

    // MARK: - Headers

    /// The header buttons, left to right: title and allocated width.
    var headers: [(title: String, width: Int32)] { widgets.headers.map { ($0.title, $0.width) } }

    /// The header titles, left to right.
    var headerTitles: [String] { widgets.headerTitles }

    /// The headers narrower than their title needs (ellipsized).
    var clippedHeaders: [String] { widgets.clippedHeaders }

    /// The header button titled `title`.
    func headerButton(_ title: String) throws -> UnsafeMutablePointer<GtkWidget> { try widgets.headerButton(title) }

    /// The icon of the sort arrow the header titled `title` shows, nil when none.
    func sortArrow(of title: String) -> String? { widgets.sortArrow(of: title) }

    /// The header strip (a `treeview` node), where the headers' menus attach.
    var strip: UnsafeMutablePointer<GtkWidget> { widgets.strip }

    // MARK: - Rows

    /// The texts of the cells of the bound row showing the package `id`, left to right (a Name
    /// cell of a favourite ends in " ★"); nil when the row is not bound.
    func cells(of id: String) -> [String]? {
        guard let indexPath = viewer.indexPath(ofPackage: id),
            let row = viewer.manager.boundRow(at: indexPath)
        else { return nil }
        return widgets.cellTexts(in: row)
    }

    /// What the bound rows show, top to bottom: the cells' texts joined by ` | `, after `# ` for
    /// a group row.
    var boundLines: [String] {
        (0..<viewer.manager.rowCount).compactMap { position -> String? in
            guard let row = viewer.manager.boundRow(atPosition: position) else { return nil }
            let line = widgets.cellTexts(in: row).joined(separator: " | ")
            return row.model is ItemGroup ? "# " + line : line
        }
    }

    /// Opens the menu of the header titled `header` with a right click and activates its entry
    /// `entry`; the entries' titles when it has none such.
    func choose(_ entry: String, fromMenuOf header: String) throws {
        input.click(try headerButton(header), button: 3)
        let menu = try XCTUnwrap(attachedMenus(of: strip).first, "no menu")
        let item = try XCTUnwrap(menuItem(menu, entry), "no \(entry) in \(menuTitles(menu))")
        gtk_menu_item_activate(gcast(item))
        gtk_menu_shell_deactivate(gcast(menu))
        input.settleFrame()
    }

    /// The entries of the menu of the header titled `header`, each with whether it can be
    /// chosen, opened with a right click and closed again.
    func menuEntries(of header: String) throws -> [(title: String, isEnabled: Bool)] {
        input.click(try headerButton(header), button: 3)
        let menu = try XCTUnwrap(attachedMenus(of: strip).first, "no menu")
        defer {
            gtk_menu_shell_deactivate(gcast(menu))
            input.settleFrame()
        }
        return menuTitles(menu).map { title in
            (title, menuItem(menu, title).map { gtk_widget_get_sensitive($0) != 0 } ?? false)
        }
    }

    /// The texts of the cells in the column titled `title`, in the bound rows of the packages of
    /// `section`'s group, top to bottom.
    func column(_ title: String, inSection section: String) -> [String] {
        guard let index = headerTitles.firstIndex(of: title),
            let groupRow = viewer.grouped.indexPath(ofGroup: GroupPath([section])),
            let group = viewer.grouped.group(at: groupRow)
        else { return [] }
        return (groupRow.item + 1..<groupRow.item + 1 + group.count).compactMap { item in
            guard let row = viewer.manager.boundRow(at: IndexPath(item: item, section: 0)) else { return nil }
            let texts = widgets.cellTexts(in: row)
            return texts.indices.contains(index) ? texts[index] : nil
        }
    }

    /// The package of the bound row GTK shows selected, read from its Name cell; nil when none.
    var selectedName: String? {
        for position in 0..<viewer.manager.rowCount {
            guard let row = viewer.manager.boundRow(atPosition: position), let host = row.hostWidget,
                gtk_widget_get_state_flags(host).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
            else { continue }
            let texts = widgets.cellTexts(in: row)
            return headerTitles.firstIndex(of: "Name").flatMap { texts.indices.contains($0) ? texts[$0] : nil }
        }
        return nil
    }

    /// The texts of the bound rows' cells narrower than their content needs, in the columns
    /// titled `titles`.
    func clippedCells(inColumns titles: Set<String>) -> [String] {
        let columns = Set(headerTitles.indices.filter { titles.contains(headerTitles[$0]) })
        return (0..<viewer.manager.rowCount).flatMap { position -> [String] in
            guard let row = viewer.manager.boundRow(atPosition: position), row.model is InstalledPackage else { return [] }
            let cells = widgets.cells(of: row)
            return cells.indices.filter { columns.contains($0) && ShownTableWidgets.isClipped(cells[$0]) }
                .map { ShownTableWidgets.visibleText(cells[$0]) }
        }
    }
}

/// Any table of the viewer as GTK shows it: the header buttons' titles, places and widths, and
/// a bound row's cells, in reading order (left to right).
@MainActor
struct ShownTableWidgets {
    let table: ListTable

    // MARK: - Headers

    /// The header buttons, left to right: title, place in the strip and allocated width.
    var headers: [(title: String, x: Int32, width: Int32)] {
        headerButtons.map { (title(ofHeader: $0), Self.x(of: $0, in: strip), gtk_widget_get_allocated_width($0)) }
    }

    /// The header titles, left to right.
    var headerTitles: [String] { headers.map(\.title) }

    /// The headers narrower than their title needs (ellipsized).
    var clippedHeaders: [String] {
        headerButtons.filter(Self.isClipped).map(title(ofHeader:))
    }

    /// The header button titled `title`.
    func headerButton(_ title: String) throws -> UnsafeMutablePointer<GtkWidget> {
        try XCTUnwrap(headerButtons.first { self.title(ofHeader: $0) == title }, "no \(title) header in \(headerTitles)")
    }

    /// The icon of the sort arrow the header titled `title` shows, nil when none.
    func sortArrow(of title: String) -> String? {
        guard let button = try? headerButton(title) else { return nil }
        let arrow = containerChildren(containerChildren(button)[0])[1]
        guard gtk_widget_get_visible(arrow) != 0 else { return nil }
        var name: UnsafePointer<gchar>?
        gtk_image_get_icon_name(gcast(arrow), &name, nil)
        return name.map { String(cString: $0) }
    }

    /// The header strip (a `treeview` node), where the headers' menus attach.
    var strip: UnsafeMutablePointer<GtkWidget> { containerChildren(table.widget)[0] }

    private var headerButtons: [UnsafeMutablePointer<GtkWidget>] {
        let row = containerChildren(strip)[0]
        return containerChildren(row).sorted { Self.x(of: $0, in: strip) < Self.x(of: $1, in: strip) }
    }

    private func title(ofHeader button: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(gcast(containerChildren(containerChildren(button)[0])[0])))
    }

    // MARK: - Rows

    /// The cells of the bound table row `row`, left to right.
    func cells(of row: BoundRow) -> [UnsafeMutablePointer<GtkWidget>] {
        containerChildren(row.widget).sorted { Self.x(of: $0, in: row.widget) < Self.x(of: $1, in: row.widget) }
    }

    /// Each cell's visible labels, joined by a space, left to right.
    func cellTexts(in row: BoundRow) -> [String] {
        cells(of: row).map(Self.visibleText)
    }

    /// Whether `widget` is narrower than its content needs (ellipsized), its margins counted as
    /// its natural width counts them.
    static func isClipped(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_get_preferred_width(widget, &minimum, &natural)
        return natural > gtk_widget_get_allocated_width(widget) + gtk_widget_get_margin_start(widget) + gtk_widget_get_margin_end(widget)
    }

    /// The texts of `widget`'s visible labels (`GtkLabel`s and the library's text cells, read
    /// as screen readers read them), joined by a space.
    static func visibleText(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        guard gtk_widget_get_visible(widget) != 0 else { return "" }
        if isA(widget, gtk_label_get_type()) {
            return String(cString: gtk_label_get_text(gcast(widget)))
        }
        guard isA(widget, gtk_container_get_type()) else {
            let accessible = gtk_widget_get_accessible(widget)
            guard atk_object_get_role(accessible) == ATK_ROLE_LABEL, let name = atk_object_get_name(accessible) else { return "" }
            return String(cString: name)
        }
        return containerChildren(widget).map(visibleText).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Where `widget`'s allocation starts, in `area`'s coordinates.
    static func x(of widget: UnsafeMutablePointer<GtkWidget>, in area: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(widget, area, 0, 0, &x, &y)
        return x
    }
}
