import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Row widgets let go, rows without a mapping, and the widgets released with the manager.
extension VirtualListHostTests {
    func testARowLetGoLosesItsHoverPressAndPopover() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowLetGoIsReset()
        }
    }

    @MainActor private static func rowLetGoIsReset() throws {
        let (manager, host, list) = makeList(Array(0..<1_000))
        defer { list.close() }
        list.xdotool(["mousemove", "1900", "1000"])  // no real hover on the rows
        let row = try XCTUnwrap(manager.boundRow(atPosition: 2))
        let rowWidget = try XCTUnwrap(row.hostWidget)
        gtk_widget_set_state_flags(rowWidget, GtkStateFlags(GTK_STATE_FLAG_PRELIGHT.rawValue | GTK_STATE_FLAG_ACTIVE.rawValue), 0)
        let popover = gtk_popover_new(row.widget)!
        gtk_container_add(gcast(popover), gtk_label_new("details"))
        gtk_widget_show_all(popover)
        list.settle()
        XCTAssertNotEqual(gtk_widget_get_mapped(popover), 0, "the popover is up")

        scroll(host, to: 20_000)
        settle(list)
        XCTAssertNil(host.position(of: row), "row 2 was let go")
        XCTAssertTrue(list.wait(until: { gtk_widget_get_mapped(popover) == 0 }), "its popover went down with it (GTK fades it out)")
        let flags = gtk_widget_get_state_flags(rowWidget).rawValue
        XCTAssertEqual(
            flags & (GTK_STATE_FLAG_PRELIGHT.rawValue | GTK_STATE_FLAG_ACTIVE.rawValue | GTK_STATE_FLAG_SELECTED.rawValue), 0,
            "no hover, press or selection stays on its row widget for the next row")
        gtk_widget_destroy(popover)
    }

    func testAModelWithoutMappingIsAnAnomalyAndAnEmptyRowInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.unmappedModel()
        }
    }

    @MainActor private static func unmappedModel() throws {
        let (manager, host, list) = makeList([0, 1, 2])
        defer { list.close() }
        let anomalies = AnomalyRecorder(manager)
        try manager.memoryStorage?.insertItem(2.5, to: IndexPath(item: 1, section: 0))  // no Double mapping
        settle(list)
        XCTAssertEqual(anomalies.reports, [.noRowMappingFound(modelDescription: "2.5", indexPath: IndexPath(item: 1, section: 0))])
        XCTAssertEqual(host.rowCount, 4, "one row per item still")
        let shown = (0..<4).map { host.boundRow(at: $0).map { ($0.view as? TextRow)?.text ?? "empty" } }
        XCTAssertEqual(shown, ["0\nsecond line", "empty", "1", "2"], "the others in place around an empty row")
    }

    func testEveryRowWidgetIsReleasedWithTheManager() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.widgetsReleased()
        }
    }

    @MainActor private static func widgetsReleased() throws {
        let before = finalizedObjects.load(ordering: .acquiring)
        var watched = 0
        do {
            let (manager, host, list) = makeList(Array(0..<1_000))
            host.forEachBoundRow { _, row in
                watchFinalization(of: UnsafeMutableRawPointer(row.widget))
                watched += 1
            }
            list.close()
            _ = manager
        }
        XCTAssertGreaterThan(watched, 5)
        XCTAssertTrue(
            GtkRuntime.iterate(until: { finalizedObjects.load(ordering: .acquiring) - before >= watched }, timeout: .seconds(2)),
            "every bound row's widget is finalized once the window and the manager are gone")
    }
}
