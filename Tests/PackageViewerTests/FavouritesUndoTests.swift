import CGtk
import Foundation
import GRDB
import GtkListManager
import GtkTestSupport
import XCTest

@testable import PackageViewer

/// Ctrl+Z in the favourites pane, driven through the real window under Xvfb: favourites
/// unstarred with Delete come back in their places, with their notes, in the pane and in the
/// file; Shift+Ctrl+Z unstars them again; a move is taken back too.
final class FavouritesUndoTests: XCTestCase {
    private static let apt = "apt:amd64", baseFiles = "base-files:amd64", postgresql = "postgresql:all"

    func testCtrlZRestoresDeletedFavouritesInTheirPlaces() throws {
        try MainActor.assumeIsolated { try Self.undoDeletes() }
    }

    @MainActor private static func undoDeletes() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles, postgresql])
        try folder.otherConnection().write { db in
            try db.execute(sql: "UPDATE favourite SET note = 'keep' WHERE id = ?", arguments: [baseFiles])
        }
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }

        shown.input.focus(try shown.paneRow(1))
        shown.input.press("Delete")
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        shown.input.focus(try shown.paneRow(0))
        shown.input.press("Delete")
        XCTAssertTrue(shown.waitForPane([postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [postgresql])

        shown.input.focus(try shown.paneRow(0))
        shown.input.press("ctrl+z")
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        shown.input.press("ctrl+z")
        XCTAssertTrue(shown.waitForPane([apt, baseFiles, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [apt, baseFiles, postgresql], "the file holds them again, in order")
        XCTAssertEqual(try folder.storedNotes()[baseFiles], "keep", "with their notes")
        XCTAssertTrue(shown.isStarred(baseFiles))

        shown.input.press("shift+ctrl+z")
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [apt, postgresql])
    }

    func testCtrlZTakesAMoveBack() throws {
        try MainActor.assumeIsolated { try Self.undoMove() }
    }

    @MainActor private static func undoMove() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles, postgresql])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }

        shown.input.focus(try shown.paneRow(2))
        shown.input.press("alt+Up")
        XCTAssertTrue(shown.waitForPane([apt, postgresql, baseFiles]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(GtkRuntime.iterate(until: { (try? folder.storedOrder()) == [apt, postgresql, baseFiles] }, timeout: .seconds(5)))

        shown.input.press("ctrl+z")
        XCTAssertTrue(shown.waitForPane([apt, baseFiles, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [apt, baseFiles, postgresql])
    }
}
