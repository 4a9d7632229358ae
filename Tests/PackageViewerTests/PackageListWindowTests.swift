import CGtk
import GtkListManager
import ModelStorage
import XCTest

@testable import PackageViewer

/// The viewer's window on the bundled dpkg sample, driven through its real widgets: what the
/// `GtkListBox` holds after typing a search and switching the order.
final class PackageListWindowTests: XCTestCase {
    func testStartsWithEveryPackageInSectionsSortedByName() throws {
        try MainActor.assumeIsolated { try Self.startsWithEveryPackage() }
    }

    func testTypingASearchKeepsOnlyMatchingRowsAndTheirWidgets() throws {
        try MainActor.assumeIsolated { try Self.typingASearch() }
    }

    func testSwitchingTheOrderMovesTheSameRows() throws {
        try MainActor.assumeIsolated { try Self.switchingTheOrder() }
    }

    func testTheGridShowsTheSamePackagesAsTilesAndFollowsASearch() throws {
        try MainActor.assumeIsolated { try Self.gridMode() }
    }

    // MARK: - Bodies

    @MainActor
    private static func gridMode() throws {
        let (viewer, packages) = try makeViewer(showsGrid: true)
        defer { gtk_widget_destroy(viewer.window) }
        XCTAssertTrue(viewer.showsGrid)
        XCTAssertEqual(shownLines(of: viewer.gridManager), expectedLines(packages, query: PackageQuery()))
        let tile = viewer.gridManager.boundRow(at: IndexPath(item: 0, section: 0))!
        XCTAssertTrue(tile.view is PackageTile)
        XCTAssertNotEqual(
            g_type_check_instance_is_a(gcast(gtk_widget_get_parent(tile.hostWidget!)), gtk_flow_box_get_type()), 0,
            "a tile is a cell of a GtkFlowBox")

        gtk_entry_set_text(gcast(viewer.searchEntry), "lib")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.query.searchText == "lib" && !viewer.storage.hasPendingChanges }))
        let expected = expectedLines(packages, query: PackageQuery(searchText: "lib"))
        XCTAssertEqual(shownLines(of: viewer.gridManager), expected, "the grid follows the search")
        XCTAssertEqual(shownLines(of: viewer.manager), expected, "and so does the list behind it")

        gtk_toggle_button_set_active(gcast(viewer.gridSwitch), 0)
        XCTAssertFalse(viewer.showsGrid, "the switch in the header bar shows the list again")
    }

    @MainActor
    private static func startsWithEveryPackage() throws {
        let (viewer, packages) = try makeViewer()
        defer { gtk_widget_destroy(viewer.window) }
        XCTAssertEqual(shownLines(of: viewer.manager), expectedLines(packages, query: PackageQuery()))
    }

    @MainActor
    private static func typingASearch() throws {
        let (viewer, packages) = try makeViewer()
        defer { gtk_widget_destroy(viewer.window) }
        let widgetsBefore = rowWidgets(of: viewer)

        gtk_entry_set_text(gcast(viewer.searchEntry), "lib")
        // GtkSearchEntry emits "search-changed" after its typing pause, then the storage diffs
        // in the background and hands the result back through the loop.
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.query.searchText == "lib" && !viewer.storage.hasPendingChanges }))

        let expected = expectedLines(packages, query: PackageQuery(searchText: "lib"))
        XCTAssertLessThan(expected.count, packages.count)
        XCTAssertEqual(shownLines(of: viewer.manager), expected)
        for (id, widget) in rowWidgets(of: viewer) {
            XCTAssertEqual(widget, widgetsBefore[id], "\(id) stayed, so its row widget must be the same")
        }
    }

    @MainActor
    private static func switchingTheOrder() throws {
        let (viewer, packages) = try makeViewer()
        defer { gtk_widget_destroy(viewer.window) }
        let widgetsBefore = rowWidgets(of: viewer)

        _ = gtk_combo_box_set_active_id(gcast(viewer.orderSwitch), PackageOrder.size.rawValue)
        XCTAssertEqual(viewer.query.order, .size)
        XCTAssertTrue(GtkRuntime.iterate(until: { !viewer.storage.hasPendingChanges }))

        XCTAssertEqual(shownLines(of: viewer.manager), expectedLines(packages, query: PackageQuery(order: .size)))
        XCTAssertEqual(rowWidgets(of: viewer), widgetsBefore, "a new order moves rows; it builds none")
    }

    // MARK: - Support

    private static var samplePath: String { BundledSample.path }

    @MainActor
    private static func makeViewer(showsGrid: Bool = false) throws -> (PackageListWindow, [InstalledPackage]) {
        guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
        let source = try PackageSource.load(explicitPath: samplePath)
        return (PackageListWindow(source: source, showsGrid: showsGrid), source.packages)
    }

    /// One line per row of the list or tile of the grid: `# section` for a header, `= size` for
    /// a section's total (and what the view shows), the package id otherwise.
    @MainActor
    private static func shownLines(of manager: ListManager) -> [String] {
        (0..<manager.rowCount).map { position in
            switch manager.boundRow(atPosition: position)?.model {
            case let heading as SectionHeading: "# \(heading.title) (\(heading.packageCount))"
            case let package as InstalledPackage: package.id
            case let total as SectionTotal:
                "= \(total.installedKiB) KiB, \(total.unsized) unsized: "
                    + String(cString: gtk_label_get_text(gcast(manager.boundRow(atPosition: position)!.widget)))
            case let other: "unexpected \(String(describing: other))"
            }
        }
    }

    /// What the rows must be: sections by name, each with its count, packages in the query's
    /// order, and the sum of their sizes after them.
    private static func expectedLines(_ packages: [InstalledPackage], query: PackageQuery) -> [String] {
        let matching = query.matching(packages)
        let sections = Dictionary(grouping: matching, by: \.section)
        return sections.keys.sorted().flatMap { key -> [String] in
            let members = sections[key]!.sorted(by: query.order.comparator)
            let kibibytes = members.compactMap(\.installedSizeKiB).reduce(0, +)
            let unsized = members.filter { $0.installedSizeKiB == nil }.count
            let shown = "\(PackageRow.formatted(kibibytes: kibibytes)) installed" + (unsized > 0 ? "  ·  \(unsized) without a size" : "")
            return ["# \(key) (\(members.count))"] + members.map(\.id) + ["= \(kibibytes) KiB, \(unsized) unsized: \(shown)"]
        }
    }

    /// The `GtkListBoxRow` of each package row, by package id.
    @MainActor
    private static func rowWidgets(of viewer: PackageListWindow) -> [String: UnsafeMutablePointer<GtkListBoxRow>] {
        var widgets: [String: UnsafeMutablePointer<GtkListBoxRow>] = [:]
        for position in 0..<viewer.manager.rowCount {
            if let row = viewer.manager.boundRow(atPosition: position), let package = row.model as? InstalledPackage,
                let listRow = row.hostWidget.map({ gcast($0) as UnsafeMutablePointer<GtkListBoxRow> })
            {
                widgets[package.id] = listRow
            }
        }
        return widgets
    }
}
