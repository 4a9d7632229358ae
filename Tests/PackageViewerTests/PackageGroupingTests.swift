import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

@testable import PackageViewer

/// The packages table's grouping by section, driven through the real header menu and keys: the
/// Section header's menu ungroups and groups again (and the settings file keeps the choice), a
/// group closes and opens from the keyboard, and choosing a favourite opens the group it is in.
final class PackageGroupingTests: XCTestCase {
    func testTheSectionHeadersMenuUngroupsAndGroupsAgainAndTheSettingsKeepIt() throws {
        try MainActor.assumeIsolated { try Self.ungroupAndGroupAgain() }
    }

    func testLeftAndRightCloseAndOpenAGroupRow() throws {
        try MainActor.assumeIsolated { try Self.closeAndOpen() }
    }

    func testChoosingAFavouriteOpensItsClosedGroup() throws {
        try MainActor.assumeIsolated { try Self.favouriteInAClosedGroup() }
    }

    // MARK: - Bodies

    @MainActor
    private static func ungroupAndGroupAgain() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("settings.json").path
        let shown = try ShownViewer(settingsFile: file)
        let packages = shown.viewer.source.packages
        XCTAssertEqual(shown.viewer.table.grouping, ["section"], "a window without saved settings groups by section")
        let entries = try shown.table.menuEntries(of: "Section")
        XCTAssertEqual(
            entries.suffix(3).map { "\($0.title) \($0.isEnabled)" },
            ["Group by This Column false", "Add to Grouping false", "Ungroup true"], "\(entries)")
        XCTAssertFalse(try shown.table.menuEntries(of: "Version").contains { $0.title == "Group by This Column" }, "Section alone groups")

        // Ungrouped, the table is one list in the sort's order, sections mixed.
        shown.input.click(try shown.table.headerButton("Size"))
        try shown.table.choose("Ungroup", fromMenuOf: "Size")
        XCTAssertTrue(shown.waitForStorage())
        let bySize = PackageQuery(sort: [SortKey("size")])
        XCTAssertEqual(
            PackageListWindowTests.listedLines(of: shown.viewer), packages.sorted(by: bySize.comparator).map(\.id),
            "every package, smallest first, no group row")
        XCTAssertFalse(shown.table.boundLines.contains { $0.hasPrefix("# ") }, "GTK shows no group row")
        let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertEqual(saved.packageColumns?.grouping, [], "the settings file keeps the choice")
        shown.close()

        let second = try ShownViewer(settingsFile: file)
        defer { second.close() }
        XCTAssertEqual(second.viewer.table.grouping, [], "a new window opens ungrouped")
        XCTAssertEqual(PackageListWindowTests.listedLines(of: second.viewer), packages.sorted(by: bySize.comparator).map(\.id))

        try second.table.choose("Group by This Column", fromMenuOf: "Section")
        XCTAssertTrue(second.waitForStorage())
        XCTAssertEqual(PackageListWindowTests.listedLines(of: second.viewer), PackageListWindowTests.expectedLines(packages, query: bySize))
        // The row at the top stayed there; the first group row is above it.
        second.viewer.manager.scrollTo(IndexPath(item: 0, section: 0))
        second.input.settleFrame()
        try PackageListWindowTests.assertBoundRowsShowTheirPackages(second, query: bySize)
    }

    @MainActor
    private static func closeAndOpen() throws {
        let shown = try ShownViewer()
        defer { shown.close() }
        let viewer = shown.viewer, packages = viewer.source.packages
        let admin = try XCTUnwrap(viewer.grouped.indexPath(ofGroup: GroupPath(["admin"])))
        let adminRow = try XCTUnwrap(viewer.manager.boundRow(at: admin)?.hostWidget)
        let adminPackages = packages.filter { $0.section == "admin" }.map(\.id)

        shown.input.focus(adminRow)
        shown.input.press("Left")
        XCTAssertTrue(shown.waitForStorage())
        let closed = PackageListWindowTests.expectedLines(packages, query: PackageQuery()).filter { !adminPackages.contains($0) }
        XCTAssertEqual(PackageListWindowTests.listedLines(of: viewer), closed, "admin's packages leave the list")
        XCTAssertTrue(
            shown.table.boundLines[0].contains("admin (7) |  | 8.1 MB"), "its row keeps its count and size: \(shown.table.boundLines[0])")
        XCTAssertNil(viewer.indexPath(ofPackage: "apt:amd64"))

        shown.input.press("Right")
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertEqual(
            PackageListWindowTests.listedLines(of: viewer), PackageListWindowTests.expectedLines(packages, query: PackageQuery()))
    }

    @MainActor
    private static func favouriteInAClosedGroup() throws {
        let folder = try FavouritesFolder()
        try folder.seed(["apt:amd64"])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        let viewer = shown.viewer
        let admin = try XCTUnwrap(viewer.grouped.indexPath(ofGroup: GroupPath(["admin"])))
        viewer.grouped.setExpanded(false, at: admin)
        XCTAssertTrue(shown.waitForStorage())
        XCTAssertNil(viewer.indexPath(ofPackage: "apt:amd64"), "apt hides in its closed group")

        shown.input.click(try shown.paneRow(0))
        let apt = try XCTUnwrap(viewer.indexPath(ofPackage: "apt:amd64"), "choosing it opened its group")
        XCTAssertEqual(viewer.manager.selectedIndexPaths, [apt])
        shown.input.settleFrame()
        XCTAssertEqual(shown.table.selectedName, "apt ★", "GTK shows its row selected")
    }
}
