import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// DTCollectionViewManager's flow-layout sizing on the flow-box grid: sizes asked of the models
/// of cells and headers, and insets and spacing asked per section index, read back from GTK's
/// allocations and properties; and the anomaly on a host that lays out no grid.
final class FlowBoxGridLayoutEventTests: XCTestCase {
    func testCellAndHeaderSizesComeFromTheirModels() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.sizes()
        }
    }

    @MainActor private static func sizes() throws {
        var layout = FlowBoxGridLayout()
        layout.homogeneous = false
        let manager = ListManager(host: .flowBoxGrid(layout))
        manager.register(NumberRow.self)
        manager.registerHeader(CaptionRow.self)
        manager.sizeForCell(Int.self) { model, _ in GridSize(width: 100 + model, height: 50) }
        manager.sizeForHeader(String.self) { _, indexPath in GridSize(width: -1, height: 30 + 10 * indexPath.section)
        }
        manager.memoryStorage?.setSectionHeaderModels(["a", "b"])
        manager.memoryStorage?.setItemsForAllSections([[0, 40], [7]])
        let list = ShownList(manager, width: 600, height: 400)
        defer { list.close() }
        func allocation(_ row: BoundRow) -> (width: Int32, height: Int32) {
            (gtk_widget_get_allocated_width(row.hostWidget!), gtk_widget_get_allocated_height(row.hostWidget!))
        }
        let first = allocation(manager.boundRow(at: IndexPath(item: 0, section: 0))!)
        let second = allocation(manager.boundRow(at: IndexPath(item: 1, section: 0))!)
        XCTAssertEqual(first.height, 50)
        XCTAssertGreaterThanOrEqual(first.width, 100)
        XCTAssertGreaterThanOrEqual(second.width, 140, "each cell sized from its own model")
        XCTAssertEqual(allocation(manager.boundRow(atPosition: 0)!).height, 30, "the first header")
        XCTAssertEqual(allocation(manager.boundRow(atPosition: 3)!).height, 40, "the second header, by its section")

        try manager.memoryStorage?.replaceItem(at: IndexPath(item: 0, section: 0), with: 80)
        list.settleFrame()
        XCTAssertGreaterThanOrEqual(
            allocation(manager.boundRow(at: IndexPath(item: 0, section: 0))!).width, 180, "a refreshed cell is sized again")
    }

    func testSectionInsetsAndSpacingFollowTheSectionIndexes() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.sectionMetrics()
        }
    }

    @MainActor private static func sectionMetrics() throws {
        let manager = ListManager(host: .flowBoxGrid)
        manager.register(NumberRow.self)
        manager.memoryStorage?.setItemsForAllSections([[1, 2], [3, 4]])
        manager.insetForSection { section in EdgeInsets(top: 10 * (section + 1), leading: 4, bottom: 2, trailing: 6) }
        manager.minimumLineSpacingForSection { section in 3 * (section + 1) }
        manager.minimumInteritemSpacingForSection { section in 5 * (section + 1) }
        let list = ShownList(manager, width: 400, height: 300)
        defer { list.close() }
        func flowBox(holding model: Int) -> UnsafeMutablePointer<GtkWidget> {
            var found: UnsafeMutablePointer<GtkWidget>?
            for section in 0..<manager.memoryStorage!.numberOfSections {
                for item in 0..<manager.memoryStorage!.numberOfItems(inSection: section)
                where manager.boundRow(at: IndexPath(item: item, section: section))?.model as? Int == model {
                    found = gtk_widget_get_parent(manager.boundRow(at: IndexPath(item: item, section: section))!.hostWidget!)
                }
            }
            return found!
        }
        func metrics(_ flowBox: UnsafeMutablePointer<GtkWidget>) -> [Int32] {
            [
                gtk_widget_get_margin_top(flowBox), gtk_widget_get_margin_start(flowBox), gtk_widget_get_margin_bottom(flowBox),
                gtk_widget_get_margin_end(flowBox), Int32(gtk_flow_box_get_row_spacing(gcast(flowBox))),
                Int32(gtk_flow_box_get_column_spacing(gcast(flowBox))),
            ]
        }
        XCTAssertEqual(metrics(flowBox(holding: 1)), [10, 4, 2, 6, 3, 5])
        XCTAssertEqual(metrics(flowBox(holding: 3)), [20, 4, 2, 6, 6, 10])

        manager.memoryStorage?.insertSection(SectionModel(items: [9]), at: 0)
        XCTAssertEqual(metrics(flowBox(holding: 9)), [10, 4, 2, 6, 3, 5], "the new section 0")
        XCTAssertEqual(metrics(flowBox(holding: 1)), [20, 4, 2, 6, 6, 10], "the old section 0 is section 1 now")
        XCTAssertEqual(metrics(flowBox(holding: 3)), [30, 4, 2, 6, 9, 15])
    }

    func testGridLayoutEventsOnAListReportThatTheyHaveNoEffect() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.anomalyOnAList()
        }
    }

    @MainActor private static func anomalyOnAList() throws {
        let (manager, storage, anomalies) = makeManager()
        manager.sizeForCell(Int.self) { _, _ in GridSize(width: 10, height: 10) }
        manager.insetForSection { _ in .zero }
        storage.setItems([1, 2, 3])
        _ = GtkRuntime.iterate(until: { anomalies.reports.count >= 2 }, timeout: .seconds(1))
        XCTAssertEqual(
            anomalies.reports,
            [
                .gridLayoutEventWithoutGrid(event: "sizeForCell", host: "ListBoxHost"),
                .gridLayoutEventWithoutGrid(event: "insetForSection", host: "ListBoxHost"),
            ], "once per event, not per row")
        var width: Int32 = 0, height: Int32 = 0
        gtk_widget_get_size_request(manager.boundRow(at: IndexPath(item: 0, section: 0))!.hostWidget!, &width, &height)
        XCTAssertEqual([width, height], [-1, -1], "the list's rows keep their natural size")
    }
}
