import CGtk
import CGtkTestSupport
import GtkListManager
import ModelStorage
import Synchronization
import XCTest

/// Row reuse, the lifetime of rows and widgets, storage replacement and the update callbacks
/// (PRODUCT §3.3, anchors-dt §2.8, §4.3 item 21).
final class ReuseAndLifetimeTests: XCTestCase {
    // MARK: - Reuse pool

    func testRemovedRowsGoToThePoolAndLaterInsertsDequeueThem() throws {
        try MainActor.assumeIsolated { try Self.removedRowsArePooledAndDequeued() }
    }

    @MainActor private static func removedRowsArePooledAndDequeued() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.addItems([1, 2, 3])
        let live = NumberRow.liveCount
        let widgets = inspectRows(of: manager.listBox!).map(\.widget)
        XCTAssertEqual(manager.pooledRowCount, 0)

        storage.removeItems([2])
        XCTAssertEqual(manager.pooledRowCount, 1, "the removed row waits in the pool")
        XCTAssertEqual(NumberRow.liveCount, live, "a pooled row stays alive")

        storage.addItem(4)
        XCTAssertEqual(manager.pooledRowCount, 0, "the insert took the pooled row")
        XCTAssertEqual(NumberRow.liveCount, live, "no new row was built")
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), [widgets[0], widgets[2], widgets[1]], "the same widget came back")
        XCTAssertEqual((manager.boundRow(atPosition: 2)?.view as? NumberRow)?.shown, 4, "refilled with the new model")
        assertListMatchesStorage(manager, storage)
    }

    func testPooledRowsAreOnlyDequeuedForTheirOwnReuseIdentifier() throws {
        try MainActor.assumeIsolated { try Self.pooledRowsKeepTheirReuseIdentifier() }
    }

    @MainActor private static func pooledRowsKeepTheirReuseIdentifier() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        manager.register(CaptionRow.self)
        storage.addItems([1])
        storage.removeItems([1])
        XCTAssertEqual(manager.pooledRowCount, 1)

        storage.addItem("text")
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["CaptionRow"])
        XCTAssertEqual(manager.pooledRowCount, 1, "a NumberRow is not handed to a String model")
    }

    func testReusePoolLimitBoundsThePool() throws {
        try MainActor.assumeIsolated { try Self.reusePoolLimitBoundsThePool() }
    }

    @MainActor private static func reusePoolLimitBoundsThePool() throws {
        try requireGtk()
        var configuration = ListConfiguration()
        configuration.reusePoolLimit = 2
        let (manager, storage, _) = makeManager(configuration)
        let live = NumberRow.liveCount
        storage.addItems([1, 2, 3, 4, 5])
        XCTAssertEqual(NumberRow.liveCount, live + 5)

        storage.removeItems(fromSection: 0)
        XCTAssertEqual(manager.pooledRowCount, 2)
        XCTAssertEqual(NumberRow.liveCount, live + 2, "rows beyond the limit are released")
    }

    func testLoweringReusePoolLimitTrimsAFullPool() throws {
        try MainActor.assumeIsolated { try Self.loweringReusePoolLimitTrimsAFullPool() }
    }

    @MainActor private static func loweringReusePoolLimitTrimsAFullPool() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        let live = NumberRow.liveCount
        storage.addItems([1, 2, 3, 4, 5])
        storage.removeItems(fromSection: 0)
        XCTAssertEqual(manager.pooledRowCount, 5)

        manager.configuration.reusePoolLimit = 2
        XCTAssertLessThanOrEqual(manager.pooledRowCount, 2, "the pool keeps at most reusePoolLimit rows per identifier")
        XCTAssertLessThanOrEqual(NumberRow.liveCount, live + 2)
    }

    func testUnregisterReleasesTheRowsOfTheClass() throws {
        try MainActor.assumeIsolated { try Self.unregisterReleasesTheRowsOfTheClass() }
    }

    @MainActor private static func unregisterReleasesTheRowsOfTheClass() throws {
        try requireGtk()
        let live = NumberRow.liveCount
        let (manager, storage, _) = makeManager()
        manager.anomalyHandler.action = { _ in }
        storage.addItems([1, 2, 3])
        XCTAssertEqual(NumberRow.liveCount, live + 3)

        manager.unregister(NumberRow.self)
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["UnmappedRow", "UnmappedRow", "UnmappedRow"])
        XCTAssertEqual(manager.pooledRowCount, 0, "no mapping can dequeue rows of an unregistered class")
        XCTAssertEqual(NumberRow.liveCount, live, "the unregistered class's rows are released")
    }

    // MARK: - Lifetime

    func testReleasingManagerAndStorageFreesRowsAndFinalizesWidgets() throws {
        try MainActor.assumeIsolated { try Self.releasingManagerFreesRowsAndWidgets() }
    }

    @MainActor private static func releasingManagerFreesRowsAndWidgets() throws {
        try requireGtk()
        let startRows = NumberRow.liveCount
        let startFinalized = finalizedObjects.load(ordering: .acquiring)
        var watched = 0
        do {
            let storage = MemoryStorage()
            let manager = ListManager(storage: storage)
            manager.register(NumberRow.self)
            storage.setSectionHeaderModels(["H"])
            storage.setSectionFooterModels(["F"])
            storage.addItems([1, 2, 3])
            let pooledWidget = inspectRows(of: manager.listBox!)[3].widget
            storage.removeItems([3])
            XCTAssertEqual(manager.pooledRowCount, 1)
            XCTAssertEqual(NumberRow.liveCount, startRows + 3)

            watchFinalization(of: pooledWidget)
            watched += 1
            for row in inspectRows(of: manager.listBox!) {
                watchFinalization(of: row.widget)  // the row view's widget
                watchFinalization(of: UnsafeMutableRawPointer(gtk_widget_get_parent(row.widget.assumingMemoryBound(to: GtkWidget.self))))
                watched += 2
            }
            watchFinalization(of: UnsafeMutableRawPointer(manager.listBox!))
            watched += 1
            XCTAssertEqual(finalizedObjects.load(ordering: .acquiring), startFinalized, "nothing is finalized while the manager lives")
        }
        XCTAssertEqual(NumberRow.liveCount, startRows, "every row view, listed or pooled, is released with the manager")
        XCTAssertEqual(watched, 1 + 4 * 2 + 1)
        XCTAssertEqual(
            finalizedObjects.load(ordering: .acquiring) - startFinalized, watched,
            "the list box, its GtkListBoxRows and every row widget (listed or pooled) are finalized")
    }

    func testAListBoxRowHoldsItsRecordUntilItIsFinalized() throws {
        try MainActor.assumeIsolated { try Self.listBoxRowHoldsItsRecordUntilFinalized() }
    }

    @MainActor private static func listBoxRowHoldsItsRecordUntilFinalized() throws {
        try requireGtk()
        let startRows = NumberRow.liveCount
        let foreign = gtk_list_box_row_new()!
        _ = g_object_ref_sink(foreign)
        defer { g_object_unref(foreign) }
        XCTAssertNil(ListBoxHost.boundRow(of: gcast(foreign)), "a row the host did not make has no record")

        var kept: UnsafeMutablePointer<GtkListBoxRow>?
        do {
            let (manager, storage, _) = makeManager()
            storage.addItems([1, 2])
            let listRow = try XCTUnwrap(gtk_list_box_get_row_at_index(manager.listBox!, 1))
            XCTAssertEqual(cgtk_is_list_box_row(listRow), 1, "host rows are GtkListBoxRows")
            XCTAssertEqual(String(cString: cgtk_object_type_name(listRow)), "GtkListManagerRow")
            XCTAssertEqual((ListBoxHost.boundRow(of: listRow)?.view as? NumberRow)?.shown, 2)

            let removed = try XCTUnwrap(gtk_list_box_get_row_at_index(manager.listBox!, 0))
            g_object_ref(removed)
            storage.removeItems([1])
            XCTAssertNil(ListBoxHost.boundRow(of: removed), "a removed row gave its record to the pool")
            XCTAssertEqual(manager.pooledRowCount, 1)
            g_object_unref(removed)

            kept = listRow
            g_object_ref(listRow)
        }
        XCTAssertEqual(NumberRow.liveCount, startRows + 1, "a row still referenced keeps its record after the manager went")
        g_object_unref(kept)
        XCTAssertEqual(NumberRow.liveCount, startRows, "finalizing the row released its record")
    }

    func testListBoxPassedInGetsItsReferenceBackWhenTheManagerGoes() throws {
        try MainActor.assumeIsolated { try Self.listBoxPassedInOutlivesTheManager() }
    }

    @MainActor private static func listBoxPassedInOutlivesTheManager() throws {
        try requireGtk()
        let listBox: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        _ = g_object_ref_sink(listBox)
        defer { g_object_unref(listBox) }
        do {
            let storage = MemoryStorage()
            let manager = ListManager(listBox: listBox, storage: storage)
            manager.register(NumberRow.self)
            storage.addItems([1, 2])
            XCTAssertEqual(manager.listBox!, listBox)
            XCTAssertEqual(inspectRows(of: listBox).count, 2)
        }
        XCTAssertEqual(
            UnsafeMutableRawPointer(listBox).assumingMemoryBound(to: GObject.self).pointee.ref_count, 1,
            "the manager gave back its reference")
    }

    func testStorageOutlivingTheManagerKeepsWorkingAlone() throws {
        try MainActor.assumeIsolated { try Self.storageOutlivingTheManagerKeepsWorking() }
    }

    @MainActor private static func storageOutlivingTheManagerKeepsWorking() throws {
        try requireGtk()
        let startRows = NumberRow.liveCount
        let storage = MemoryStorage()
        weak var weakManager: ListManager?
        do {
            let manager = ListManager(storage: storage)
            manager.register(NumberRow.self)
            storage.addItems([1, 2])
            weakManager = manager
        }
        XCTAssertNil(weakManager, "the storage does not keep its observer alive")
        XCTAssertEqual(NumberRow.liveCount, startRows)
        storage.addItems([3])
        try storage.removeItem(1)
        storage.setItems([4, 5])
        XCTAssertEqual(storage.items(inSection: 0)?.compactMap { $0 as? Int }, [4, 5])
    }

    // MARK: - Storage replacement

    func testReplacingStorageStopsObservingTheOldOneAndReloadsFromTheNew() throws {
        try MainActor.assumeIsolated { try Self.replacingStorageRewiresObservation() }
    }

    @MainActor private static func replacingStorageRewiresObservation() throws {
        try requireGtk()
        let (manager, old, _) = makeManager()
        old.addItems([1, 2])
        let replacement = MemoryStorage()
        replacement.setSectionHeaderModels(["New"])
        replacement.addItems([7, 8, 9])

        manager.storage = replacement
        XCTAssertTrue(manager.memoryStorage === replacement)
        assertListMatchesStorage(manager, replacement, "reloaded from the new storage")
        let widgets = inspectRows(of: manager.listBox!).map(\.widget)

        old.addItems([3])
        old.removeItems([1])
        old.setItems([10, 11, 12, 13])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), widgets, "the old storage no longer drives the list")
        assertListMatchesStorage(manager, replacement)

        replacement.addItem(10)
        try replacement.removeItem(7)
        assertListMatchesStorage(manager, replacement, "the new storage drives the list")
    }

    // MARK: - Update callbacks

    func testWillAndDidUpdateContentFireAroundEachUpdateInOrder() throws {
        try MainActor.assumeIsolated { try Self.willAndDidUpdateContentFireInOrder() }
    }

    @MainActor private static func willAndDidUpdateContentFireInOrder() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        let listBox = manager.listBox!
        var log: [String] = []
        var updates: [StorageUpdate] = []
        manager.willUpdateContent = { update in
            log.append("will \(kind(update)) rows=\(inspectRows(of: listBox).count)")
            updates.append(update)
        }
        manager.didUpdateContent = { update in
            log.append("did \(kind(update)) rows=\(inspectRows(of: listBox).count)")
            updates.append(update)
        }

        storage.addItems([1, 2])
        storage.setItems([5])
        manager.reload()
        storage.performUpdates {
            storage.addItem(6)
            storage.addItem(7)
        }
        XCTAssertEqual(
            log,
            [
                "will changes rows=0", "did changes rows=2",
                "will reload rows=2", "did reload rows=1",
                "will reload rows=1", "did reload rows=1",
                "will changes rows=1", "did changes rows=3",
            ])
        let added: StorageUpdate = .changes([
            .insertSection(0), .insertItem(at: IndexPath(item: 0, section: 0), model: 1),
            .insertItem(at: IndexPath(item: 1, section: 0), model: 2),
        ])
        XCTAssertEqual(updates.first, added, "will receives the update itself")
        XCTAssertEqual(updates[1], added, "did receives the same update")
        XCTAssertEqual(updates[2], .reload)
        XCTAssertEqual(
            updates[6],
            .changes([
                .insertItem(at: IndexPath(item: 1, section: 0), model: 6),
                .insertItem(at: IndexPath(item: 2, section: 0), model: 7),
            ]), "one transaction, one update")
    }

    func testReloadRowClosureReceivesIndexPathAndModelInsteadOfRefreshing() throws {
        try MainActor.assumeIsolated { try Self.reloadRowClosureReceivesIndexPathAndModel() }
    }

    @MainActor private static func reloadRowClosureReceivesIndexPathAndModel() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.addItems([1, 2, 3, 4, 5])
        let widgets = inspectRows(of: manager.listBox!).map(\.widget)
        var calls: [(IndexPath, Any)] = []
        manager.reloadRowClosure = { calls.append(($0, $1)) }

        storage.reloadItem(4)
        XCTAssertEqual(calls.count, 1)
        XCTAssertEqual(calls.first?.0, IndexPath(item: 3, section: 0))
        XCTAssertEqual(calls.first?.1 as? Int, 4)
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), widgets, "the row widget is unchanged")
        XCTAssertEqual((manager.boundRow(atPosition: 3)?.view as? NumberRow)?.updateCount, 1, "the closure replaces the in-place refresh")
        assertListMatchesStorage(manager, storage)
    }

    func testSetItemsImmediatelyFollowedByAddItemsGivesAllRows() throws {
        try MainActor.assumeIsolated { try Self.setItemsThenAddItems() }
    }

    @MainActor private static func setItemsThenAddItems() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setItems([1, 2, 3])
        storage.addItems([4, 5])
        XCTAssertEqual(manager.rowCount, 5)
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.model), ["1", "2", "3", "4", "5"])
        assertListMatchesStorage(manager, storage)
    }

    func testADestroyedListBoxIgnoresLaterStorageChanges() throws {
        try MainActor.assumeIsolated { try Self.aDestroyedListBoxIgnoresLaterChanges() }
    }

    /// Closing a window destroys its list box while the storage lives on: later changes must
    /// neither crash nor touch the dead widget, and the rows' widgets are released.
    @MainActor private static func aDestroyedListBoxIgnoresLaterChanges() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.addItems([1, 2, 3])
        let live = NumberRow.liveCount
        gtk_widget_destroy(manager.widget)
        XCTAssertEqual(NumberRow.liveCount, live - 3, "the rows went with the list box")

        storage.addItems([4, 5])
        storage.removeItems(at: [IndexPath(item: 0, section: 0)])
        storage.setItems([9])
        manager.reload()
        XCTAssertEqual(manager.rowCount, 0)
        XCTAssertEqual(NumberRow.liveCount, live - 3, "no rows are made for a destroyed list")
    }

    // MARK: - Helpers

    private static func kind(_ update: StorageUpdate) -> String {
        if case .reload = update { "reload" } else { "changes" }
    }
}
