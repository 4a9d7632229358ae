import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// `layoutIfNeeded()` and scrolling to headers and footers, through the manager, on every host.
final class ManagerLayoutAPITests: XCTestCase {
    final class TextRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    @MainActor private static let hosts: [(String, () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("virtualized", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 140, height: 40))) }),
        ("flow box", { FlowBoxGridHost() }),
    ]

    func testLayoutIfNeededBindsTheRowsOnScreenAtOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, makeHost) in Self.hosts {
                let manager = ListManager(host: makeHost())
                manager.register(TextRow.self)
                manager.memoryStorage?.setItems((0..<200).map { "row \($0)" })
                let list = ShownList(manager, width: 300, height: 300)
                defer { list.close() }
                list.settleFrame()
                try manager.memoryStorage?.insertItems(["new 0", "new 1"], at: IndexPath(item: 0, section: 0))
                manager.layoutIfNeeded()
                let row = manager.boundRow(at: IndexPath(item: 0, section: 0))?.view as? TextRow
                XCTAssertEqual(row?.text, "new 0", "\(name): the row on screen is bound before the next frame")
            }
        }
    }

    func testScrollingToAFooterOrAHeaderPlacesItAsTheAlignmentSays() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, makeHost) in Self.hosts {
                let manager = ListManager(host: makeHost())
                manager.register(TextRow.self)
                manager.registerHeader(TextRow.self)
                manager.registerFooter(TextRow.self)
                let storage = try XCTUnwrap(manager.memoryStorage)
                storage.setItemsForAllSections([(0..<80).map { "a\($0)" }, (0..<80).map { "b\($0)" }])
                storage.setSectionHeaderModels(["header A", "header B"])
                storage.setSectionFooterModels(["footer A", "footer B"])
                let list = ShownList(manager, width: 300, height: 300)
                defer { list.close() }
                list.settleFrame()
                let viewport = try XCTUnwrap(gtk_bin_get_child(gcast(list.scrolledWindow)))

                /// Where the row of `position` shows in the viewport, read from GTK.
                @MainActor func shown(_ position: Int) -> (top: Int32, bottom: Int32)? {
                    guard let hostWidget = manager.boundRow(atPosition: position)?.hostWidget else { return nil }
                    var x: Int32 = 0, y: Int32 = 0
                    gtk_widget_translate_coordinates(hostWidget, viewport, 0, 0, &x, &y)
                    return (y, y + gtk_widget_get_allocated_height(hostWidget))
                }
                let page = gtk_widget_get_allocated_height(viewport)

                XCTAssertTrue(manager.scrollTo(.footer, ofSection: 0, alignment: .bottom))
                list.settleFrame()
                list.settleFrame()
                let footer = try XCTUnwrap(
                    (0..<manager.rowCount).first { manager.location(ofPosition: $0) == .supplementary(.footer, inSection: 0) })
                XCTAssertEqual(shown(footer)?.bottom, page, "\(name): the footer's bottom at the viewport's bottom")

                XCTAssertTrue(manager.scrollTo(.header, ofSection: 1, alignment: .top))
                list.settleFrame()
                list.settleFrame()
                XCTAssertEqual(shown(footer + 1)?.top, 0, "\(name): the header's top at the viewport's top")

                XCTAssertFalse(manager.scrollTo(.header, ofSection: 5), "\(name): no such section")
                XCTAssertFalse(manager.scrollTo(SupplementaryKind(rawValue: "badge"), ofSection: 0), "\(name): no view of that kind")
            }
        }
    }
}
