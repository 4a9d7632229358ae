import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

@testable import PackageViewer

/// The viewer's window on the bundled dpkg sample, shown under Xvfb and driven through its real
/// widgets: what the packages table holds and shows (the cells of its bound rows) after typing a
/// search and switching the order, and the grid of tiles.
final class PackageListWindowTests: XCTestCase {
    func testStartsWithEveryPackageGroupedBySectionSortedByNameInATable() throws {
        try MainActor.assumeIsolated { try Self.startsWithEveryPackage() }
    }

    func testTypingASearchKeepsOnlyMatchingRowsAndTheirWidgets() throws {
        try MainActor.assumeIsolated { try Self.typingASearch() }
    }

    func testTheSortSwitchSortsTheTableAndMovesTheSameRows() throws {
        try MainActor.assumeIsolated { try Self.switchingTheOrder() }
    }

    func testTheGridShowsTheSamePackagesAsTilesAndFollowsASearch() throws {
        try MainActor.assumeIsolated { try Self.gridMode() }
    }

    func testTheGridIsBuiltTheFirstTimeItShows() throws {
        try MainActor.assumeIsolated { try Self.gridBuiltWhenShown() }
    }

    // MARK: - Bodies

    @MainActor
    private static func startsWithEveryPackage() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let packages = shown.viewer.source.packages
        XCTAssertEqual(shown.table.headerTitles, ["", "Name", "Version", "Size", "Share", "Section", "Description"])
        XCTAssertEqual(shown.table.sortArrow(of: "Name"), "pan-down-symbolic", "sorted by name, ascending")
        XCTAssertEqual(listedLines(of: shown.viewer), expectedLines(packages, query: PackageQuery()))
        try assertBoundRowsShowTheirPackages(shown, query: PackageQuery())
        XCTAssertEqual(shown.table.clippedHeaders, [], "every title shows whole")
        // (Version fits its content too, up to 200 pixels: the longest versions end in an ellipsis.)
        XCTAssertEqual(shown.table.clippedCells(inColumns: ["Size", "Section"]), [], "the columns fitting their content do")
        XCTAssertTrue(shown.viewer.anomalies.isEmpty, "\(shown.viewer.anomalies)")
    }

    @MainActor
    private static func typingASearch() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let packages = shown.viewer.source.packages
        let widgetsBefore = rowWidgets(of: shown.viewer)
        let chosen = try XCTUnwrap(PackageQuery(searchText: "lib").matching(packages).last?.id)
        shown.viewer.manager.selectItem(at: try XCTUnwrap(shown.viewer.indexPath(ofPackage: chosen)))

        gtk_entry_set_text(gcast(shown.viewer.searchEntry), "lib")
        // GtkSearchEntry emits "search-changed" after its typing pause, then the storage diffs
        // in the background and hands the result back through the loop.
        XCTAssertTrue(GtkRuntime.iterate(until: { shown.viewer.query.searchText == "lib" && !shown.viewer.isUpdating }))
        shown.input.settleFrame()

        let query = PackageQuery(searchText: "lib")
        XCTAssertLessThan(query.matching(packages).count, packages.count)
        XCTAssertEqual(
            shown.viewer.manager.selectedIndexPaths, [try XCTUnwrap(shown.viewer.indexPath(ofPackage: chosen))],
            "the selected package stays selected through the search")
        XCTAssertEqual(listedLines(of: shown.viewer), expectedLines(packages, query: query))
        try assertBoundRowsShowTheirPackages(shown, query: query)
        let widgetsAfter = rowWidgets(of: shown.viewer)
        let kept = Set(widgetsAfter.keys).intersection(widgetsBefore.keys)
        XCTAssertFalse(kept.isEmpty)
        for id in kept {
            XCTAssertEqual(widgetsAfter[id], widgetsBefore[id], "\(id) stayed on screen, so its row widget must be the same")
        }

        gtk_entry_set_text(gcast(shown.viewer.searchEntry), "")
        XCTAssertTrue(GtkRuntime.iterate(until: { shown.viewer.query.searchText.isEmpty && !shown.viewer.isUpdating }))
        XCTAssertEqual(listedLines(of: shown.viewer), expectedLines(packages, query: PackageQuery()), "every package is back")
        XCTAssertEqual(
            shown.viewer.manager.selectedIndexPaths, [try XCTUnwrap(shown.viewer.indexPath(ofPackage: chosen))],
            "and the selection is still on the package chosen before the search")
    }

    @MainActor
    private static func switchingTheOrder() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let packages = shown.viewer.source.packages
        let widgetsBefore = rowWidgets(of: shown.viewer)

        _ = gtk_combo_box_set_active_id(gcast(shown.viewer.orderSwitch), PackageOrder.size.rawValue)
        XCTAssertEqual(shown.viewer.table.sort, [SortKey("size", ascending: false)], "the table sorts by size, largest first")
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(shown.table.sortArrow(of: "Size"), "pan-up-symbolic", "the header shows a descending sort")
        XCTAssertNil(shown.table.sortArrow(of: "Name"))

        let query = PackageQuery(sort: [PackageOrder.size.sortKey])
        XCTAssertEqual(listedLines(of: shown.viewer), expectedLines(packages, query: query))
        try assertBoundRowsShowTheirPackages(shown, query: query)
        let widgetsAfter = rowWidgets(of: shown.viewer)
        for id in Set(widgetsAfter.keys).intersection(widgetsBefore.keys) {
            XCTAssertEqual(widgetsAfter[id], widgetsBefore[id], "a new order moves rows; it builds none (\(id))")
        }
    }

    @MainActor
    private static func gridMode() throws {
        let shown = try ShownViewer(showsGrid: true)
        defer { shown.close() }
        let viewer = shown.viewer, packages = viewer.source.packages
        XCTAssertTrue(viewer.showsGrid)
        XCTAssertEqual(gridLines(of: viewer.gridManager), expectedGridLines(packages, query: PackageQuery()))
        let tile = viewer.gridManager.boundRow(at: IndexPath(item: 0, section: 0))!
        XCTAssertTrue(tile.view is PackageTile)
        XCTAssertTrue(isA(gtk_widget_get_parent(tile.hostWidget!), gtk_flow_box_get_type()), "a tile is a cell of a GtkFlowBox")

        gtk_entry_set_text(gcast(viewer.searchEntry), "lib")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.query.searchText == "lib" && !viewer.isUpdating }))
        let query = PackageQuery(searchText: "lib")
        XCTAssertEqual(gridLines(of: viewer.gridManager), expectedGridLines(packages, query: query), "the grid follows the search")
        XCTAssertEqual(listedLines(of: viewer), expectedLines(packages, query: query), "and so does the table behind it")

        gtk_toggle_button_set_active(gcast(viewer.gridSwitch), 0)
        XCTAssertFalse(viewer.showsGrid, "the switch in the header bar shows the table again")
    }

    @MainActor
    private static func gridBuiltWhenShown() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let viewer = shown.viewer
        XCTAssertFalse(viewer.showsGrid)
        XCTAssertFalse(viewer.isGridLoaded)
        XCTAssertEqual(viewer.gridManager.rowCount, 0, "a window opening on the table builds no tiles")

        gtk_toggle_button_set_active(gcast(viewer.gridSwitch), 1)
        XCTAssertTrue(viewer.showsGrid)
        XCTAssertEqual(gridLines(of: viewer.gridManager), expectedGridLines(viewer.source.packages, query: PackageQuery()))
    }

    // MARK: - Support

    /// What the table lists, position by position, from the manager's layout and the storage:
    /// `# section` for a group row, the package id otherwise.
    @MainActor
    static func listedLines(of viewer: PackageListWindow) -> [String] {
        (0..<viewer.manager.rowCount).map { position in
            guard let location = viewer.manager.location(ofPosition: position) else { return "no location at \(position)" }
            if let group = viewer.grouped.group(at: location.indexPath) { return "# \(group.title)" }
            return (viewer.grouped.item(at: location.indexPath) as? InstalledPackage)?.id ?? "?"
        }
    }

    /// What the table must list, grouped by section: a group row per section, by name, then its
    /// packages in the query's order.
    static func expectedLines(_ packages: [InstalledPackage], query: PackageQuery) -> [String] {
        expectedSections(packages, query: query).flatMap { key, members in ["# \(key)"] + members.map(\.id) }
    }

    /// What the grid must hold: sections by name, each with its heading, its packages in the
    /// query's order and its total after them.
    static func expectedGridLines(_ packages: [InstalledPackage], query: PackageQuery) -> [String] {
        expectedSections(packages, query: query).flatMap { key, members in ["# \(key)"] + members.map(\.id) + ["= \(key)"] }
    }

    /// The sections shown for `query`, by name, with their packages in its order.
    static func expectedSections(_ packages: [InstalledPackage], query: PackageQuery) -> [(String, [InstalledPackage])] {
        let sections = Dictionary(grouping: query.matching(packages), by: \.section)
        return sections.keys.sorted().map { ($0, sections[$0]!.sorted(by: query.comparator)) }
    }

    /// Asserts the table's bound rows, read from GTK, show the first lines of the list: each
    /// section's group row with its title, count and installed size, then each of its packages'
    /// name, version, size, section and description in their cells.
    @MainActor
    static func assertBoundRowsShowTheirPackages(_ shown: ShownViewer, query: PackageQuery, line: UInt = #line) throws {
        let shownLines = shown.table.boundLines
        let expected = expectedSections(shown.viewer.source.packages, query: query).flatMap { key, members -> [String] in
            let kibibytes = members.compactMap(\.installedSizeKiB).reduce(0, +)
            // The icon, version, share, section and description cells of a group row are empty.
            let group =
                "# "
                + ["", "\(key) (\(members.count))", "", PackageRow.formatted(kibibytes: kibibytes), "", "", ""].joined(separator: " | ")
            let cells = members.map { package in
                // The section's icon and the share's bar read as no text.
                [
                    "", package.name, package.version, package.installedSizeKiB.map(PackageRow.formatted(kibibytes:)) ?? "—", "",
                    package.section, package.summary,
                ].joined(separator: " | ")
            }
            return [group] + cells
        }
        XCTAssertGreaterThan(shownLines.count, 15, "a window's worth of rows", line: line)
        XCTAssertEqual(shownLines, Array(expected.prefix(shownLines.count)), line: line)
    }

    /// One line per tile of the grid (a flow box holds every tile): `# section` for a header,
    /// `= section` for a section's total, the package id otherwise.
    @MainActor
    private static func gridLines(of manager: ListManager) -> [String] {
        (0..<manager.rowCount).map { position in
            switch manager.boundRow(atPosition: position)?.model {
            case let heading as SectionHeading: "# \(heading.title)"
            case let package as InstalledPackage: package.id
            case is SectionTotal: "= \(manager.location(ofPosition: position).map { "\($0.indexPath.section)" } ?? "?")"
            case let other: "unexpected \(String(describing: other))"
            }
        }.reduce(into: [String]()) { lines, line in
            // A total names its section by the heading before it.
            if line.hasPrefix("= "), let heading = lines.last(where: { $0.hasPrefix("# ") }) {
                lines.append("= " + heading.dropFirst(2))
            } else {
                lines.append(line)
            }
        }
    }

    /// The host's row widget of each bound package row, by package id.
    @MainActor
    private static func rowWidgets(of viewer: PackageListWindow) -> [String: UnsafeMutablePointer<GtkWidget>] {
        var widgets: [String: UnsafeMutablePointer<GtkWidget>] = [:]
        for position in 0..<viewer.manager.rowCount {
            if let row = viewer.manager.boundRow(atPosition: position), let package = row.model as? InstalledPackage,
                let hostWidget = row.hostWidget
            {
                widgets[package.id] = hostWidget
            }
        }
        return widgets
    }
}
