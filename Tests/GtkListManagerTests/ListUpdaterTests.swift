import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The updater applies each change as row splices on the real GtkListBox: rows refreshed in
/// place and moved rows keep their widget; sections carry their header and footer rows.
final class ListUpdaterTests: XCTestCase {
    @MainActor
    private static func widgets(_ manager: ListManager) -> [UnsafeMutableRawPointer] {
        inspectRows(of: manager.listBox!).map(\.widget)
    }

    func testInsertsBuildRowsAtTheirPositions() throws {
        try MainActor.assumeIsolated { try Self.insertsBuildRowsAtTheirPositions() }
    }

    @MainActor private static func insertsBuildRowsAtTheirPositions() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["A", "B"])
        storage.addItems([1, 3], toSection: 0)
        try storage.insertItem(2, to: IndexPath(item: 1, section: 0))
        storage.addItems([10], toSection: 1)
        assertListMatchesStorage(manager, storage)
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header A (SectionTitleRow)", "item 1 (NumberRow)", "item 2 (NumberRow)", "item 3 (NumberRow)",
                "header B (SectionTitleRow)", "item 10 (NumberRow)",
            ])
    }

    func testUpdateRefreshesTheSameWidgetInPlace() throws {
        try MainActor.assumeIsolated { try Self.updateRefreshesTheSameWidgetInPlace() }
    }

    @MainActor private static func updateRefreshesTheSameWidgetInPlace() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.addItems([1, 2, 3])
        let before = widgets(manager)
        try storage.replaceItem(2, with: 20)
        XCTAssertEqual(widgets(manager), before, "an update must not recreate the row")
        assertListMatchesStorage(manager, storage)
        let row = try XCTUnwrap(manager.boundRow(atPosition: 1)?.view as? NumberRow)
        XCTAssertEqual(row.shown, 20)
        XCTAssertEqual(row.updateCount, 2, "built once, refreshed once")
    }

    func testUpdateToAModelOfAnotherMappingReplacesTheRow() throws {
        try MainActor.assumeIsolated { try Self.updateToAnotherMappingReplacesTheRow() }
    }

    @MainActor private static func updateToAnotherMappingReplacesTheRow() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        manager.register(CaptionRow.self)
        storage.addItems([1, 2])
        let before = widgets(manager)
        try storage.replaceItem(2, with: "two")
        let after = inspectRows(of: manager.listBox!)
        XCTAssertEqual(after.map(\.rowClass), ["NumberRow", "CaptionRow"])
        XCTAssertEqual(after[0].widget, before[0])
        XCTAssertNotEqual(after[1].widget, before[1])
    }

    func testMovesKeepTheWidget() throws {
        try MainActor.assumeIsolated { try Self.movesKeepTheWidget() }
    }

    @MainActor private static func movesKeepTheWidget() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["A", "B"])
        storage.setSectionFooterModels(["end A", "end B"])
        storage.setItemsForAllSections([[1, 2, 3], [4]])
        let byModel = Dictionary(uniqueKeysWithValues: inspectRows(of: manager.listBox!).map { ($0.description, $0.widget) })
        storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        storage.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
        assertListMatchesStorage(manager, storage)
        for row in inspectRows(of: manager.listBox!) {
            XCTAssertEqual(row.widget, byModel[row.description], "\(row) was rebuilt")
        }
    }

    func testMoveAsDeleteAndInsertBuildsANewRow() throws {
        try MainActor.assumeIsolated { try Self.moveAsDeleteAndInsertBuildsANewRow() }
    }

    @MainActor private static func moveAsDeleteAndInsertBuildsANewRow() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.animateMoveAsDeleteAndInsert = true
        configuration.reusePoolLimit = 0
        let (manager, storage, _) = makeManager(configuration)
        storage.addItems([1, 2, 3])
        let before = widgets(manager)
        storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        assertListMatchesStorage(manager, storage)
        XCTAssertFalse(widgets(manager).contains(before[0]), "the moved model must get a new row")
        XCTAssertEqual(Array(widgets(manager).prefix(2)), [before[1], before[2]])
    }

    func testSectionInsertDeleteAndMoveCarryHeadersAndFooters() throws {
        try MainActor.assumeIsolated { try Self.sectionOperationsCarryHeadersAndFooters() }
    }

    @MainActor private static func sectionOperationsCarryHeadersAndFooters() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["A", "B", "C"])
        storage.setSectionFooterModels(["end A", "end B", "end C"])
        storage.setItemsForAllSections([[1], [2, 3]])
        storage.insertSection(SectionModel(items: [4, 5]), at: 1)
        assertListMatchesStorage(manager, storage, "after inserting a section")
        let widgetOf = Dictionary(uniqueKeysWithValues: inspectRows(of: manager.listBox!).map { ($0.description, $0.widget) })
        storage.moveSection(0, toSection: 2)
        assertListMatchesStorage(manager, storage, "after moving a section down")
        storage.moveSection(2, toSection: 0)
        assertListMatchesStorage(manager, storage, "after moving it back up")
        for row in inspectRows(of: manager.listBox!) {
            XCTAssertEqual(row.widget, widgetOf[row.description], "\(row) was rebuilt by a section move")
        }
        storage.deleteSections([1])
        assertListMatchesStorage(manager, storage, "after deleting a section")
        XCTAssertEqual(manager.rowCount, 7)
    }

    func testCallbacksSurroundEveryUpdate() throws {
        try MainActor.assumeIsolated { try Self.callbacksSurroundEveryUpdate() }
    }

    @MainActor private static func callbacksSurroundEveryUpdate() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        var log: [String] = []
        manager.willUpdateContent = { log.append("will \($0 == .reload ? "reload" : "changes") rows=\(manager.rowCount)") }
        manager.didUpdateContent = { log.append("did \($0 == .reload ? "reload" : "changes") rows=\(manager.rowCount)") }
        storage.addItems([1, 2])
        storage.setItems([7])
        XCTAssertEqual(log, ["will changes rows=0", "did changes rows=2", "will reload rows=2", "did reload rows=1"])
    }
}
