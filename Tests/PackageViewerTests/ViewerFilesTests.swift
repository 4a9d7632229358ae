import Foundation
import GRDB
import GtkListManager
import XCTest

@testable import PackageViewer

/// What the viewer's files give for bytes a user's disk may hold, found by `ViewerFilesFuzz` and
/// `DpkgFuzz` (Fuzz/, CONTRIBUTING "Fuzzing"): each test here failed before its fix.
final class ViewerFilesTests: XCTestCase {
    /// A settings file written by a newer viewer holds keys this one does not know: a save of
    /// this viewer's columns keeps them, with their values, next to the columns it writes.
    func testASaveKeepsTheKeysOfANewerViewer() throws {
        try MainActor.assumeIsolated {
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json")
            let newer = #"{"fileColumns": {"order": ["name"]}, "theme": {"dark": true, "accent": "teal"}, "zoom": 1.25}"#
            try Data(newer.utf8).write(to: file)

            let settings = ViewerSettings(path: file.path, report: { XCTFail("reported \($0)") })
            let columns = ColumnState(order: ["size", "name"], hidden: ["version"])
            settings.savePackageColumns(columns)

            let saved = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? NSDictionary)
            XCTAssertEqual(saved["theme"] as? NSDictionary, ["dark": true, "accent": "teal"], "a newer viewer's key")
            XCTAssertEqual(saved["zoom"] as? Double, 1.25)
            let contents = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: file))
            XCTAssertEqual(contents, ViewerSettings.Contents(packageColumns: columns, fileColumns: ColumnState(order: ["name"])))
        }
    }

    /// A favourite whose date the file holds as something that is no date (an edit by hand,
    /// another program's write: found by ViewerFilesFuzz) costs the window nothing: the pane
    /// shows every favourite, where reading the table used to fail and leave it without any.
    func testAFavouriteWhoseDateIsNoDateStillShows() throws {
        try MainActor.assumeIsolated {
            let folder = try FavouritesFolder()
            try folder.seed(["apt:amd64", "postgresql:all"])
            try folder.otherConnection().write { db in
                try db.execute(sql: #"UPDATE favourite SET addedAt = '2026-11\30 10:00' WHERE id = 'apt:amd64'"#)
            }
            let shown = try ShownViewer(favouritesFile: folder.file)
            defer { shown.close() }
            XCTAssertNil(shown.viewer.favouritesProblem)
            XCTAssertTrue(shown.waitForPane(["apt:amd64", "postgresql:all"]), "the pane shows \(shown.paneIDs)")
        }
    }

    /// A field whose value starts with a combining mark (`Section:` then a carriage return and
    /// U+0619, found by DpkgFuzz) keeps the mark, and reads the same once written back as
    /// `Section: value`, where the mark combines with the space: the value is trimmed scalar by
    /// scalar, not character by character.
    func testAValueStartingWithACombiningMarkReadsTheSameWrittenBack() throws {
        let stanza = "Package: spaced\nStatus: install ok installed\nSection:\r\u{0619})\r\n"
        let read = try XCTUnwrap(DpkgDatabase.installedPackages(in: stanza).first)
        XCTAssertEqual(read.section.unicodeScalars.map(\.value), [0x0619, 0x29])
        let written = "Package: spaced\nStatus: install ok installed\nSection: \(read.section)\n"
        XCTAssertEqual(DpkgDatabase.installedPackages(in: written).first?.section, read.section)
    }

    /// A favourites file that SQLite reads but whose schema cannot be brought up to date (its
    /// header names no text encoding: a migration fails after the first ones succeeded, found by
    /// ViewerFilesFuzz) is refused and left byte for byte as it was, not half migrated.
    func testAFileWhoseMigrationFailsPartWayIsLeftAsItWas() throws {
        let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/ViewerFilesFuzz/crash-favourites-migration-fails-part-way")
        let bytes = try Data(contentsOf: input).dropFirst()  // the fuzz target's first byte picks the file
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("favourites.sqlite")
        try bytes.write(to: file)

        XCTAssertThrowsError(try FavouritesDatabase(path: file.path)) { error in
            XCTAssertTrue("\(error)".contains("cannot prepare it"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: file), Data(bytes), "byte for byte as it was")
    }
}
