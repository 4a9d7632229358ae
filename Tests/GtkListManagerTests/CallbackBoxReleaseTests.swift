import CGtk
import CGtkTestSupport
import GtkListManager
import XCTest

/// Every boxed C callback is released by its destroy notify: nothing leaks, nothing dangles.
final class CallbackBoxReleaseTests: XCTestCase {
    func testSignalBoxIsReleasedWhenWidgetIsDestroyed() throws {
        try MainActor.assumeIsolated { try Self.signalBoxIsReleasedWhenWidgetIsDestroyed() }
    }

    func testSignalBoxIsReleasedOnDisconnect() throws {
        try MainActor.assumeIsolated { try Self.signalBoxIsReleasedOnDisconnect() }
    }

    func testEventSignalReturnValueReachesGtk() throws {
        try MainActor.assumeIsolated { try Self.eventSignalReturnValueReachesGtk() }
    }

    func testUnknownSignalReturnsZeroAndReleasesBox() throws {
        try MainActor.assumeIsolated { try Self.unknownSignalReturnsZeroAndReleasesBox() }
    }

    func testPerformBoxIsReleasedAfterItRan() throws {
        try MainActor.assumeIsolated { try Self.performBoxIsReleasedAfterItRan() }
    }

    @MainActor
    private static func signalBoxIsReleasedWhenWidgetIsDestroyed() throws {
        try requireGtk()
        let counter = DeinitCounter()
        let button: UnsafeMutablePointer<GtkButton> = gcast(gtk_button_new())
        _ = g_object_ref_sink(button)  // we own it, so it stays valid after destroy
        defer { g_object_unref(button) }
        var clicks = 0

        // The probe is created in the capture list: the signal's box is its only owner.
        let id = Signal.connect(button, "clicked") { [probe = DeinitProbe(counter)] _ in
            withExtendedLifetime(probe) { clicks += 1 }
        }
        XCTAssertNotEqual(id, 0)
        cgtk_signal_emit0(button, "clicked")
        gtk_button_clicked(button)
        XCTAssertEqual(clicks, 2)
        XCTAssertEqual(counter.value, 0, "the connected box must keep its payload alive")

        gtk_widget_destroy(gcast(button))  // dispose drops all handlers: GLib calls the closure notify
        XCTAssertEqual(counter.value, 1, "the signal box was not released when the widget was destroyed")
        gtk_button_clicked(button)
        XCTAssertEqual(clicks, 2, "a handler fired after destroy")
    }

    @MainActor
    private static func signalBoxIsReleasedOnDisconnect() throws {
        try requireGtk()
        let counter = DeinitCounter()
        let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        _ = g_object_ref_sink(list)
        defer { gtk_widget_destroy(gcast(list)); g_object_unref(list) }
        gtk_list_box_insert(list, gtk_label_new("first"), -1)
        gtk_list_box_insert(list, gtk_label_new("second"), -1)
        let secondRow = try XCTUnwrap(gtk_list_box_get_row_at_index(list, 1))
        var activated: [Int32] = []

        let id = Signal.connect(
            list, "row-activated", argument: UnsafeMutablePointer<GtkListBoxRow>.self
        ) { [probe = DeinitProbe(counter)] sender, row in
            withExtendedLifetime(probe) {
                XCTAssertEqual(sender, list)
                activated.append(row.map { gtk_list_box_row_get_index($0) } ?? -1)
            }
        }
        gtk_widget_activate(gcast(secondRow))
        XCTAssertEqual(activated, [1])
        XCTAssertEqual(counter.value, 0)

        Signal.disconnect(list, id)
        XCTAssertEqual(counter.value, 1, "the signal box was not released on disconnect")
        gtk_widget_activate(gcast(secondRow))
        XCTAssertEqual(activated, [1], "a disconnected handler fired")
    }

    @MainActor
    private static func eventSignalReturnValueReachesGtk() throws {
        try requireGtk()
        let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        defer { gtk_widget_destroy(gcast(window)) }
        gtk_widget_realize(gcast(window))
        var deleteEvents = 0
        Signal.connectEvent(window, "delete-event", argument: UnsafeMutablePointer<GdkEvent>.self) { _, event in
            deleteEvents += 1
            XCTAssertEqual(event?.pointee.type, GDK_DELETE)
            return true  // handled: keep the window
        }

        let event = try XCTUnwrap(gdk_event_new(GDK_DELETE))
        defer { gdk_event_free(event) }
        // GdkWindow is incomplete in the headers, so it imports as OpaquePointer; the event owns a ref.
        let gdkWindow = try XCTUnwrap(gtk_widget_get_window(gcast(window)))
        event.pointee.any.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gdkWindow)))
        XCTAssertEqual(gtk_widget_event(gcast(window), event), 1, "the handler's `true` did not reach GTK")
        XCTAssertEqual(deleteEvents, 1)
    }

    @MainActor
    private static func unknownSignalReturnsZeroAndReleasesBox() throws {
        try requireGtk()
        let counter = DeinitCounter()
        let label: UnsafeMutablePointer<GtkLabel> = gcast(gtk_label_new("x"))
        _ = g_object_ref_sink(label)
        defer { g_object_unref(label) }

        // GLib logs "no signal named …" as a warning; the point is that the box is not leaked.
        let id = Signal.connect(label, "no-such-signal") { [probe = DeinitProbe(counter)] _ in
            withExtendedLifetime(probe) {}
        }
        XCTAssertEqual(id, 0)
        XCTAssertEqual(counter.value, 1, "the box of a failed connection leaked")
    }

    @MainActor
    private static func performBoxIsReleasedAfterItRan() throws {
        try requireGtk()
        let counter = DeinitCounter()
        let observation = LoopObservation()

        Task.detached {
            // The probe lives only in the hopped closure's box.
            let probe = DeinitProbe(counter)
            GtkRuntime.perform {
                withExtendedLifetime(probe) { observation.record() }
            }
        }

        XCTAssertTrue(GtkRuntime.iterate(until: { observation.runs == 1 }), "GtkRuntime.perform never ran")
        XCTAssertTrue(
            GtkRuntime.iterate(until: { counter.value == 1 }, timeout: .seconds(2)),
            "the idle source's box was not released after it ran"
        )
        XCTAssertTrue(observation.onProcessMainThread)
    }
}
