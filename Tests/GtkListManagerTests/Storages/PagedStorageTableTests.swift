import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import XCTest

/// A paged storage in a table and a plain list, read back from GTK: a row not read yet shows
/// empty cells in a table and "Loading…" in a list, then the row; a header click reads the new
/// order; a failed read shows the list's error state, whose Try Again reads again.
final class PagedStorageTableTests: XCTestCase {
    typealias Line = PagedStorageListTests.Line
    typealias LineSource = PagedStorageListTests.LineSource
    typealias ReadControl = PagedStorageListTests.ReadControl

    /// A table of lines with a text column and a number column, sorted by the app on a click.
    @MainActor static func makeTable(_ manager: ListManager) -> ListTable {
        manager.makeTable(of: Line.self) {
            ModelColumn("Line", id: "line", text: { line, _ in "line \(line.number)" }).width(.fixed(140)).allowing(sorting: true)
            ModelColumn("Half", id: "half", text: { line, _ in "\(line.number / 2)" }).width(.fixed(100))
        }
    }

    func testATableShowsEmptyCellsUntilItsRowsAreReadOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let source = LineSource(count: 1000)
                source.control.paused = true
                let storage = PagedStorage(source: source, pageSize: 64, handOff: GLibMainActorHandOff())
                let manager = ListManager(host: make(), storage: storage)
                var reported: [ManagerAnomaly] = []
                manager.anomalyHandler.action = { reported.append($0) }
                _ = Self.makeTable(manager)
                let list = ShownList(manager)
                defer { list.close() }
                XCTAssertTrue(GtkRuntime.iterate(until: { manager.boundRow(at: IndexPath(item: 0, section: 0)) != nil }), name)
                XCTAssertEqual(NumberAndChoiceCellTests.cellTexts(ofItem: 0, in: manager), ["", ""], "\(name): not read yet")
                source.control.paused = false
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager) == ["line 3", "1"] }),
                    "\(name): \(NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager))")
                XCTAssertEqual(reported.map(\.description), [], name)
            }
        }
    }

    func testAHeaderClickReadsTheRowsInTheNewOrder() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let storage = PagedStorage(source: LineSource(count: 1000), pageSize: 64, handOff: GLibMainActorHandOff())
                let manager = ListManager(host: make(), storage: storage)
                let table = Self.makeTable(manager)
                table.didChangeSort { [weak storage] keys in
                    storage?.reset(to: LineSource(count: 1000, descending: keys.first?.ascending == false))
                }
                let list = ShownList(manager)
                defer { list.close() }
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 0, in: manager) == ["line 0", "0"] }), name)
                table.sort = [SortKey("line", ascending: false)]
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 0, in: manager) == ["line 999", "499"] }),
                    "\(name): \(NumberAndChoiceCellTests.cellTexts(ofItem: 0, in: manager))")
                XCTAssertEqual(storage.count, 1000)
            }
        }
    }

    /// A new order makes every row a row being read, then the row read: each row's cells stay
    /// in it through both (cleared, then filled), never taken out and put in again, which
    /// restyled and realized every cell on screen twice per header click.
    func testARowBeingReadAndTheRowReadKeepTheRowsCells() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let storage = PagedStorage(source: LineSource(count: 1000), pageSize: 64, handOff: GLibMainActorHandOff())
            let host = VirtualListHost()
            let manager = ListManager(host: host, storage: storage)
            let table = Self.makeTable(manager)
            let paused = ReadControl()
            table.didChangeSort { [weak manager, weak storage] keys in
                guard let manager, let storage else { return }
                manager.reset(storage, to: LineSource(count: 1000, descending: keys.first?.ascending == false, control: paused))
            }
            let list = ShownList(manager)
            defer { list.close() }
            XCTAssertTrue(GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager) == ["line 3", "1"] }))
            let cells = Self.cellsOfBoundRows(host)
            var reparented = 0
            for cell in cells {
                Signal.connect(cell, "parent-set", argument: UnsafeMutablePointer<GtkWidget>.self) { _, _ in reparented += 1 }
            }
            paused.paused = true
            table.sort = [SortKey("line", ascending: false)]
            XCTAssertTrue(GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager) == ["", ""] }))
            paused.paused = false
            XCTAssertTrue(
                GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager) == ["line 996", "498"] }),
                "\(NumberAndChoiceCellTests.cellTexts(ofItem: 3, in: manager))")
            XCTAssertEqual(reparented, 0, "cells taken out of their rows and put in again")
            XCTAssertEqual(Self.cellsOfBoundRows(host), cells, "the same cells")
        }
    }

    /// The cell widgets of the rows `host` binds.
    @MainActor static func cellsOfBoundRows(_ host: VirtualListHost) -> Set<UnsafeMutablePointer<GtkWidget>> {
        var cells = Set<UnsafeMutablePointer<GtkWidget>>()
        host.forEachBoundRow { _, row in cells.formUnion(containerChildren(row.widget)) }
        return cells
    }

    func testANewOrderKeepsTheSelectedRowsSelectedWhereTheyShow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let storage = PagedStorage(source: LineSource(count: 1000), pageSize: 64, handOff: GLibMainActorHandOff())
            let host = VirtualListHost()
            let manager = ListManager(host: host, storage: storage)
            manager.selectionMode = .multiple
            let table = Self.makeTable(manager)
            table.didChangeSort { [weak manager, weak storage] keys in
                guard let manager, let storage else { return }
                manager.reset(storage, to: LineSource(count: 1000, descending: keys.first?.ascending == false))
            }
            let list = ShownList(manager)
            defer { list.close() }
            XCTAssertTrue(GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 5, in: manager) == ["line 5", "2"] }))
            for item in [3, 5] { XCTAssertTrue(manager.selectItem(at: IndexPath(item: item, section: 0))) }
            table.sort = [SortKey("line", ascending: false)]
            XCTAssertTrue(GtkRuntime.iterate(until: { NumberAndChoiceCellTests.cellTexts(ofItem: 0, in: manager) == ["line 999", "499"] }))
            XCTAssertEqual(manager.selectedIndexPaths, [], "the selected lines are not read yet")
            // Lines 3 and 5 are near the end now: selected once read there.
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            XCTAssertTrue(
                GtkRuntime.iterate(until: {
                    manager.selectedIndexPaths == [IndexPath(item: 994, section: 0), IndexPath(item: 996, section: 0)]
                }),
                "\(manager.selectedIndexPaths)")
            XCTAssertEqual(NumberAndChoiceCellTests.cellTexts(ofItem: 996, in: manager), ["line 3", "1"])
            // A jump into the middle of the new order shows its rows there.
            for fraction in [0.5, 0.25, 0.8] {
                gtk_adjustment_set_value(
                    adjustment, fraction * (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)))
                XCTAssertTrue(
                    GtkRuntime.iterate(until: {
                        guard let onScreen = host.positionsOnScreen, !onScreen.isEmpty else { return false }
                        return onScreen.allSatisfy { (storage.peek(at: $0) as? Line) != nil && host.boundRow(at: $0) != nil }
                    }), "the rows at \(fraction) of the new order shown")
            }
        }
    }

    /// The text of the rows bound on screen, by position, read from GTK.
    @MainActor static func shownTexts(of host: VirtualListHost) -> [Int: String] {
        var texts: [Int: String] = [:]
        host.forEachBoundRow { position, row in
            if isA(row.view.widget, gtk_label_get_type()) { texts[position] = String(cString: gtk_label_get_text(gcast(row.view.widget))) }
        }
        return texts
    }

    func testRowsNotReadYetSayLoadingAndAFailureShowsTheErrorStateUntilTriedAgain() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let source = LineSource(count: 100_000)
            source.control.failing = true
            let host = VirtualListHost()
            let storage = PagedStorage(source: source, pageSize: 64, handOff: GLibMainActorHandOff())
            let manager = ListManager(host: host, storage: storage)
            var reported: [ManagerAnomaly] = []
            manager.anomalyHandler.action = { reported.append($0) }
            manager.register(PagedStorageListTests.LineRow.self)
            manager.showsStatus(of: storage)
            let list = ShownList(manager)
            defer { list.close() }
            // The count cannot be read: the list says why, with a button that tries again.
            XCTAssertTrue(GtkRuntime.iterate(until: { manager.contentStateText == "the server refused the read" }))
            guard case .failed(_, let retry?) = manager.contentState else { return XCTFail("not failed: \(manager.contentState)") }
            // The server answers again, its rows slowly: the rows on screen say "Loading…" (the
            // built-in row for a row not read), then show their lines.
            source.control.failing = false
            source.control.paused = true
            retry()
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownTexts(of: host)[0] == PendingItemRow.text }))
            XCTAssertNil(manager.contentStateText)
            source.control.paused = false
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownTexts(of: host)[0] == "line 0" }))
            XCTAssertEqual(reported.map(\.description), [])
        }
    }
}
