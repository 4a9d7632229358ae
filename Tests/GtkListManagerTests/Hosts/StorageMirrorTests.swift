import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The manager reads the models it shows from the storage itself when the storage can say what
/// it has not delivered yet, and keeps its own copy otherwise. Either way a row bound at any
/// moment shows the model the list has at its position, never one the storage is ahead with.
final class StorageMirrorTests: XCTestCase {
    final class NumberRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "\(model)") }
    }

    /// The models of the bound item rows by position (nil for a row with no model).
    @MainActor private static func boundModels(_ host: VirtualListHost) -> [Int: Int?] {
        var models: [Int: Int?] = [:]
        host.forEachBoundRow { position, row in models[position] = row.model as? Int }
        return models
    }

    /// Scrolls the viewport's top to `value` and lets the list lay out and draw.
    @MainActor private static func scroll(_ host: VirtualListHost, to value: Double, _ list: ShownList) {
        gtk_adjustment_set_value(host.verticalAdjustment!, value)
        list.settle(milliseconds: 40)
    }

    func testRowsBoundWhileTheStorageIsMidTransactionShowWhatTheListShows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsBoundMidTransaction()
        }
    }

    @MainActor private static func rowsBoundMidTransaction() throws {
        let host = VirtualListHost()
        let manager = ListManager(host: host)
        manager.register(NumberRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        let old = Array(0..<2_000)
        storage.setItems(old)
        let list = ShownList(manager, width: 300, height: 300)
        defer { list.close() }

        storage.performUpdates {
            // The storage moves ahead of the list: rows above the viewport go, others come,
            // one is replaced; the list hears of it when the transaction ends.
            storage.removeItems(at: (0..<30).map { IndexPath(item: $0, section: 0) })
            try? storage.insertItems([-1, -2, -3], at: IndexPath(item: 500, section: 0))
            storage.removeItems(at: [IndexPath(item: 973, section: 0)])  // model 1000
            // A main loop run inside the transaction (a dialog, a test's settle) scrolls the list
            // to rows it has never bound.
            scroll(host, to: gtk_adjustment_get_upper(host.verticalAdjustment!) / 2, list)
            let bound = boundModels(host)
            XCTAssertTrue(bound.keys.contains(1_000), "row 1000 is on screen: \(bound.keys.sorted())")
            for (position, model) in bound where position != 1_000 {
                XCTAssertEqual(model, old[position], "position \(position) shows the list's model, not the storage's")
            }
            XCTAssertEqual(bound[1_000], .some(nil), "the model the storage already dropped: an empty row")
            XCTAssertEqual(host.rowCount, 2_000)
        }
        list.settle(milliseconds: 40)
        let expected = storage.items(inSection: 0)!.map { $0 as! Int }
        XCTAssertEqual(host.rowCount, expected.count)
        for (position, model) in boundModels(host) {
            XCTAssertEqual(model, expected[position], "after the transaction, position \(position) shows the storage")
        }
    }

    func testAStorageThatCannotTellIsCopiedAndFollowed() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.copiedStorage()
        }
    }

    /// A storage that delivers its changes but cannot say what it has not delivered yet.
    @MainActor private final class PlainObservableStorage: ObservableStorage {
        var items: [Int]
        private var observers: [any StorageObserver] = []
        init(_ items: [Int]) { self.items = items }
        var numberOfSections: Int { 1 }
        func numberOfItems(inSection section: Int) -> Int { section == 0 ? items.count : 0 }
        func item(at indexPath: IndexPath) -> Any? { indexPath.section == 0 ? items[indexPath.item] : nil }
        func addObserver(_ observer: any StorageObserver) { observers.append(observer) }
        func removeObserver(_ observer: any StorageObserver) { observers.removeAll { $0 === observer } }

        /// Deletes the first item, inserts `model` at the end, and tells observers only after
        /// `meanwhile` ran (the storage ahead of them).
        func change(inserting model: Int, meanwhile: () -> Void) {
            items.removeFirst()
            items.append(model)
            meanwhile()
            let changes: ChangeSet = [
                .deleteItem(at: IndexPath(item: 0, section: 0)),
                .insertItem(at: IndexPath(item: items.count - 1, section: 0), model: model),
            ]
            for observer in observers { observer.storage(self, didPerform: changes) }
        }
    }

    @MainActor private static func copiedStorage() throws {
        let storage = PlainObservableStorage(Array(0..<1_000))
        let host = VirtualListHost()
        let manager = ListManager(host: host, storage: storage)
        final class AnyObserver: StorageObserver {
            func storage(_ storage: any Storage, didPerform changes: ChangeSet) {}
            func storageNeedsReload(_ storage: any Storage) {}
        }
        XCTAssertNil(storage.updatesNotDelivered(to: AnyObserver()), "it cannot tell")
        manager.register(NumberRow.self)
        let list = ShownList(manager, width: 300, height: 300)
        defer { list.close() }
        XCTAssertEqual(boundModels(host)[0], 0)

        storage.change(inserting: 1_000) {
            scroll(host, to: gtk_adjustment_get_upper(host.verticalAdjustment!), list)
            for (position, model) in boundModels(host) {
                XCTAssertEqual(model, position, "the list's own copy: position \(position) shows its model")
            }
        }
        list.settle(milliseconds: 40)
        XCTAssertEqual(host.rowCount, 1_000)
        for (position, model) in boundModels(host) {
            XCTAssertEqual(model, storage.items[position], "the change applied to the copy")
        }
        XCTAssertEqual(boundModels(host)[999], 1_000)
    }
}
