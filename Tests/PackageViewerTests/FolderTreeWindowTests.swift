import CGtk
import Foundation
import GtkListManager
import XCTest

@testable import PackageViewer

/// The viewer's folder tree (`--files DIR`) over a real temporary directory, read back from the
/// rows GTK shows: folders read as they open, an unreadable one as an error row, and files
/// created or deleted by someone else appearing and vanishing in place, open folders kept open.
final class FolderTreeWindowTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("folder-tree-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            .path
        for folder in ["docs/notes", "music"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["docs/a.txt", "docs/notes/n.txt", "readme"] {
            _ = FileManager.default.createFile(atPath: "\(root)/\(file)", contents: Data("x".utf8))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(root)/music")
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The names the bound rows show, in order; a status row as `[its text]`.
    @MainActor private static func shownNames(_ viewer: FolderTreeWindow) -> [String] {
        (0..<viewer.manager.rowCount).compactMap { item in
            switch viewer.manager.boundRow(at: IndexPath(item: item, section: 0))?.view {
            case let row as FolderTreeRow: row.shownName
            case let row as OutlineStatusRow: "[\(row.text)]"
            default: nil
            }
        }
    }

    func testFoldersOpenLazilyAndFollowTheDisk() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = try FolderTreeWindow(root: root)
            defer { gtk_widget_destroy(viewer.window) }
            gtk_widget_show_all(viewer.window)
            XCTAssertTrue(viewer.expand([root, "\(root)/docs", "\(root)/docs/notes"]))
            let name = (root as NSString).lastPathComponent
            XCTAssertTrue(
                GtkRuntime.iterate(until: { Self.shownNames(viewer) == [name, "docs", "notes", "n.txt", "a.txt", "music", "readme"] }),
                "\(Self.shownNames(viewer))")

            _ = FileManager.default.createFile(atPath: "\(root)/docs/b.txt", contents: nil)
            try FileManager.default.removeItem(atPath: "\(root)/readme")
            XCTAssertTrue(
                GtkRuntime.iterate(
                    until: { Self.shownNames(viewer) == [name, "docs", "notes", "n.txt", "a.txt", "b.txt", "music"] }, timeout: .seconds(10)
                ),
                "created and deleted elsewhere, in place, notes still open: \(Self.shownNames(viewer))")

            guard getuid() != 0 else { return }  // root reads every directory
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: "\(root)/music")
            XCTAssertTrue(viewer.expand(["\(root)/music"]))
            XCTAssertTrue(
                GtkRuntime.iterate(until: { Self.shownNames(viewer).last?.hasPrefix("[") == true }), "\(Self.shownNames(viewer))")
            XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
        }
    }

    func testAMissingDirectoryIsRefusedWithItsPath() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            XCTAssertThrowsError(try FolderTreeWindow(root: "\(root)/nowhere")) { error in
                XCTAssertEqual("\(error)", "\(root)/nowhere: no such directory")
            }
        }
    }
}
