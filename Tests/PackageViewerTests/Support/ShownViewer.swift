import CGtk
import Foundation
import GRDB
import GtkListManager
import GtkTestSupport
import XCTest

@testable import PackageViewer

/// The viewer's window on the bundled sample, shown under Xvfb and read through GTK: the
/// favourites pane's rows, the packages table's headers and cells, the stars of the packages.
@MainActor
final class ShownViewer {
    let viewer: PackageListWindow
    let input: RealInput
    /// The packages table as GTK shows it.
    var table: ShownTable { ShownTable(viewer: viewer, input: input) }

    /// A shown viewer over the bundled sample with the favourites file `favouritesFile` (none
    /// when nil) and the settings file `settingsFile` (none when nil: the declared columns, kept
    /// for this window only), its table on the host `makeHost` makes (once GTK is up); skips the test without a display.
    init(
        favouritesFile: String? = nil, settingsFile: String? = nil, order: PackageOrder? = nil, showsGrid: Bool = false,
        host makeHost: @MainActor () -> any ListHost = { VirtualListHost() },
        reportingSettingsProblems report: @escaping (String) -> Void = { XCTFail("settings: \($0)") }
    ) throws {
        guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
        viewer = PackageListWindow(
            source: try PackageSource.load(explicitPath: Self.samplePath), order: order, showsGrid: showsGrid,
            favouritesFile: favouritesFile,
            settings: settingsFile.map { ViewerSettings(path: $0, report: report) }, host: makeHost())
        input = RealInput(showing: viewer.window)
    }

    /// Lets the GLib loop run until the storage has applied every change; false after 5 s.
    @discardableResult
    func waitForStorage() -> Bool {
        let done = GtkRuntime.iterate(until: { !self.viewer.isUpdating })
        input.settleFrame()
        return done
    }

    /// Destroys the window (call in a `defer`).
    func close() {
        gtk_widget_destroy(viewer.window)
        input.settle()
    }

    /// The bundled sample, read from the source tree so every machine sees the same packages.
    static let samplePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/PackageViewer/Resources/sample-dpkg-status").path

    // MARK: - The favourites pane

    /// The pane; fails the test when the window has none.
    var pane: FavouritesPane {
        get throws { try XCTUnwrap(viewer.favourites, "no favourites pane: \(viewer.favouritesProblem ?? "")") }
    }

    /// The favourites' rows the pane's GtkListBox holds, in order: each bound row's model.
    var paneIDs: [String] {
        paneRows.compactMap { ($0.model as? Favourite)?.id }
    }

    /// The package names the pane's rows show (its first column's cells).
    var paneNames: [String] {
        paneRows.compactMap { paneCellTexts(of: $0).first }
    }

    /// The texts of the cells of a pane's table row, leading to trailing, as GTK shows them.
    private func paneCellTexts(of row: BoundRow) -> [String] {
        let cells = containerChildren(row.widget).filter { gtk_widget_get_mapped($0) != 0 && !isEditor($0) }
        let leading = { (widget: UnsafeMutablePointer<GtkWidget>) -> Int32 in
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(widget, row.widget, 0, 0, &x, &y)
            return gtk_widget_get_direction(row.widget) == GTK_TEXT_DIR_RTL ? -x : x
        }
        return cells.sorted { leading($0) < leading($1) }.map(ShownTableWidgets.visibleText)
    }

