import CGtk
import Foundation
import GtkListManager
import GtkListManagerTesting
import ModelStorage
import XCTest

@testable import PackageViewer

/// The viewer's folder tree table (`--files DIR`) over a real temporary directory, read back
/// from the widgets GTK shows: the headers, each row's cells under them, folders read as they
/// open, an unreadable one as an error row, and files created or deleted by someone else
/// appearing and vanishing in place, open folders kept open.
final class FolderTreeWindowTests: XCTestCase {
    private var root = ""
    /// When `readme` was last modified: 4 March 2021, 05:06:07 local time.
    private var readmeModified = Date()

    override func setUpWithError() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("folder-tree-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            .path
        for folder in ["docs/notes", "music"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["docs/a.txt", "docs/notes/n.txt"] {
            _ = FileManager.default.createFile(atPath: "\(root)/\(file)", contents: Data("x".utf8))
        }
        _ = FileManager.default.createFile(atPath: "\(root)/readme", contents: Data(repeating: UInt8(ascii: "r"), count: 1_234_567))
        readmeModified = try XCTUnwrap(
            Calendar.current.date(from: DateComponents(year: 2021, month: 3, day: 4, hour: 5, minute: 6, second: 7)))
        try FileManager.default.setAttributes([.modificationDate: readmeModified], ofItemAtPath: "\(root)/readme")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(root)/music")
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The texts of the bound rows' cells, top to bottom, left to right; a folder's loading or
    /// error row as `[its text]`.
    @MainActor private static func shownRows(_ viewer: FolderTreeWindow) -> [[String]] {
        let widgets = ShownTableWidgets(table: viewer.table)
        return (0..<viewer.manager.rowCount).compactMap { position in
            guard let row = viewer.manager.boundRow(atPosition: position) else { return nil }
            let texts = widgets.cellTexts(in: row)
            return row.model is OutlineChildrenStatus ? ["[\(texts.first ?? "")]"] : texts
        }
    }

    /// The names the bound rows show (their Name cells), in order; a status row as `[its text]`.
    @MainActor private static func shownNames(_ viewer: FolderTreeWindow) -> [String] {
        shownRows(viewer).compactMap(\.first)
    }

    func testTheSearchShowsMatchesUnderTheirFoldersOpenedAndClearingItClosesThemAgain() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = FolderTreeWindow(root: root)
            defer { gtk_widget_destroy(viewer.window) }
            gtk_widget_show_all(viewer.window)
            // docs and notes are read, then closed again: the search looks in what was read.
            XCTAssertTrue(viewer.expand([root, "\(root)/docs", "\(root)/docs/notes"]))
            viewer.storage.collapse([try XCTUnwrap(FolderEntry(path: "\(root)/docs"))])
            let name = (root as NSString).lastPathComponent
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownNames(viewer) == [name, "docs", "music", "readme"] }))

            gtk_entry_set_text(gcast(viewer.searchEntry), "N.T")
            XCTAssertTrue(
                GtkRuntime.iterate(until: { viewer.searchesApplied == 1 && Self.shownNames(viewer) == [name, "docs", "notes", "n.txt"] }),
                "n.txt under docs and notes, opened for it: \(Self.shownNames(viewer))")

            gtk_entry_set_text(gcast(viewer.searchEntry), "")
            XCTAssertTrue(
                GtkRuntime.iterate(until: { viewer.searchesApplied == 2 && Self.shownNames(viewer) == [name, "docs", "music", "readme"] }),
                "the folders the search opened close again: \(Self.shownNames(viewer))")
        }
    }

    func testFoldersOpenLazilyAndFollowTheDisk() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = FolderTreeWindow(root: root)
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
            XCTAssertEqual(Self.shownRows(viewer).last?.count, 1, "an error row: \(Self.shownRows(viewer))")
            XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
        }
    }

    func testEachRowShowsItsSizeModificationDateAndTypeUnderTheHeaders() throws {
        let root = root, readmeModified = readmeModified
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            // A name GIO knows no type for: guessed from the content, plain text (which GIO's
            // magic alone takes for C source, from the `//`).
            _ = FileManager.default.createFile(atPath: "\(root)/todo.zzq", contents: Data("// buy milk\n".utf8))
            let viewer = FolderTreeWindow(root: root)
            defer { gtk_widget_destroy(viewer.window) }
            let input = RealInput(showing: viewer.window)
            XCTAssertTrue(viewer.expand([root, "\(root)/docs"]))
            let widgets = ShownTableWidgets(table: viewer.table)
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownNames(viewer).count == 7 }), "\(Self.shownNames(viewer))")
            input.settleFrame()
            XCTAssertEqual(widgets.headerTitles, ["Name", "Size", "Modified", "Type"])

            // Independent of the viewer: the short date and time, and GIO's words for the types.
            let dates = DateFormatter()
            dates.dateStyle = .short
            dates.timeStyle = .short
            let plainText = try XCTUnwrap(g_content_type_get_description("text/plain"))
            defer { g_free(plainText) }
            let rows = Dictionary(Self.shownRows(viewer).map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
            XCTAssertEqual(rows["readme"]?[1], "1.2 MB", "1,234,567 bytes")
            XCTAssertEqual(rows["readme"]?[2], dates.string(from: readmeModified))
            XCTAssertTrue(rows["readme"]?[2].contains("5:06") ?? false, "\(rows["readme"] ?? [])")
            XCTAssertEqual(
                rows["a.txt"]?[1...], ["1 byte", dates.string(from: try Self.modified("\(root)/docs/a.txt")), String(cString: plainText)])
            XCTAssertEqual(rows["docs"]?[1...], ["2 items", dates.string(from: try Self.modified("\(root)/docs")), "Folder"])
            XCTAssertEqual(rows["music"]?[1], "0 items")
            XCTAssertEqual(rows["todo.zzq"]?[3], String(cString: plainText))

            // Each cell starts under its header (plus its inset), the name after the tree's indentation.
            let headers = widgets.headers
            for position in 0..<viewer.manager.rowCount {
                guard let row = viewer.manager.boundRow(atPosition: position), row.model is FolderEntry else { continue }
                let cells = widgets.cells(of: row)
                XCTAssertEqual(cells.count, 4)
                for (cell, header) in zip(cells.dropFirst(), headers.dropFirst()) {
                    XCTAssertEqual(
                        ShownTableWidgets.x(of: cell, in: row.widget) - gtk_widget_get_margin_start(cell), header.x,
                        "\(header.title) of row \(position)")
                    XCTAssertFalse(
                        ShownTableWidgets.isClipped(cell),
                        "\(header.title) of row \(position) shows all of \(ShownTableWidgets.visibleText(cell))")
                }
            }
            let docs = try XCTUnwrap(viewer.manager.boundRow(atPosition: 1))
            let aText = try XCTUnwrap(viewer.manager.boundRow(atPosition: 3))
            XCTAssertEqual((aText.model as? FolderEntry)?.name, "a.txt")
            XCTAssertGreaterThan(
                gtk_widget_get_margin_start(widgets.cells(of: aText)[0]), gtk_widget_get_margin_start(widgets.cells(of: docs)[0]),
                "a level deeper, the name indents further")

            // A row reads as its name and size to screen readers.
            @MainActor func accessibleName(atPosition position: Int) -> String? {
                guard let hostWidget = viewer.manager.boundRow(atPosition: position)?.hostWidget,
                    let name = atk_object_get_name(gtk_widget_get_accessible(hostWidget))
                else { return nil }
                return String(cString: name)
            }
            XCTAssertEqual(accessibleName(atPosition: 1), "docs, 2 items")
            XCTAssertEqual(accessibleName(atPosition: 5), "readme, 1.2 MB")
            XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
        }
    }

    func testAHeaderClickSortsEveryFolderAndTheFoldersReadLater() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = FolderTreeWindow(root: root)
            defer { gtk_widget_destroy(viewer.window) }
            let input = RealInput(showing: viewer.window)
            XCTAssertTrue(viewer.expand([root, "\(root)/docs"]))
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownNames(viewer).count == 6 }), "\(Self.shownNames(viewer))")
            input.settleFrame()
            let top = (root as NSString).lastPathComponent
            XCTAssertEqual(Self.shownNames(viewer), [top, "docs", "notes", "a.txt", "music", "readme"], "as read: folders first")

            let name = try ShownTableWidgets(table: viewer.table).headerButton("Name")
            let ascending = [top, "docs", "a.txt", "notes", "music", "readme"]
            let descending = [top, "readme", "music", "docs", "notes", "a.txt"]
            for (clicks, expected) in [(1, ascending), (2, descending)] {
                input.click(name)
                let shown = GtkRuntime.iterate(until: { Self.shownNames(viewer) == expected })
                XCTAssertTrue(shown, "click \(clicks): \(Self.shownNames(viewer))")
            }
            XCTAssertEqual(ShownTableWidgets(table: viewer.table).sortArrow(of: "Name"), "pan-up-symbolic")
            XCTAssertTrue(viewer.expand(["\(root)/docs/notes"]))
            XCTAssertTrue(
                GtkRuntime.iterate(until: { Self.shownNames(viewer) == [top, "readme", "music", "docs", "notes", "n.txt", "a.txt"] }),
                "a folder read after the sort: \(Self.shownNames(viewer))")
            XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
        }
    }

    func testTheColumnsAreSavedInTheSettingsFileNextToThePackagesOnes() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json")
            // A file from before the folder tree had columns.
            let packages = ColumnState(hidden: ["version"])
            try Data(#"{"packageColumns": {"order": [], "widths": {}, "hidden": ["version"], "sort": []}}"#.utf8).write(to: file)
            do {
                let viewer = FolderTreeWindow(root: root, settings: ViewerSettings(path: file.path))
                defer { gtk_widget_destroy(viewer.window) }
                let input = RealInput(showing: viewer.window)
                viewer.table.setHidden(true, ofColumn: FolderColumns.modified)
                viewer.table.moveColumn(FolderColumns.type, to: 1)
                input.settleFrame()
                XCTAssertEqual(ShownTableWidgets(table: viewer.table).headerTitles, ["Name", "Type", "Size"])
            }
            let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: file))
            XCTAssertEqual(saved.packageColumns, packages, "the packages' columns kept")
            XCTAssertEqual(saved.fileColumns?.hidden, [FolderColumns.modified])

            let viewer = FolderTreeWindow(root: root, settings: ViewerSettings(path: file.path))
            defer { gtk_widget_destroy(viewer.window) }
            RealInput(showing: viewer.window).settleFrame()
            XCTAssertEqual(ShownTableWidgets(table: viewer.table).headerTitles, ["Name", "Type", "Size"], "restored")
        }
    }

    func testTheTreeReopensWithItsFoldersOpenAndTheSameEntryAtTheTop() throws {
        let root = root
        // Enough folders to scroll: projects/p00 … p39, each with two files.
        for project in 0..<40 {
            let folder = "\(root)/projects/p\(String(format: "%02d", project))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in ["a.txt", "b.txt"] { _ = FileManager.default.createFile(atPath: "\(folder)/\(file)", contents: Data()) }
        }
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let folder = try TemporaryFolder()
            let file = folder.url.appendingPathComponent("settings.json")
            let top = "\(root)/projects/p10"
            do {
                let viewer = FolderTreeWindow(root: root, settings: ViewerSettings(path: file.path))
                let input = RealInput(showing: viewer.window)
                XCTAssertTrue(viewer.expand(["\(root)/docs", "\(root)/projects", "\(root)/projects/p20"]))
                let entry = try XCTUnwrap(FolderEntry(path: top))
                viewer.manager.scrollTo(try XCTUnwrap(viewer.storage.indexPath(of: entry)), alignment: .top)
                input.settleFrame()
                XCTAssertEqual(viewer.topEntry, entry, "under the folders pinned above it")
                gtk_window_close(gcast(viewer.window))  // saved as it closes
                input.settle()
            }
            let saved = try JSONDecoder().decode(ViewerSettings.Contents.self, from: Data(contentsOf: file))
            XCTAssertEqual(saved.folderTrees?[root]?.topPath, top)
            XCTAssertEqual(
                Set(saved.folderTrees?[root]?.openFolders ?? []), [root, "\(root)/docs", "\(root)/projects", "\(root)/projects/p20"])

            // The next run: each folder read as its parent's entries arrive, then the same entry at the top.
            let viewer = FolderTreeWindow(root: root, settings: ViewerSettings(path: file.path))
            defer { gtk_widget_destroy(viewer.window) }
            let input = RealInput(showing: viewer.window)
            let topShown = { viewer.topEntry?.path }
            XCTAssertTrue(
                GtkRuntime.iterate(until: { !viewer.restoringPlace && topShown() == top }), "p10 at the top again: \(topShown() ?? "none")")
            input.settleFrame()
            XCTAssertEqual(topShown(), top)
            for open in ["\(root)/docs", "\(root)/projects", "\(root)/projects/p20"] {
                XCTAssertTrue(viewer.storage.isExpanded(try XCTUnwrap(FolderEntry(path: open))), open)
            }
            XCTAssertFalse(viewer.storage.isExpanded(try XCTUnwrap(FolderEntry(path: "\(root)/projects/p21"))))
            XCTAssertTrue(viewer.anomalies.isEmpty)
        }
    }

    func testTheFoldersAboveTheTopRowStayPinnedWhenScrolledDeep() throws {
        let root = root
        for project in 0..<40 {
            let folder = "\(root)/projects/p\(String(format: "%02d", project))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in 0..<(project == 5 ? 30 : 1) {
                _ = FileManager.default.createFile(atPath: "\(folder)/f\(String(format: "%02d", file)).txt", contents: Data())
            }
        }
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = FolderTreeWindow(root: root)
            defer { gtk_widget_destroy(viewer.window) }
            let input = RealInput(showing: viewer.window)
            XCTAssertTrue(viewer.expand(["\(root)/projects", "\(root)/projects/p05"]))
            let file = try XCTUnwrap(FolderEntry(path: "\(root)/projects/p05/f20.txt"))
            viewer.manager.scrollTo(try XCTUnwrap(viewer.storage.indexPath(of: file)), alignment: .top)
            input.settleFrame()
            input.settleFrame()
            // Read from GTK: the pinned rows' Name cells, one under another at the top.
            let widgets = ShownTableWidgets(table: viewer.table)
            let pinned = viewer.host.pinnedParentPositions
            let names = pinned.compactMap { viewer.manager.boundRow(atPosition: $0).flatMap { widgets.cellTexts(in: $0).first } }
            XCTAssertEqual(names, [(root as NSString).lastPathComponent, "projects", "p05"], "the folders f20.txt is in")
            var bottom: Int32 = 0
            for position in pinned {
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(try XCTUnwrap(viewer.manager.boundRow(atPosition: position)?.hostWidget), &allocation)
                XCTAssertEqual(allocation.y, bottom, "pinned one under another from the top")
                bottom = allocation.y + allocation.height
            }
            XCTAssertEqual(viewer.topEntry, file, "f20.txt shows right under them")
        }
    }

    func testAMissingDirectoryShowsTheFailureWithItsPathAndRetryOpensItOnceItExists() throws {
        let root = root
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let missing = "\(root)/later"
            let viewer = FolderTreeWindow(root: missing)
            defer { gtk_widget_destroy(viewer.window) }
            RealInput(showing: viewer.window).settleFrame()
            let message = "The folder “\(missing)” does not exist."
            XCTAssertEqual(MappedWidgets(under: viewer.table.widget).labelTexts.suffix(2), [message, "Try Again"])
            XCTAssertFalse(viewer.showsRoot)

            try FileManager.default.createDirectory(atPath: missing, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(missing)/note"))
            let retry = try XCTUnwrap(MappedWidgets(under: viewer.table.widget).buttons.last)
            gtk_button_clicked(gcast(retry))
            XCTAssertTrue(viewer.showsRoot)
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownNames(viewer) == ["later", "note"] }), "\(Self.shownNames(viewer))")
            XCTAssertFalse(MappedWidgets(under: viewer.table.widget).labelTexts.contains(message))
        }
    }

    /// When the entry at `path` was last modified.
    private static func modified(_ path: String) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }
}
