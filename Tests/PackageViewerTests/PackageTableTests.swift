import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

@testable import PackageViewer

/// The packages table sorted by its headers, with real clicks through the X server: the packages
/// shown (the labels of the rows' cells) follow within each section, the sort switch in the
/// header bar follows the headers and the headers the switch, and the selection stays on its
/// package.
final class PackageTableTests: XCTestCase {
    func testAHeaderClickSortsThePackagesShownAndAnotherReversesThem() throws {
        try MainActor.assumeIsolated { try Self.headerClicksSort() }
    }

    func testTheSelectionStaysOnItsPackageThroughAReSort() throws {
        try MainActor.assumeIsolated { try Self.selectionSurvivesASort() }
    }

    func testASortLeavesTheGroupsAndTheirTotalsWhereTheyAre() throws {
        try MainActor.assumeIsolated { try Self.sectionsStay() }
    }

    func testOnTheListBoxHostTheTableShowsSortsAndOffersTheRowsMenu() throws {
        try MainActor.assumeIsolated { try Self.listBoxHost() }
    }

    /// Ctrl+C on a selected package copies its row as a spreadsheet pastes it: the section (the
    /// icon's), the name, version, size, its share of the section (what the bar says) and the
    /// rest, tab-separated, read back from the clipboard as another application pastes it.
    func testCtrlCCopiesTheSelectedPackagesRowAsTabSeparatedText() throws {
        try MainActor.assumeIsolated {
            let shown = try ShownViewer()
            defer { shown.close() }
            let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
            gtk_clipboard_set_text(clipboard, "before", -1)
            shown.input.click(try shown.packageRow("apt:amd64"))
            shown.input.press("ctrl+c")
            let text = try XCTUnwrap(
                gtk_clipboard_wait_for_text(clipboard).map { pointer in
                    defer { g_free(pointer) }
                    return String(cString: pointer)
                })
            let apt = try XCTUnwrap(shown.viewer.source.packages.first { $0.id == "apt:amd64" })
            let share = try XCTUnwrap(SectionSizes(shown.viewer.source.packages).share(of: apt))
            XCTAssertEqual(
                text,
                ["admin", "apt", apt.version, "4.1 MB", "\(Int((share * 100).rounded()))\u{200A}%", "admin", apt.summary].joined(
                    separator: "\t") + "\n")
        }
    }

    func testTypingOnTheTableFindsAPackageByName() throws {
        try MainActor.assumeIsolated {
            let shown = try ShownViewer()
            defer { shown.close() }
            shown.input.click(try shown.packageRow("apt:amd64"))
            shown.input.press("b", "a", "s", "h")
            XCTAssertTrue(
                GtkRuntime.iterate(until: { shown.table.selectedName == "bash" }, timeout: .seconds(5)),
                "the Name cells are findable: the cursor goes to bash, not \(shown.table.selectedName ?? "none")")
            shown.input.press("Escape")
        }
    }

    // MARK: - Bodies