    private func isEditor(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), ListTheme.StyleClass.tableCellEditor) != 0
    }

    /// Whether the pane is on screen, once GTK laid out the next frame (the paned maps a child
    /// shown again when it allocates it room).
    var paneIsVisible: Bool {
        guard let pane = viewer.favourites else { return false }
        input.settleFrame()
        return gtk_widget_get_mapped(pane.widget) != 0
    }

    /// The `GtkListBoxRow` of the favourite at `index` of the pane.
    func paneRow(_ index: Int) throws -> UnsafeMutablePointer<GtkWidget> {
        let listBox = try XCTUnwrap(try pane.manager.listBox)
        return try XCTUnwrap(gtk_list_box_get_row_at_index(listBox, Int32(index)).map { gcast($0) })
    }

    /// Lets the GLib loop run until the pane shows `ids`, the stars follow them, and its storages have nothing pending;
    /// false after 5 s.
    @discardableResult
    func waitForPane(_ ids: [String]) -> Bool {
        GtkRuntime.iterate(until: {
            // The pane's list, and the every-favourite storage the stars follow (they poll the file apart).
            guard let pane = self.viewer.favourites else { return false }
            return self.paneIDs == ids && pane.packageIDs == ids && !pane.storage.hasPendingChanges && !pane.starred.hasPendingChanges
        })
    }

    /// The notes the pane's rows show ("" for none): its second column's cells.
    var paneNotes: [String] {
        paneRows.compactMap { paneCellTexts(of: $0).dropFirst().first }
    }

    /// The text of the note editor GTK shows in the pane's row `index`; nil when it shows none.
    func paneEditorText(_ index: Int) -> String? {
        paneEditor(index).map { String(cString: gtk_entry_get_text(gcast($0))) }
    }

    /// The message of a refused note, as the editor tells screen readers (its popover shows
    /// the same text).
    func paneEditorMessage(_ index: Int) -> String? {
        paneEditor(index).flatMap { atk_object_get_description(gtk_widget_get_accessible($0)).map { String(cString: $0) } }
    }

    /// The note editor GTK shows over a cell of the pane's row `index`.
    private func paneEditor(_ index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard index < paneRows.count else { return nil }
        return containerChildren(paneRows[index].widget).first { gtk_widget_get_mapped($0) != 0 && isEditor($0) }
    }

    private var paneRows: [BoundRow] {
        guard let listBox = viewer.favourites?.manager.listBox else { return [] }
        var rows: [BoundRow] = []
        while let listRow = gtk_list_box_get_row_at_index(listBox, Int32(rows.count)), let row = ListBoxHost.boundRow(of: listRow) {
            rows.append(row)
        }
        return rows
    }

    // MARK: - The packages table

    /// The row widget of the package `id` in the table (the host's row), scrolled into view.
    func packageRow(_ id: String) throws -> UnsafeMutablePointer<GtkWidget> {
        let indexPath = try XCTUnwrap(viewer.indexPath(ofPackage: id), "\(id) is not in the list")
        if viewer.manager.boundRow(at: indexPath) == nil {
            _ = viewer.manager.scrollTo(indexPath)
            input.settleFrame()
        }
        return try XCTUnwrap(viewer.manager.boundRow(at: indexPath)?.hostWidget)
    }

    /// Whether the Name cell of `id`'s row shows its star, as GTK shows it.
    func isStarred(_ id: String) -> Bool {
        input.settleFrame()
        guard let cells = table.cells(of: id), let name = table.headerTitles.firstIndex(of: "Name"), cells.indices.contains(name)
        else { return false }
        return cells[name].hasSuffix(" ★")
    }
}

/// A temporary folder for one test's favourites file, removed with it.
final class FavouritesFolder {
    let url: URL
    /// The favourites file's path inside it (not created).
    let file: String

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("package-viewer-favourites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        file = url.appendingPathComponent("favourites.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A favourites file holding `ids`, in that order, made as the viewer makes it.
    func seed(_ ids: [String]) throws {
        try FavouritesDatabase(path: file).add(ids)
    }

    /// Another connection to the file, as another process would open it.
    func otherConnection() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        return try DatabaseQueue(path: file, configuration: configuration)
    }

    /// The favourites' ids in the file's order, read through a fresh connection.
    func storedOrder() throws -> [String] {
        try otherConnection().read { db in
            try String.fetchAll(db, sql: "SELECT id FROM favourite ORDER BY position, id")
        }
    }

    /// The notes stored in the file, by package id.
    func storedNotes() throws -> [String: String] {
        try otherConnection().read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, note FROM favourite").map { ($0["id"], $0["note"]) })
        }
    }

    /// The names of the files in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
