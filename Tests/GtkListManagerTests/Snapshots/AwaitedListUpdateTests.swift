import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The manager's `async` forms of `apply`, `applySnapshotUsingReloadData` and the declarative
/// `update`: each returns once the rows are in the list, read back from the GtkListBox the
/// moment it returns.
final class AwaitedListUpdateTests: XCTestCase {
    func testEachSnapshotCallReturnsOnceItsRowsAreInTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.snapshotCallsReturnOnceTheRowsAreIn()
        }
    }

    @MainActor private static func snapshotCallsReturnOnceTheRowsAreIn() throws {
        let (manager, _, anomalies) = makeSnapshotManager()
        let window = showInWindow(manager)
        defer { gtk_widget_destroy(window) }
        let rows: @MainActor () -> [String] = { inspectRows(of: manager.listBox!).map(\.description) }

        let first = numberSnapshot(["A": [1, 2, 3], "B": [4, 5]])
        let applied = AwaitedListCall {
            await manager.applyAndWait(first)
            return rows()
        }
        XCTAssertTrue(applied.waitForReturn())
        XCTAssertEqual(applied.result, expectedRowLines(of: first))

        let second = numberSnapshot(["B": [4, 3], "A": [1, 6]])
        let quiet = AwaitedListCall {
            await manager.applyAndWait(second, animatingDifferences: false)
            return rows()
        }
        XCTAssertTrue(quiet.waitForReturn())
        XCTAssertEqual(quiet.result, expectedRowLines(of: second))

        let third = numberSnapshot(["C": [7]])
        let reloaded = AwaitedListCall {
            await manager.applySnapshotUsingReloadDataAndWait(third)
            return rows()
        }
        XCTAssertTrue(reloaded.waitForReturn())
        XCTAssertEqual(reloaded.result, expectedRowLines(of: third))
        XCTAssertEqual(anomalies.reports, [])
    }

    func testADeclarativeUpdateReturnsOnceItsRowsAreInTheList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.declarativeUpdateReturnsOnceTheRowsAreIn()
        }
    }

    @MainActor private static func declarativeUpdateReturnsOnceTheRowsAreIn() throws {
        let list = DeclarativeList()
        let fruit = SectionSpec(id: "fruit", header: "Fruit", rows: [RowSpec(model: "apple"), RowSpec(model: "pear", badge: true)])
        let vegetables = SectionSpec(id: "veg", header: "Vegetables", rows: [RowSpec(model: "leek")])

        let first = AwaitedListCall {
            await list.manager.updateAndWait { declaredSections([fruit]) }
            return shownRows(list.manager)
        }
        XCTAssertTrue(first.waitForReturn())
        XCTAssertEqual(first.result, expectedRows([fruit]), "the first declaration: loaded")

        let second = AwaitedListCall {
            await list.manager.updateAndWait(animated: false) { declaredSections([vegetables, fruit]) }
            return shownRows(list.manager)
        }
        XCTAssertTrue(second.waitForReturn())
        XCTAssertEqual(second.result, expectedRows([vegetables, fruit]), "a diffed update")
        XCTAssertEqual(list.anomalies, [])
    }
}
