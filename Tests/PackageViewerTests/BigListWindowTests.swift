import CGtk
import Foundation
import GtkListManager
import GtkTestSupport
import XCTest

@testable import PackageViewer

/// The viewer's big-list modes on the virtualized host, through their real window: a million
/// generated rows, a directory's files by directory, the search field narrowing either.
final class BigListWindowTests: XCTestCase {
    /// A shown big-list window over `source`, its list laid out (skips without a display).
    /// Destroy its window when done.
    @MainActor private static func shownViewer(_ source: some BigListSource, grid: Bool = false) throws -> BigListWindow {
        guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
        let viewer = BigListWindow(source: source, grid: grid)
        gtk_widget_show_all(viewer.window)
        _ = GtkRuntime.iterate(until: { viewer.host.positionsOnScreen != nil })
        return viewer
    }

    /// What the bound rows show, by position: `header <title>` or `item <model>`.
    @MainActor private static func boundLines(_ viewer: BigListWindow) -> [Int: String] {
        var lines: [Int: String] = [:]
        viewer.host.forEachBoundRow { position, row in lines[position] = "\(row.role) \(row.model)" }
        return lines
    }

    func testAMillionRowsOpenWithWidgetsForTheScreenAlone() throws {
        try MainActor.assumeIsolated { try Self.aMillionRows() }
    }

    @MainActor private static func aMillionRows() throws {
        let viewer = try shownViewer(SyntheticSource(count: 1_000_000))
        defer { gtk_widget_destroy(viewer.window) }
        XCTAssertEqual(viewer.host.rowCount, 1_001_000, "a million rows and a thousand section headers")
        XCTAssertLessThan(viewer.host.rowWidgetCount, 80)
        XCTAssertEqual(boundLines(viewer)[0], "header Rows 0–999")
        XCTAssertEqual(boundLines(viewer)[1], "item 0")
        XCTAssertTrue(viewer.anomalies.isEmpty)

        viewer.scroll(toFraction: 0.5)
        let top = try XCTUnwrap(viewer.host.positionsOnScreen?.lowerBound)
        XCTAssertTrue(480_000...520_000 ~= top, "half way down: \(top)")
        let section = top / 1_001  // each section: its header, then a thousand rows
        XCTAssertEqual(
            boundLines(viewer)[section * 1_001], "header Rows \((section * 1_000).formatted())–\((section * 1_000 + 999).formatted())",
            "the section's header is bound, pinned at the top")
    }

    func testTheGridShowsAHundredThousandTilesInLinesUnderPinnedHeaders() throws {
        try MainActor.assumeIsolated { try Self.gridOfTiles() }
    }

    @MainActor private static func gridOfTiles() throws {
        let viewer = try shownViewer(SyntheticSource(count: 100_000), grid: true)
        defer { gtk_widget_destroy(viewer.window) }
        XCTAssertEqual(viewer.host.rowCount, 100_100, "100,000 tiles and 100 section headers")
        XCTAssertLessThan(viewer.host.rowWidgetCount, 120, "widgets for the tiles on screen")
        XCTAssertEqual(boundLines(viewer)[0], "header Rows 0–999")
        // The first line: tiles side by side at the size the window's sizing event gives.
        let tiles = (1...3).map { viewer.host.boundRow(at: $0)!.hostWidget! }
        var allocations = tiles.map { _ in GtkAllocation() }
        for (index, tile) in tiles.enumerated() { gtk_widget_get_allocation(tile, &allocations[index]) }
        XCTAssertEqual(Set(allocations.map(\.y)).count, 1, "tiles 0, 1, 2 share a line")
        XCTAssertTrue(allocations[0].x < allocations[1].x && allocations[1].x < allocations[2].x)
        XCTAssertEqual(allocations.map { Int($0.width) }, Array(repeating: SyntheticTile.size.width, count: 3))
        XCTAssertEqual(allocations.map { Int($0.height) }, Array(repeating: SyntheticTile.size.height, count: 3))

        viewer.scroll(toFraction: 0.5)
        let top = try XCTUnwrap(viewer.host.positionsOnScreen?.lowerBound)
        let section = top / 1_001
        XCTAssertEqual(
            boundLines(viewer)[section * 1_001], "header Rows \((section * 1_000).formatted())–\((section * 1_000 + 999).formatted())",
            "the section's header is bound, pinned at the top")
        XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
    }

    func testImageTilesShowTheirOwnThumbnailsThroughRandomJumps() throws {
        try MainActor.assumeIsolated { try Self.thumbnailsThroughJumps() }
    }

