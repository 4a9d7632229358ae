import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Index paths that address no item (three indices, one, none, a negative one) are refused by
/// every manager entry that takes one, and reported as `invalidIndexPath` naming the entry:
/// never read by their first two indices as another row's, never a trap.
final class MalformedIndexPathTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with name: String) { gtk_label_set_text(gcast(widget), name) }
    }

    static let malformed: [IndexPath] = [[0, 1, 7], [0], [], [-1, 0], [0, -1]]

    /// A list of five names on `host`, shown, selecting several, recording its anomalies.
    @MainActor private static func makeList(_ host: any ListHost) -> (ListManager, AnomalyRecorder, ShownList) {
        let storage = MemoryStorage()
        storage.setItems(["a", "b", "c", "d", "e"])
        let manager = ListManager(host: host, storage: storage)
        manager.register(NameRow.self)
        manager.selectionMode = .multiple
        let list = ShownList(manager)
        list.settleFrame()
        for selected in manager.selectedIndexPaths { manager.deselectItem(at: selected) }
        return (manager, AnomalyRecorder(manager), list)
    }

    func testSelectingAThreeIndexPathSelectsNothingAndIsReported() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, anomalies, list) = Self.makeList(make())
                defer { list.close() }
                XCTAssertFalse(manager.selectItem(at: [0, 1, 7]), name)
                XCTAssertEqual(manager.selectedIndexPaths, [], "\(name): row s0.i1 is not selected for it")
                XCTAssertEqual(anomalies.reports, [.invalidIndexPath(indexPath: [0, 1, 7], call: "ListManager.selectItem(at:)")], name)
                XCTAssertTrue(
                    anomalies.reports.first?.debugDescription.contains("ListManager.selectItem(at:) was given the index path [0, 1, 7]")
                        == true, "\(anomalies.reports.first?.debugDescription ?? "")")
            }
        }
    }

    func testEveryEntryThatTakesAnIndexPathRefusesOneThatAddressesNoItemAndReportsIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TreeFixture.hosts {
                let (manager, anomalies, list) = Self.makeList(make())
                defer { list.close() }
                XCTAssertTrue(manager.selectItem(at: IndexPath(item: 1, section: 0)))
                for path in Self.malformed {
                    let before = anomalies.reports.count
                    XCTAssertFalse(manager.selectItem(at: path), "\(name) \(path)")
                    XCTAssertFalse(manager.deselectItem(at: path), "\(name) \(path)")
                    XCTAssertFalse(manager.scrollTo(path), "\(name) \(path)")
                    XCTAssertNil(manager.boundRow(at: path), "\(name) \(path)")
                    XCTAssertFalse(manager.beginEditing(at: path), "\(name) \(path)")
                    XCTAssertNil(manager.itemIdentifier(for: path, as: String.self), "\(name) \(path)")
                    let placeholder = manager.drop(DragItem(text: "z"), toPlaceholderAt: path, showing: "loading")
                    XCTAssertNil(placeholder.indexPath, "\(name) \(path): a refused placeholder is settled")
                    XCTAssertNil(placeholder.commitInsertion(ofItem: "z"), "\(name) \(path)")
                    let calls = [
                        "selectItem(at:)", "deselectItem(at:)", "scrollTo(_:alignment:animated:)", "boundRow(at:)", "beginEditing(at:)",
                        "itemIdentifier(for:as:)", "drop(_:toPlaceholderAt:showing:)",
                    ]
                    XCTAssertEqual(
                        Array(anomalies.reports.dropFirst(before)),
                        calls.map { .invalidIndexPath(indexPath: path, call: "ListManager.\($0)") }, "\(name) \(path)")
                }
                XCTAssertEqual(manager.selectedIndexPaths, [IndexPath(item: 1, section: 0)], "\(name): the selection is as it was")
                XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [String], ["a", "b", "c", "d", "e"], name)
                XCTAssertNil(manager.editedIndexPath, name)
            }
        }
    }

    func testAPreferredFocusThatAddressesNoItemIsReportedAndIgnored() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = ListBoxHost()
            let (manager, anomalies, list) = Self.makeList(host)
            defer { list.close() }
            manager.preferredFocusedIndexPath { [0, 3, 1] }
            XCTAssertNil(host.delegate?.positionToFocusOnEntry())
            XCTAssertEqual(
                anomalies.reports, [.invalidIndexPath(indexPath: [0, 3, 1], call: "The preferredFocusedIndexPath reaction")])
        }
    }

    func testAMoveTargetThatAddressesNoItemMovesNothingAndIsReported() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let manager = ListManager()
            manager.register(NameRow.self) { mapping in
                mapping.canMove { _, _, _ in true }
                mapping.targetIndexPathForMove { _, _, _, _ in [0] }
            }
            manager.memoryStorage?.setItems(["a", "b", "c"])
            let anomalies = AnomalyRecorder(manager)
            let list = ShownList(manager)
            defer { list.close() }
            list.focus(IndexPath(item: 1, section: 0))
            list.press("alt+Down")
            XCTAssertEqual(manager.memoryStorage?.items(inSection: 0) as? [String], ["a", "b", "c"])
            XCTAssertEqual(anomalies.reports, [.invalidIndexPath(indexPath: [0], call: "The targetIndexPathForMove reaction")])
        }
    }
}
