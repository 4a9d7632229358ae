import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Drops from a plain GTK drag source, as from another application.
extension DragAndDropEventTests {
    func testTextAndURIsFromAnotherDragSourceArriveAtDrop() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.textAndURIsArrive()
        }
    }

    /// A plain GTK drag source (an event box offering text and a URI list), not a list: the
    /// data arrives through GTK's selection transfer, as from another application.
    @MainActor private static func textAndURIsArrive() throws {
        let destination = ListManager()
        destination.register(NameRow.self)
        destination.memoryStorage?.setItems(["x", "y", "z"])
        var dropped: (text: String?, uris: [String], isLocal: Bool, offersText: Bool, offersURIs: Bool)?
        var placeholder: DropPlaceholder?
        var entered: [(Bool, Bool, Int)] = []
        destination.dropSessionDidEnter { entered.append(($0.offersText, $0.offersURIs, $0.items.count)) }
        destination.performDrop { [unowned destination] session in
            let item = session.items.first
            dropped = (item?.text, item?.uris ?? [], session.isLocal, session.offersText, session.offersURIs)
            guard let item, let indexPath = session.destinationIndexPath else { return }
            placeholder = destination.drop(item, toPlaceholderAt: indexPath, showing: "loading")
        }
        let list = ShownList(destination)
        let (sourceWindow, eventBox) = makeTextSource()
        defer { list.close(); gtk_widget_destroy(sourceWindow) }

        var sourceX: Int32 = 0, sourceY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(eventBox), &sourceX, &sourceY)
        let target = list.listRow(at: IndexPath(item: 1, section: 0))
        let end = list.screenPoint(in: gcast(target), x: 60, y: 4)
        list.drag(from: (sourceX + 40, sourceY + 20), to: end, steps: 6)

        XCTAssertEqual(entered.map(\.0), [true])
        XCTAssertEqual(entered.map(\.1), [true])
        XCTAssertEqual(entered.map(\.2), [0], "another source's data is known only at the drop")
        XCTAssertEqual(dropped?.text, "dropped text")
        XCTAssertEqual(dropped?.uris, ["file:///tmp/dropped.txt"])
        XCTAssertEqual(dropped?.isLocal, false)
        XCTAssertEqual(items(destination), ["x", "loading", "y", "z"], "the placeholder model is shown at the drop point")

        destination.memoryStorage?.addItems(["new first"].map { $0 as Any }, toSection: 0)
        try destination.memoryStorage?.insertItem("top", to: IndexPath(item: 0, section: 0))
        XCTAssertEqual(placeholder?.indexPath, IndexPath(item: 2, section: 0), "the placeholder follows its row")
        XCTAssertEqual(placeholder?.commitInsertion(ofItem: dropped?.text ?? ""), IndexPath(item: 2, section: 0))
        XCTAssertEqual(items(destination), ["top", "x", "dropped text", "y", "z", "new first"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(destination), items(destination), "committed through the change log")
        XCTAssertNil(placeholder?.commitInsertion(ofItem: "again"), "a placeholder commits once")
    }

    /// A window with an event box that is a GTK drag source of text and a URI list.
    @MainActor private static func makeTextSource() -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let eventBox = gtk_event_box_new()!
        gtk_widget_set_size_request(eventBox, 200, 80)
        gtk_container_add(gcast(eventBox), gtk_label_new("drag me"))
        gtk_container_add(gcast(window), eventBox)
        gtk_drag_source_set(eventBox, GDK_BUTTON1_MASK, nil, 0, GDK_ACTION_COPY)
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 1)
        gtk_target_list_add_uri_targets(targets, 2)
        gtk_drag_source_set_target_list(eventBox, targets)
        gtk_target_list_unref(targets)
        let dataGet: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, UInt32, UInt32, gpointer?) -> Void = {
            _, _, selection, info, _, _ in
            if info == 2 {
                var uris: [UnsafeMutablePointer<CChar>?] = [strdup("file:///tmp/dropped.txt"), nil]
                _ = uris.withUnsafeMutableBufferPointer { gtk_selection_data_set_uris(selection, $0.baseAddress) }
                free(uris[0])
            } else {
                gtk_selection_data_set_text(selection, "dropped text", -1)
            }
        }
        g_signal_connect_data(eventBox, "drag-data-get", unsafeBitCast(dataGet, to: GCallback.self), nil, nil, GConnectFlags(0))
        gtk_widget_show_all(window)
        gtk_window_move(gcast(window), 500, 0)
        _ = GtkRuntime.iterate(
            until: {
                var x: Int32 = 0, y: Int32 = 0
                gdk_window_get_origin(gtk_widget_get_window(window), &x, &y)
                return gtk_widget_get_mapped(eventBox) != 0 && x >= 500
            }, timeout: .seconds(2))
        return (window, eventBox)
    }
}