    /// 600 images, each a solid colour that encodes its number, among text files: after 40 jumps
    /// with 0–2 frames between them, every image tile GTK shows holds its own image's pixels
    /// (from the cache, a prefetch or its own decode), and the text files their icons. (That a
    /// result never lands on a recycled row, decodes slower than recycling, is `LateContentTests`'.)
    @MainActor private static func thumbnailsThroughJumps() throws {
        guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnails-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for number in 0..<600 {
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 64, 48))
            gdk_pixbuf_fill(pixbuf, UInt32(number % 256) << 24 | UInt32(number / 256) << 16 | 0x80ff)
            let path = root.appendingPathComponent(String(format: "image-%04d.png", number)).path
            XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, nil), 0)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            if number % 50 == 0 { try Data("x".utf8).write(to: root.appendingPathComponent(String(format: "image-%04d.txt", number))) }
        }
        let viewer = try shownViewer(FileTreeSource(root: root.path), grid: true)
        defer { gtk_widget_destroy(viewer.window) }
        /// Each bound tile's file, and the number its thumbnail's pixels say (nil: an icon).
        @MainActor func shownTiles() -> [(file: FileTreeSource.File, shows: Int?)] {
            var tiles: [(FileTreeSource.File, Int?)] = []
            viewer.host.forEachBoundRow { _, row in
                guard let tile = row.view as? FileTile, let file = row.model as? FileTreeSource.File else { return }
                let pixels = tile.shownPixbuf.map { gdk_pixbuf_get_pixels($0)! }
                tiles.append((file, pixels.map { Int($0[0]) + Int($0[1]) * 256 }))
            }
            return tiles
        }
        var state: UInt64 = 36
        for _ in 0..<40 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let item = Int(state >> 33) % viewer.host.rowCount
            viewer.host.scrollTo(position: item, alignment: .top)
            for _ in 0..<Int(state >> 20 & 3) % 3 { MainLoop.settle(milliseconds: 17) }
        }
        let settled = GtkRuntime.iterate(
            until: { shownTiles().allSatisfy { $0.file.name.hasSuffix(".txt") || $0.shows != nil } }, timeout: .seconds(5))
        XCTAssertTrue(settled, "every image tile shows a thumbnail")
        let tiles = shownTiles()
        XCTAssertGreaterThan(tiles.count, 10)
        for (file, shows) in tiles {
            let expected = file.name.hasSuffix(".png") ? Int(file.name.dropFirst(6).prefix(4)) : nil
            XCTAssertEqual(shows, expected, "\(file.name) shows another file's thumbnail")
        }
        XCTAssertLessThanOrEqual(try XCTUnwrap(viewer.thumbnails).count, try XCTUnwrap(viewer.thumbnails).limit, "the cache is bounded")
        XCTAssertTrue(viewer.anomalies.isEmpty, "\(viewer.anomalies)")
    }

    func testTheSearchFieldNarrowsAMillionRows() throws {
        try MainActor.assumeIsolated { try Self.searchNarrowsAMillionRows() }
    }

    @MainActor private static func searchNarrowsAMillionRows() throws {
        let viewer = try shownViewer(SyntheticSource(count: 1_000_000))
        defer { gtk_widget_destroy(viewer.window) }
        // The sections of the matches show, with their headers; the others, left empty, hide theirs.
        gtk_entry_set_text(gcast(viewer.searchEntry), "Row 99999")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.host.rowCount == 13 }, timeout: .seconds(10)), "\(viewer.host.rowCount) rows")
        _ = GtkRuntime.iterate(until: { viewer.host.boundRow(at: 12) != nil })
        XCTAssertEqual(
            boundLines(viewer),
            Dictionary(
                uniqueKeysWithValues: [(0, "header Rows 99,000–99,999"), (1, "item 99999"), (2, "header Rows 999,000–999,999")]
                    + (999_990...999_999).enumerated().map { ($0.offset + 3, "item \($0.element)") }))
        gtk_entry_set_text(gcast(viewer.searchEntry), "")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.host.rowCount == 1_001_000 }, timeout: .seconds(10)))
    }

    func testARowSelectedStaysSelectedThroughSearchesThatKeepIt() throws {
        try MainActor.assumeIsolated {
            let viewer = try Self.shownViewer(SyntheticSource(count: 100_000))
            defer { gtk_widget_destroy(viewer.window) }
            let row = IndexPath(item: 777, section: 12)  // Row 12777
            XCTAssertTrue(viewer.manager.selectItem(at: row))
            for (search, shown) in [("Row 12", "Row 12777"), ("Row 127", "Row 12777"), ("777", "Row 12777"), ("", "Row 12777")] {
                let applied = viewer.searchesApplied
                gtk_entry_set_text(gcast(viewer.searchEntry), search)
                XCTAssertTrue(GtkRuntime.iterate(until: { viewer.searchesApplied > applied }, timeout: .seconds(10)), search)
                let selected = viewer.manager.selectedIndexPaths.compactMap { viewer.manager.storage.item(at: $0) as? Int }
                XCTAssertEqual(selected.map(SyntheticRow.title(of:)), [shown], "after \"\(search)\"")
            }
        }
    }

    func testFilesAreListedInSectionsByDirectoryAndSearched() throws {
        try MainActor.assumeIsolated { try Self.filesByDirectory() }
    }

    @MainActor private static func filesByDirectory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("big-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["b.txt", "a.txt", "docs/readme.md", "docs/guide/intro.md", "docs/guide/index.txt"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        let viewer = try shownViewer(FileTreeSource(root: root.path))
        defer { gtk_widget_destroy(viewer.window) }
        let file = { (relative: String) in
            "item \(FileTreeSource.File(name: (relative as NSString).lastPathComponent, size: 1, path: root.path + "/" + relative))"
        }
        XCTAssertEqual(
            (0..<viewer.host.rowCount).map { boundLines(viewer)[$0] ?? "unbound" },
            [
                "header /", file("a.txt"), file("b.txt"),
                "header /docs", file("docs/readme.md"),
                "header /docs/guide", file("docs/guide/index.txt"), file("docs/guide/intro.md"),
            ])
        gtk_entry_set_text(gcast(viewer.searchEntry), ".md")
        XCTAssertTrue(GtkRuntime.iterate(until: { viewer.host.rowCount == 4 }), "\(viewer.host.rowCount) rows")
        _ = GtkRuntime.iterate(until: { viewer.host.boundRow(at: 3) != nil })
        XCTAssertEqual(
            (0..<4).map { boundLines(viewer)[$0] ?? "unbound" },
            ["header /docs", file("docs/readme.md"), "header /docs/guide", file("docs/guide/intro.md")])
    }

    func testAFolderReadOffTheMainThreadOpensLoadingThenShowsItsFiles() throws {
        try MainActor.assumeIsolated { try Self.folderReadLater() }
    }

    @MainActor private static func folderReadLater() throws {
        guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("big-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["a.txt", "docs/readme.md"] {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }
        // The reading waits for the test's word: the window must be open and loading meanwhile.
        let reading = DispatchSemaphore(value: 0)
        let path = root.path
        let viewer = BigListWindow(origin: path) {
            reading.wait()
            return FileTreeSource(root: path)
        }
        defer { gtk_widget_destroy(viewer.window) }
        gtk_widget_show_all(viewer.window)
        XCTAssertTrue(viewer.manager.contentState.isLoading)
        XCTAssertTrue(
            GtkRuntime.iterate(until: { viewer.manager.contentStateText == "Loading…" }), "the spinner shows once the delay is over")
        XCTAssertEqual(viewer.host.rowCount, 0)
        XCTAssertFalse(viewer.isLoaded)

        reading.signal()
        XCTAssertTrue(viewer.waitUntilLoaded(limit: .seconds(10)))
        _ = GtkRuntime.iterate(until: { viewer.host.boundRow(at: 3) != nil })
        let file = { (relative: String) in
            "item \(FileTreeSource.File(name: (relative as NSString).lastPathComponent, size: 1, path: path + "/" + relative))"
        }
        XCTAssertEqual(
            (0..<viewer.host.rowCount).map { boundLines(viewer)[$0] ?? "unbound" },
            ["header /", file("a.txt"), "header /docs", file("docs/readme.md")])
        XCTAssertFalse(viewer.manager.contentState.isLoading)
        XCTAssertNil(viewer.manager.contentStateText, "the rows replace the loading state")
    }

    func testAFolderThatIsNotThereSaysSoInTheWindow() throws {
        try MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { throw XCTSkip("no X display: run under xvfb-run -a") }
            let viewer = BigListWindow(origin: "/nonexistent") { FileTreeSource(root: "/nonexistent") }
            defer { gtk_widget_destroy(viewer.window) }
            gtk_widget_show_all(viewer.window)
            XCTAssertTrue(viewer.waitUntilLoaded(limit: .seconds(10)))
            let message = try XCTUnwrap(viewer.manager.contentState.failureMessage)
            XCTAssertTrue(message.contains("/nonexistent"), message)
            XCTAssertEqual(viewer.manager.contentStateText.map { $0.contains("/nonexistent") }, true)
        }
    }
}