    /// The window's table on the list-box host (the virtualized one is the window's default):
    /// every row bound, sorted by a header, the row events there too.
    @MainActor
    private static func listBoxHost() throws {
        let folder = try FavouritesFolder()
        let shown = try ShownViewer(favouritesFile: folder.file, host: { ListBoxHost() })
        defer { shown.close() }
        let viewer = shown.viewer
        XCTAssertNotNil(viewer.manager.listBox)
        assertColumns(shown, sortedBy: [SortKey("name")])
        XCTAssertEqual(shown.table.boundLines.count, viewer.manager.rowCount, "a list box binds every row")

        shown.input.click(try shown.table.headerButton("Size"))
        XCTAssertTrue(shown.waitForStorage())
        assertColumns(shown, sortedBy: [SortKey("size")])

        shown.input.click(try shown.packageRow("apt:amd64"), button: 3)
        let menu = try XCTUnwrap(viewer.shownContextMenu, "a right-click pops the row's menu up")
        XCTAssertEqual(menuTitles(menu), ["Add to favourites", "-", "Copy “apt”"])
        XCTAssertEqual(shown.table.selectedName, "apt", "and selects the row")
        shown.input.press("Escape")
        shown.input.focus(try shown.packageRow("base-files:amd64"))
        shown.input.press("s")
        XCTAssertTrue(shown.waitForPane(["base-files:amd64"]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(shown.isStarred("base-files:amd64"))
        XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
    }

    @MainActor
    private static func headerClicksSort() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let table = shown.table, viewer = shown.viewer

        shown.input.click(try table.headerButton("Size"))
        XCTAssertEqual(viewer.table.sort, [SortKey("size")], "one click sorts by the column, smallest first")
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(table.sortArrow(of: "Size"), "pan-down-symbolic")
        XCTAssertNil(table.sortArrow(of: "Name"))
        assertColumns(shown, sortedBy: [SortKey("size")])
        XCTAssertEqual(table.column("Size", inSection: "admin"), ["107 KB", "140 KB", "247 KB", "341 KB", "686 KB", "2.4 MB", "4.1 MB"])
        XCTAssertEqual(activeOrder(of: viewer), "size", "the sort switch shows the column sorted by")

        shown.input.click(try table.headerButton("Size"))
        XCTAssertEqual(viewer.table.sort, [SortKey("size", ascending: false)], "the next click reverses it")
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(table.sortArrow(of: "Size"), "pan-up-symbolic")
        assertColumns(shown, sortedBy: [SortKey("size", ascending: false)])
        XCTAssertEqual(table.column("Size", inSection: "admin").first, "4.1 MB")

        shown.input.click(try table.headerButton("Description"))
        XCTAssertTrue(shown.waitForStorage())
        assertColumns(shown, sortedBy: [SortKey("description")])
        XCTAssertEqual(activeOrder(of: viewer), "description")

        // Sorting happens within each Debian section: the Section header sorts nothing.
        shown.input.click(try table.headerButton("Section"))
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(viewer.table.sort, [SortKey("description")])
        XCTAssertNil(table.sortArrow(of: "Section"))

        // And the switch sorts the table: its headers show it.
        _ = gtk_combo_box_set_active_id(gcast(viewer.orderSwitch), PackageOrder.name.rawValue)
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(viewer.table.sort, [SortKey("name")])
        XCTAssertEqual(table.sortArrow(of: "Name"), "pan-down-symbolic")
        XCTAssertNil(table.sortArrow(of: "Description"))
        assertColumns(shown, sortedBy: [SortKey("name")])
        XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
    }

    @MainActor
    private static func selectionSurvivesASort() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let viewer = shown.viewer
        let apt = "apt:amd64"
        let before = try XCTUnwrap(viewer.indexPath(ofPackage: apt))

        shown.input.click(try shown.packageRow(apt))
        XCTAssertEqual(viewer.manager.selectedIndexPaths, [before])
        XCTAssertEqual(shown.table.selectedName, "apt")
        XCTAssertTrue(subtitle(of: viewer).hasPrefix("apt 2.6.1 — "), "the selection's details show: \(subtitle(of: viewer))")
        let widget = try shown.packageRow(apt)

        shown.input.click(try shown.table.headerButton("Size"))
        XCTAssertTrue(shown.waitForStorage())
        let after = try XCTUnwrap(viewer.indexPath(ofPackage: apt))
        XCTAssertNotEqual(after, before, "apt, the largest in admin, moved to its section's end")
        XCTAssertEqual(viewer.manager.selectedIndexPaths, [after], "the selection followed it")
        XCTAssertEqual(shown.table.selectedName, "apt", "GTK shows its row selected, and no other")
        XCTAssertEqual(try shown.packageRow(apt), widget, "a move: the same row widget")

        shown.input.click(try shown.table.headerButton("Size"))
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(viewer.manager.selectedIndexPaths, [try XCTUnwrap(viewer.indexPath(ofPackage: apt))])
        XCTAssertEqual(shown.table.selectedName, "apt")

        // The keyboard's way to the row's menu: Shift+F10 on the focused row.
        shown.input.focus(try shown.packageRow(apt))
        shown.input.press("shift+F10")
        let menu = try XCTUnwrap(viewer.shownContextMenu, "Shift+F10 pops the focused row's menu up")
        XCTAssertEqual(menuTitles(menu), ["Copy “apt”"], "no favourites file: nothing to star")
        shown.input.press("Escape")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.shownContextMenu == nil }), "Escape closes it")
    }

    @MainActor
    private static func sectionsStay() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let groupRows = { shown.table.boundLines.filter { $0.hasPrefix("# ") } }
        let before = groupRows()
        shown.input.click(try shown.table.headerButton("Version"))
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(groupRows(), before, "sorting moves packages within their groups only")
        XCTAssertEqual(
            PackageListWindowTests.listedLines(of: shown.viewer),
            PackageListWindowTests.expectedLines(shown.viewer.source.packages, query: PackageQuery(sort: [SortKey("version")])))
    }

    // MARK: - Support

    /// Asserts the bound rows show their packages in the order of `sort`, and the whole list
    /// holds them so.
    @MainActor
    private static func assertColumns(_ shown: ShownViewer, sortedBy sort: [SortKey], line: UInt = #line) {
        let query = PackageQuery(sort: sort)
        XCTAssertEqual(
            PackageListWindowTests.listedLines(of: shown.viewer),
            PackageListWindowTests.expectedLines(shown.viewer.source.packages, query: query), line: line)
        XCTAssertNoThrow(try PackageListWindowTests.assertBoundRowsShowTheirPackages(shown, query: query, line: line), line: line)
    }

    @MainActor
    private static func activeOrder(of viewer: PackageListWindow) -> String? {
        gtk_combo_box_get_active_id(gcast(viewer.orderSwitch)).map { String(cString: $0) }
    }

    @MainActor
    private static func subtitle(of viewer: PackageListWindow) -> String {
        gtk_header_bar_get_subtitle(gcast(viewer.headerBar)).map { String(cString: $0) } ?? ""
    }
}
