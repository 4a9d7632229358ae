import CGtk
import Foundation
import GRDB
import GtkListManager
import GtkTestSupport
import XCTest

@testable import PackageViewer

/// The viewer's favourites, driven through the real window under Xvfb: stars given by key and
/// by context menu, the pane's rows read through GTK, drags written to the SQLite file, edits by
/// other connections and windows followed, and files that cannot be used left as they were.
final class FavouritesTests: XCTestCase {
    private static let apt = "apt:amd64", baseFiles = "base-files:amd64", postgresql = "postgresql:all"

    // MARK: - Starring

    func testTheStarKeysOnAPackageRowAddItToThePaneAndTakeItBack() throws {
        try MainActor.assumeIsolated { try Self.starKeys() }
    }

    @MainActor private static func starKeys() throws {
        let folder = try FavouritesFolder()
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        XCTAssertEqual(shown.paneIDs, [])
        XCTAssertFalse(shown.paneIsVisible, "no favourites: no pane")

        shown.input.focus(try shown.packageRow(apt))
        shown.input.press("s")
        XCTAssertTrue(shown.waitForPane([apt]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(shown.paneIsVisible)
        XCTAssertEqual(shown.paneNames, ["apt"])
        XCTAssertTrue(shown.isStarred(apt), "the package row shows its star")
        XCTAssertFalse(shown.isStarred(postgresql))
        XCTAssertEqual(try folder.storedOrder(), [apt])

        shown.input.focus(try shown.packageRow(postgresql))
        shown.input.press("ctrl+d")
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(shown.isStarred(postgresql))
        XCTAssertEqual(try folder.storedOrder(), [apt, postgresql], "a new favourite goes last")

        shown.input.focus(try shown.packageRow(apt))
        shown.input.press("s")
        XCTAssertTrue(shown.waitForPane([postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertFalse(shown.isStarred(apt), "the star is gone with the favourite")
        XCTAssertEqual(try folder.storedOrder(), [postgresql])
        XCTAssertTrue(shown.viewer.anomalies.isEmpty, "\(shown.viewer.anomalies)")
    }

    func testThePackageContextMenuAddsAndRemovesAFavourite() throws {
        try MainActor.assumeIsolated { try Self.packageContextMenu() }
    }

    @MainActor private static func packageContextMenu() throws {
        let folder = try FavouritesFolder()
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }

        shown.input.click(try shown.packageRow(apt), button: 3)
        var menu = try XCTUnwrap(shown.viewer.shownContextMenu, "a right-click pops the row's menu up")
        XCTAssertEqual(menuTitles(menu), ["Add to favourites", "-", "Copy “apt”"])
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Add to favourites"))))
        XCTAssertTrue(shown.waitForPane([apt]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(shown.isStarred(apt))
        XCTAssertEqual(try folder.storedOrder(), [apt])

        shown.input.click(try shown.packageRow(apt), button: 3)
        menu = try XCTUnwrap(shown.viewer.shownContextMenu)
        XCTAssertEqual(menuTitles(menu), ["Remove from favourites", "-", "Copy “apt”"], "a favourite's menu offers to remove it")
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Remove from favourites"))))
        XCTAssertTrue(shown.waitForPane([]), "the pane shows \(shown.paneIDs)")
        XCTAssertFalse(shown.isStarred(apt))
        XCTAssertFalse(shown.paneIsVisible, "the last favourite gone, the pane hides")
        XCTAssertEqual(try folder.storedOrder(), [])
    }

    func testDeleteAndTheContextMenuInThePaneUnstar() throws {
        try MainActor.assumeIsolated { try Self.unstarInThePane() }
    }

    @MainActor private static func unstarInThePane() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles, postgresql])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        XCTAssertEqual(shown.paneIDs, [apt, baseFiles, postgresql])
        XCTAssertEqual(shown.paneNames, ["apt", "base-files", "postgresql"])
        XCTAssertTrue(shown.paneIsVisible)
        XCTAssertTrue(shown.isStarred(baseFiles))

        shown.input.focus(try shown.paneRow(1))
        shown.input.press("Delete")
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertFalse(shown.isStarred(baseFiles))

        shown.input.click(try shown.paneRow(0), button: 3)
        let menu = try XCTUnwrap(try shown.pane.manager.shownContextMenu)
        XCTAssertEqual(menuTitles(menu), ["Remove from favourites"])
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Remove from favourites"))))
        XCTAssertTrue(shown.waitForPane([postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [postgresql])
    }

    func testThePaneSearchLooksInTheFullTextIndexAndKeepsTheStarsAndTheSelection() throws {
        try MainActor.assumeIsolated { try Self.searchThePane() }
    }

    @MainActor private static func searchThePane() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles, postgresql])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        let pane = try XCTUnwrap(shown.viewer.favourites)
        pane.manager.selectItem(at: IndexPath(item: 2, section: 0))

        for (text, expected) in [
            ("POST", [postgresql]), ("bas fil", [baseFiles]), ("files base", [baseFiles]), ("", [apt, baseFiles, postgresql]),
        ] {
            let applied = pane.searchesApplied
            gtk_entry_set_text(gcast(pane.searchEntry), text)
            XCTAssertTrue(
                GtkRuntime.iterate(until: { pane.searchesApplied > applied && shown.paneIDs == expected }),
                "\(text): the pane shows \(shown.paneIDs)")
            XCTAssertTrue(shown.paneIsVisible, "\(text): the pane stays while the search hides favourites")
            XCTAssertTrue(shown.isStarred(apt) && shown.isStarred(baseFiles), "\(text): the stars are every favourite's")
            if text == "POST" {
                XCTAssertEqual(pane.manager.selectedIndexPaths, [IndexPath(item: 0, section: 0)], "the selected row stays selected")
            }
        }
        gtk_entry_set_text(gcast(pane.searchEntry), "nothing-like-it")
        XCTAssertTrue(GtkRuntime.iterate(until: { pane.searchesApplied >= 5 && shown.paneIDs.isEmpty }))
        XCTAssertTrue(shown.paneIsVisible, "an empty result keeps the pane and its search")
    }

    // MARK: - Notes

    func testF2EditsAFavouritesNoteInPlaceAndTheFileKeepsIt() throws {
        try MainActor.assumeIsolated { try Self.editANote() }
    }

    @MainActor private static func editANote() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        XCTAssertEqual(shown.paneNotes, ["", ""])

        shown.input.focus(try shown.paneRow(1))
        shown.input.press("F2")
        XCTAssertEqual(shown.paneEditorText(1), "", "F2 opened the note's editor")
        shown.input.type("keep: the build needs it")
        shown.input.press("Return")
        XCTAssertTrue(GtkRuntime.iterate(until: { shown.paneNotes == ["", "keep: the build needs it"] }), "\(shown.paneNotes)")
        XCTAssertEqual(try folder.storedNotes(), [apt: "", baseFiles: "keep: the build needs it"])
        XCTAssertNil(shown.paneEditorText(1), "Enter stored the note and closed the editor")

        // Too long: the file's CHECK constraint refuses it, and the editor stays with the reason.
        let tooLong = String(repeating: "x", count: FavouritesDatabase.noteLimit + 1)
        shown.input.focus(try shown.paneRow(0))
        shown.input.press("F2")
        shown.input.type(tooLong)
        shown.input.press("Return")
        XCTAssertEqual(shown.paneEditorText(0), tooLong, "the editor stays open with the text")
        XCTAssertEqual(shown.paneEditorMessage(0), "A note has at most 140 characters.")
        XCTAssertEqual(try folder.storedNotes()[apt], "", "the file kept none of it")
        shown.input.press("Escape")
        XCTAssertNil(shown.paneEditorText(0), "Escape closed it")
        XCTAssertEqual(shown.paneNotes, ["", "keep: the build needs it"])
        XCTAssertTrue(shown.viewer.anomalies.isEmpty, "\(shown.viewer.anomalies)")
    }

    // MARK: - Order

    func testADragAndAltUpInThePaneWriteTheNewOrderToTheFile() throws {
        try MainActor.assumeIsolated { try Self.reorder() }
    }

    @MainActor private static func reorder() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt, baseFiles, postgresql])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        let dragged = try shown.paneRow(0)

        shown.input.drag(try shown.paneRow(0), to: try shown.paneRow(2), lowerHalf: true)
        XCTAssertTrue(shown.waitForPane([baseFiles, postgresql, apt]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try shown.paneRow(2), dragged, "the same row widget moved")
        XCTAssertEqual(try folder.storedOrder(), [baseFiles, postgresql, apt], "the order is in the file")

        shown.input.focus(try shown.paneRow(2))
        shown.input.press("alt+Up")
        XCTAssertTrue(shown.waitForPane([baseFiles, apt, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertEqual(try folder.storedOrder(), [baseFiles, apt, postgresql])
    }

    // MARK: - Other connections, windows and processes

    func testEditsByAnotherConnectionShowUpInThePaneAndTheStars() throws {
        try MainActor.assumeIsolated { try Self.anotherConnection() }
    }

    @MainActor private static func anotherConnection() throws {
        let folder = try FavouritesFolder()
        try folder.seed([apt])
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        XCTAssertLessThanOrEqual(try shown.pane.storage.externalChangeInterval, .seconds(1), "other processes' writes show within a second")
        // Another process: its own connection, writes GRDB's observation of ours cannot see.
        let other = try folder.otherConnection()

        try other.write { db in
            try db.execute(sql: "INSERT INTO favourite (id, position, addedAt) VALUES (?, 7, CURRENT_TIMESTAMP)", arguments: [postgresql])
        }
        XCTAssertTrue(shown.waitForPane([apt, postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertTrue(shown.isStarred(postgresql))

        try other.write { db in try db.execute(sql: "UPDATE favourite SET position = -1 WHERE id = ?", arguments: [postgresql]) }
        XCTAssertTrue(shown.waitForPane([postgresql, apt]), "the pane shows \(shown.paneIDs)")

        try other.write { db in try db.execute(sql: "DELETE FROM favourite WHERE id = ?", arguments: [apt]) }
        XCTAssertTrue(shown.waitForPane([postgresql]), "the pane shows \(shown.paneIDs)")
        XCTAssertFalse(shown.isStarred(apt))
    }

    func testASecondWindowOnTheSameFileFollowsTheFirst() throws {
        try MainActor.assumeIsolated { try Self.secondWindow() }
    }

    @MainActor private static func secondWindow() throws {
        let folder = try FavouritesFolder()
        let first = try ShownViewer(favouritesFile: folder.file)
        defer { first.close() }
        let second = try ShownViewer(favouritesFile: folder.file)
        defer { second.close() }
        // Side by side, each driven with the pointer (the keyboard goes to the last one shown).
        second.input.moveWindow(toX: 1000)

        first.input.click(try first.packageRow(apt), button: 3)
        let menu = try XCTUnwrap(first.viewer.shownContextMenu)
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(menu, "Add to favourites"))))
        XCTAssertTrue(first.waitForPane([apt]), "the first window shows \(first.paneIDs)")
        XCTAssertTrue(second.waitForPane([apt]), "the second window shows \(second.paneIDs)")
        XCTAssertTrue(second.paneIsVisible)
        XCTAssertTrue(second.isStarred(apt))

        second.input.click(try second.paneRow(0), button: 3)
        let paneMenu = try XCTUnwrap(try second.pane.manager.shownContextMenu)
        gtk_menu_item_activate(gcast(try XCTUnwrap(menuItem(paneMenu, "Remove from favourites"))))
        XCTAssertTrue(second.waitForPane([]), "the second window shows \(second.paneIDs)")
        XCTAssertTrue(first.waitForPane([]), "the first window shows \(first.paneIDs)")
        XCTAssertFalse(first.isStarred(apt))
    }

    // MARK: - Files that cannot be used

    func testAFileThatIsNotADatabaseIsLeftAsItWasAndTheWindowOpensWithoutFavourites() throws {
        try MainActor.assumeIsolated {
            let folder = try FavouritesFolder()
            let notes = Data(String(repeating: "not a database, just notes\n", count: 200).utf8)
            try notes.write(to: URL(fileURLWithPath: folder.file))
            try Self.assertRefused(folder, contents: notes, reason: "file is not a database")
        }
    }

    func testADamagedFavouritesFileIsLeftAsItWasAndTheWindowOpensWithoutFavourites() throws {
        try MainActor.assumeIsolated {
            let folder = try FavouritesFolder()
            try folder.seed([Self.apt, Self.baseFiles, Self.postgresql])
            // Every page after the first (the schema) overwritten with garbage.
            var bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file))
            XCTAssertGreaterThan(bytes.count, 4096)
            for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
            try bytes.write(to: URL(fileURLWithPath: folder.file))
            try Self.assertRefused(folder, contents: bytes, reason: "damaged")
        }
    }

    func testAnotherProgramsDatabaseIsLeftAsItWasAndTheWindowOpensWithoutFavourites() throws {
        try MainActor.assumeIsolated {
            let folder = try FavouritesFolder()
            try folder.otherConnection().write { db in
                try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note (text) VALUES ('keep me')")
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file))
            try Self.assertRefused(folder, contents: bytes, reason: "another program's database (tables note)")
        }
    }

    func testAFolderThatCannotBeMadeLeavesTheWindowWithoutFavourites() throws {
        try MainActor.assumeIsolated {
            let folder = try FavouritesFolder()
            let blocker = folder.url.appendingPathComponent("package-viewer")
            try Data("a file where the folder should be".utf8).write(to: blocker)
            let shown = try ShownViewer(favouritesFile: blocker.appendingPathComponent("favourites.sqlite").path)
            defer { shown.close() }
            XCTAssertNil(shown.viewer.favourites)
            let problem = try XCTUnwrap(shown.viewer.favouritesProblem)
            XCTAssertTrue(problem.contains("cannot create its folder"), problem)
            XCTAssertEqual(try folder.contents(), ["package-viewer"], "nothing else made")
        }
    }

    /// Opens a window on `folder`'s favourites file and asserts it shows the packages without
    /// favourites, says why, and left the file (and the folder) exactly as they were.
    @MainActor private static func assertRefused(_ folder: FavouritesFolder, contents: Data, reason: String, line: UInt = #line) throws {
        let filesBefore = try folder.contents()
        let shown = try ShownViewer(favouritesFile: folder.file)
        defer { shown.close() }
        XCTAssertNotEqual(gtk_widget_get_mapped(shown.viewer.window), 0, "the window opens", line: line)
        XCTAssertEqual(shown.viewer.shown.count, 150, "with every package", line: line)
        XCTAssertNil(shown.viewer.favourites, line: line)
        let problem = try XCTUnwrap(shown.viewer.favouritesProblem, line: line)
        XCTAssertTrue(problem.contains(folder.file) && problem.contains(reason), problem, line: line)

        shown.input.click(try shown.packageRow(apt), button: 3)
        let menu = try XCTUnwrap(shown.viewer.shownContextMenu, line: line)
        XCTAssertEqual(menuTitles(menu), ["Copy “apt”"], "no favourites to add to", line: line)
        shown.input.press("Escape")
        shown.input.focus(try shown.packageRow(apt))
        shown.input.press("s")

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.file)), contents, "byte for byte as it was", line: line)
        XCTAssertEqual(try folder.contents(), filesBefore, "no journal or other file left beside it", line: line)
    }

    // MARK: - Where the file is

    func testTheDefaultFileIsInTheXDGDataHome() {
        XCTAssertEqual(
            FavouritesLocation.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ann"]),
            "/data/package-viewer/favourites.sqlite")
        XCTAssertEqual(
            FavouritesLocation.defaultPath(environment: ["HOME": "/home/ann"]),
            "/home/ann/.local/share/package-viewer/favourites.sqlite", "unset: ~/.local/share")
        XCTAssertEqual(
            FavouritesLocation.defaultPath(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ann"]),
            "/home/ann/.local/share/package-viewer/favourites.sqlite", "empty: ~/.local/share")
        XCTAssertEqual(
            FavouritesLocation.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ann"]),
            "/home/ann/.local/share/package-viewer/favourites.sqlite", "relative: ignored, as the specification says")
    }

    func testTheFavouritesFileOptionNamesTheFile() throws {
        let command = try PackageViewerCommand.parse(["--favourites-file", "/tmp/mine.sqlite", "--add-favourite", "apt"])
        XCTAssertEqual(command.favouritesFile, "/tmp/mine.sqlite")
        XCTAssertEqual(command.addedFavourites, ["apt"])
    }
}
