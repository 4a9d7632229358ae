import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Snapshots applied to a manager: the real GtkListBox ends up holding exactly the snapshot's
/// rows, unchanged items keep their widgets, reconfigure refreshes in place, reload rebuilds.
final class SnapshotListTests: XCTestCase {
    // MARK: - Rows equal the snapshot

    func testAppliedSnapshotsShowTheirRowsAndUnchangedItemsKeepTheirWidgets() throws {
        try MainActor.assumeIsolated { try Self.appliedSnapshotsShowTheirRows() }
    }

    @MainActor private static func appliedSnapshotsShowTheirRows() throws {
        try requireGtk()
        let (manager, _, anomalies) = makeSnapshotManager()
        let first = numberSnapshot(["A": [1, 2, 3], "B": [4, 5]])
        manager.apply(first)
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header Section A (SectionTitleRow)", "item 1 (NumberRow)", "item 2 (NumberRow)", "item 3 (NumberRow)",
                "header Section B (SectionTitleRow)", "item 4 (NumberRow)", "item 5 (NumberRow)",
            ])
        let before = itemWidgets(manager)
        tagRows(manager)

        let second = numberSnapshot(["B": [4, 3], "C": [], "A": [1, 6, 2]])
        manager.apply(second)

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: second))
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header Section B (SectionTitleRow)", "item 4 (NumberRow)", "item 3 (NumberRow)",
                "header Section C (SectionTitleRow)",
                "header Section A (SectionTitleRow)", "item 1 (NumberRow)", "item 6 (NumberRow)", "item 2 (NumberRow)",
            ])
        let after = itemWidgets(manager)
        for item in [1, 2, 3, 4] {
            XCTAssertEqual(after[item], before[item], "item \(item) is unchanged: its row keeps its widget")
            XCTAssertTrue(isTagged(after[item]))
        }
        XCTAssertFalse(isTagged(itemListRows(manager)[6]), "item 6 is new: a new list row (its view may be item 5's, pooled)")
        XCTAssertEqual(manager.rowCount, 8)
        XCTAssertEqual(anomalies.reports, [])
    }

    func testTheManagerAdoptsASnapshotStorageAndAnswersIdentifierLookups() throws {
        try MainActor.assumeIsolated { try Self.managerAdoptsASnapshotStorage() }
    }

    @MainActor private static func managerAdoptsASnapshotStorage() throws {
        try requireGtk()
        let (manager, memory, _) = makeManager()
        memory.addItems([7, 8])
        XCTAssertNil(manager.snapshot(NumberSnapshot.self), "a MemoryStorage is shown: there is no snapshot")

        manager.apply(numberSnapshot(["A": [1], "B": [2, 3]]))

        let adopted = try XCTUnwrap(manager.storage as? SnapshotStorage<String, Int>)
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            ["item 1 (NumberRow)", "item 2 (NumberRow)", "item 3 (NumberRow)"],
            "the MemoryStorage rows are gone; an adopted storage has no header provider")
        XCTAssertEqual(manager.snapshot(NumberSnapshot.self)?.itemIdentifiers, [1, 2, 3])
        XCTAssertNil(manager.snapshot(ListSnapshot<Int, Int>.self), "another snapshot type is not shown")
        XCTAssertEqual(manager.itemIdentifier(for: IndexPath(item: 1, section: 1), as: Int.self), 3)
        XCTAssertNil(manager.itemIdentifier(for: IndexPath(item: 1, section: 1), as: String.self))
        XCTAssertNil(manager.itemIdentifier(for: IndexPath(item: 5, section: 1), as: Int.self))
        XCTAssertEqual(manager.indexPath(for: 2), IndexPath(item: 0, section: 1))
        XCTAssertNil(manager.indexPath(for: 9))
        XCTAssertNil(manager.indexPath(for: "2"), "an identifier of another type is not in the snapshot")
        XCTAssertEqual(manager.sectionIdentifier(for: 1, as: String.self), "B")
        XCTAssertNil(manager.sectionIdentifier(for: 2, as: String.self))

        manager.apply(numberSnapshot(["B": [3]]))
        XCTAssertTrue(manager.storage === adopted, "a snapshot of the same types reuses the storage shown")
        XCTAssertEqual(rowClasses(manager), ["NumberRow"])
    }

    // MARK: - Updates, reconfigure, reload

    func testReconfigureAndContentChangesKeepTheWidgetAndShowTheNewModel() throws {
        try MainActor.assumeIsolated { try Self.reconfigureKeepsTheWidget() }
    }

    @MainActor private static func reconfigureKeepsTheWidget() throws {
        try requireGtk()
        let manager = ListManager()
        manager.register(VersionedPackageRow.self)
        var snapshot = ListSnapshot<String, VersionedPackage>()
        snapshot.appendSections(["S"])
        snapshot.appendItems([VersionedPackage(id: "curl", version: 1), VersionedPackage(id: "git", version: 1)])
        manager.apply(snapshot)
        let curl = try XCTUnwrap(manager.boundRow(atPosition: 0)?.view as? VersionedPackageRow)
        let git = try XCTUnwrap(manager.boundRow(atPosition: 1)?.view as? VersionedPackageRow)

        var next = try XCTUnwrap(manager.snapshot(ListSnapshot<String, VersionedPackage>.self))
        next.reconfigureItems([VersionedPackage(id: "curl", version: 2), VersionedPackage(id: "git", version: 1)])
        manager.apply(next)

        XCTAssertTrue(manager.boundRow(atPosition: 0)?.view === curl, "reconfigure keeps the row")
        XCTAssertTrue(manager.boundRow(atPosition: 1)?.view === git)
        XCTAssertEqual(curl.text, "curl@2", "and shows the new model")
        XCTAssertEqual(manager.boundRow(atPosition: 0)?.model as? VersionedPackage, VersionedPackage(id: "curl", version: 2))
        XCTAssertEqual(git.updateCount, 2, "an unchanged item marked for reconfigure is still refilled")

        // A plain content change (same identity) is an in-place update too.
        var third = ListSnapshot<String, VersionedPackage>()
        third.appendSections(["S"])
        third.appendItems([VersionedPackage(id: "git", version: 3), VersionedPackage(id: "curl", version: 2)])
        manager.apply(third)
        XCTAssertTrue(manager.boundRow(atPosition: 0)?.view === git, "git moved with its widget")
        XCTAssertTrue(manager.boundRow(atPosition: 1)?.view === curl)
        XCTAssertEqual(git.text, "git@3")
        XCTAssertEqual(curl.updateCount, 2, "curl did not change: not refilled")
    }

    func testReloadRebuildsTheRow() throws {
        try MainActor.assumeIsolated { try Self.reloadRebuildsTheRow() }
    }

    @MainActor private static func reloadRebuildsTheRow() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.reusePoolLimit = 0
        let (manager, _, _) = makeSnapshotManager(configuration)
        manager.apply(numberSnapshot(["A": [1, 2, 3]]))
        let widgets = itemWidgets(manager)
        tagRows(manager)

        var next = try XCTUnwrap(manager.snapshot(NumberSnapshot.self))
        next.reloadItems([2])
        manager.apply(next)

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: next))
        XCTAssertFalse(isTagged(itemWidgets(manager)[2]), "a reloaded item gets a new row view")
        XCTAssertFalse(isTagged(itemListRows(manager)[2]), "in a new GtkListBoxRow")
        XCTAssertEqual(itemWidgets(manager)[1], widgets[1], "its neighbours keep theirs")
        XCTAssertEqual(itemWidgets(manager)[3], widgets[3])
        XCTAssertTrue(isTagged(itemWidgets(manager)[1]) && isTagged(itemWidgets(manager)[3]))
    }

    func testReloadWithTheReusePoolStillGivesANewListRow() throws {
        try MainActor.assumeIsolated { try Self.reloadWithReusePool() }
    }

    @MainActor private static func reloadWithReusePool() throws {
        try requireGtk()
        let (manager, _, _) = makeSnapshotManager()
        manager.apply(numberSnapshot(["A": [1, 2]]))
        tagRows(manager)
        let row = try XCTUnwrap(manager.boundRow(atPosition: 2)?.view as? NumberRow)
        let updates = row.updateCount

        var next = try XCTUnwrap(manager.snapshot(NumberSnapshot.self))
        next.reloadItems([2])
        manager.apply(next)

        XCTAssertFalse(isTagged(itemListRows(manager)[2]), "the reloaded item is removed and inserted again")
        XCTAssertTrue(isTagged(itemListRows(manager)[1]))
        let reloaded = try XCTUnwrap(manager.boundRow(atPosition: 2)?.view as? NumberRow)
        XCTAssertEqual(reloaded.shown, 2)
        XCTAssertTrue(
            reloaded !== row || reloaded.updateCount == updates + 1,
            "a pooled view may come back, but it is filled again as a new row")
    }

    func testReloadSectionsRebuildsTheHeaderAndEveryItemRow() throws {
        try MainActor.assumeIsolated { try Self.reloadSectionsRebuildsTheSection() }
    }

    @MainActor private static func reloadSectionsRebuildsTheSection() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.reusePoolLimit = 0
        let (manager, _, _) = makeSnapshotManager(configuration)
        manager.apply(numberSnapshot(["A": [1], "B": [2, 3]]))
        let before = inspectRows(of: manager.listBox!).map(\.widget)
        tagRows(manager)

        var next = try XCTUnwrap(manager.snapshot(NumberSnapshot.self))
        next.reloadSections(["B"])
        manager.apply(next)

        let after = inspectRows(of: manager.listBox!)
        XCTAssertEqual(after.map(\.description), expectedRowLines(of: next))
        XCTAssertEqual(after[0].widget, before[0], "section A's header is untouched")
        XCTAssertEqual(after[1].widget, before[1], "and so is its item")
        XCTAssertTrue(isTagged(after[0].widget) && isTagged(after[1].widget))
        for position in 2...4 {
            XCTAssertFalse(isTagged(after[position].widget), "row \(position) of section B is rebuilt")
        }
    }

    func testApplyUsingReloadDataRebuildsEveryRow() throws {
        try MainActor.assumeIsolated { try Self.applyUsingReloadDataRebuildsEveryRow() }
    }

    @MainActor private static func applyUsingReloadDataRebuildsEveryRow() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.reusePoolLimit = 0
        let (manager, _, _) = makeSnapshotManager(configuration)
        manager.apply(numberSnapshot(["A": [1, 2]]))
        tagRows(manager)
        var completed = false

        let next = numberSnapshot(["A": [2, 1, 3]])
        manager.applySnapshotUsingReloadData(next) { completed = true }

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: next))
        XCTAssertFalse(isTagged(itemWidgets(manager)[1]), "every row is rebuilt")
        XCTAssertFalse(isTagged(itemWidgets(manager)[2]))
        XCTAssertTrue(completed)
    }

    // MARK: - Headers and footers from the providers

    func testSectionHeaderAndFooterRowsComeFromTheProviders() throws {
        try MainActor.assumeIsolated { try Self.headerAndFooterRowsComeFromTheProviders() }
    }

    @MainActor private static func headerAndFooterRowsComeFromTheProviders() throws {
        try requireGtk()
        let (manager, storage, _) = makeSnapshotManager(withFooters: true)
        manager.registerHeader(CaptionRow.self)
        let snapshot = numberSnapshot(["S1": [1], "S2": [2, 3]])
        manager.apply(snapshot)
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header Section S1 (CaptionRow)", "item 1 (NumberRow)",
                "header Section S2 (CaptionRow)", "item 2 (NumberRow)", "item 3 (NumberRow)", "footer End of S2 (SectionTitleRow)",
            ])
        let headerWidget = inspectRows(of: manager.listBox!)[2].widget

        storage.headerModel = { $0 == "S2" ? "Second" : sectionTitle($0) }

        let rows = inspectRows(of: manager.listBox!)
        XCTAssertEqual(rows[2].description, "header Second (CaptionRow)")
        XCTAssertEqual(rows[2].widget, headerWidget, "a changed header model refreshes its row in place")
        let label = rows[2].widget.assumingMemoryBound(to: GtkLabel.self)
        XCTAssertEqual(String(cString: gtk_label_get_text(label)), "Second")
    }

    // MARK: - Animation and completion

    func testNonAnimatedApplyIsDiffedWithoutRowAnimations() throws {
        try MainActor.assumeIsolated { try Self.nonAnimatedApply() }
    }

    @MainActor private static func nonAnimatedApply() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.slideDown, milliseconds: 200)
        let (manager, _, _) = makeSnapshotManager(configuration)
        let window = showInWindow(manager)
        defer { gtk_widget_destroy(window) }
        manager.apply(numberSnapshot(["A": [1, 2, 3]]), animatingDifferences: false)
        let before = itemWidgets(manager)

        let next = numberSnapshot(["A": [3, 1, 4]])
        manager.apply(next, animatingDifferences: false)

        XCTAssertEqual(listBoxChildCount(manager), manager.rowCount, "the removed row left at once, no closing revealer")
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: next))
        XCTAssertEqual(itemWidgets(manager)[1], before[1], "still diffed: unchanged rows keep their widgets")
        XCTAssertEqual(itemWidgets(manager)[3], before[3])
        let inserted = try XCTUnwrap(gtk_list_box_get_row_at_index(manager.listBox!, 3))
        let revealer = try XCTUnwrap(gtk_bin_get_child(gcast(inserted)))
        XCTAssertNotEqual(gtk_revealer_get_child_revealed(gcast(revealer)), 0, "the inserted row is shown at once")

        // The animated apply of the same kind of change does animate: the removed row stays a while.
        manager.apply(numberSnapshot(["A": [3, 4]]))
        XCTAssertEqual(listBoxChildCount(manager), manager.rowCount + 1, "animated: the removed row is leaving")
        XCTAssertTrue(GtkRuntime.iterate(until: { listBoxChildCount(manager) == manager.rowCount }))
    }

    func testCompletionRunsOnceTheRowsAreInTheListBox() throws {
        try MainActor.assumeIsolated { try Self.completionRunsOnceTheRowsAreThere() }
    }

    @MainActor private static func completionRunsOnceTheRowsAreThere() throws {
        try requireGtk()
        let (manager, _, _) = makeSnapshotManager()
        let first = numberSnapshot(["A": [1, 2]])
        var seen: [(completion: String, rows: [String])] = []
        manager.apply(first) { seen.append(("first", inspectRows(of: manager.listBox!).map(\.description))) }
        XCTAssertEqual(seen.map(\.completion), ["first"])
        XCTAssertEqual(seen.first?.rows, expectedRowLines(of: first))

        // An apply made while the manager applies another update (from its didUpdateContent)
        // is queued behind it; its completion still waits for its rows.
        let inner = numberSnapshot(["A": [2], "B": [5]])
        manager.didUpdateContent = { _ in
            manager.didUpdateContent = nil
            manager.apply(inner) { seen.append(("inner", inspectRows(of: manager.listBox!).map(\.description))) }
            XCTAssertEqual(seen.count, 1, "the inner apply returned before its rows were there: no completion yet")
        }
        let outer = numberSnapshot(["A": [1, 2, 3]])
        manager.apply(outer, animatingDifferences: false) { seen.append(("outer", inspectRows(of: manager.listBox!).map(\.description))) }

        XCTAssertEqual(seen.map(\.completion), ["first", "outer", "inner"])
        XCTAssertEqual(seen.last?.rows, expectedRowLines(of: inner), "the inner completion sees the inner snapshot's rows")
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), expectedRowLines(of: inner))
    }

    // MARK: - Anomalies

    func testSnapshotAnomaliesReachTheStorageHandlerAndChangeNothing() throws {
        try MainActor.assumeIsolated { try Self.snapshotAnomaliesReachTheHandler() }
    }

    @MainActor private static func snapshotAnomaliesReachTheHandler() throws {
        try requireGtk()
        let (manager, storage, managerAnomalies) = makeSnapshotManager()
        var reported: [SnapshotAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }
        var snapshot = NumberSnapshot()
        snapshot.appendItems([1])
        snapshot.appendSections(["A"])
        snapshot.appendItems([1, 2])
        snapshot.moveItem(2, beforeItem: 2)
        snapshot.appendItems([2, 1])

        manager.apply(snapshot)

        XCTAssertEqual(
            reported,
            [
                .noSectionToAppendTo(itemCount: 1),
                .movedRelativeToItself(operation: .moveItemBeforeItem, identifier: "2"),
                .itemIdentifiersNotUnique(operation: .appendItems, identifiers: ["2", "1"]),
            ])
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            ["header Section A (SectionTitleRow)", "item 1 (NumberRow)", "item 2 (NumberRow)"])
        XCTAssertEqual(managerAnomalies.reports, [])
    }
}
