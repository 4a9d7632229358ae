import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// An item refreshed in place flashes (ListConfiguration.changeFlash) on every host that
/// refreshes rows in place: its row or tile carries `list-changed` for the flash's duration,
/// then not; nothing flashes by default, under `gtk-enable-animations` off, nor for rows
/// inserted, moved or bound for the first time; and a row recycled for another item never
/// carries the flash.
final class ChangeFlashTests: XCTestCase {
    private typealias Fixture = ChangeFlashFixture

    func testAnItemRefreshedInPlaceFlashesItsRowThenLosesTheClass() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Fixture.hosts {
                let (manager, list) = Fixture.show(20, on: make(), flash: ChangeFlash(duration: 0.2))
                defer { list.close() }
                XCTAssertEqual(Fixture.flashingItems(of: manager, count: 20), [], "\(name): nothing flashes on the first bind")
                try Fixture.change(3, to: "item 3, changed", in: manager)
                XCTAssertEqual(Fixture.flashingItems(of: manager, count: 20), [3], "\(name): the changed row flashes, alone")
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Fixture.flashingItems(of: manager, count: 20).isEmpty }, timeout: .seconds(5)),
                    "\(name): the flash is gone after its duration")
            }
        }
    }

    func testNothingFlashesByDefault() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            XCTAssertNil(ListConfiguration().changeFlash, "off by default")
            for (name, make) in Fixture.hosts {
                let (manager, list) = Fixture.show(20, on: make(), flash: nil)
                defer { list.close() }
                try Fixture.change(3, to: "item 3, changed", in: manager)
                list.settleFrame()
                XCTAssertFalse(Fixture.anyRowWidgetFlashes(in: manager), "\(name): no row flashes")
            }
        }
    }

    func testNothingFlashesWhileTheDesktopTurnsAnimationsOff() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            DesktopAnimations.set(false)
            defer { DesktopAnimations.set(true) }
            for (name, make) in Fixture.hosts {
                let (manager, list) = Fixture.show(20, on: make(), flash: ChangeFlash(duration: 5))
                defer { list.close() }
                try Fixture.change(3, to: "item 3, changed", in: manager)
                list.settleFrame()
                XCTAssertFalse(Fixture.anyRowWidgetFlashes(in: manager), "\(name): no row flashes")
            }
        }
    }

    func testRowsInsertedOrMovedDoNotFlash() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Fixture.hosts {
                let (manager, list) = Fixture.show(20, on: make(), flash: ChangeFlash(duration: 5))
                defer { list.close() }
                try manager.memoryStorage?.insertItem("inserted", to: IndexPath(item: 2, section: 0))
                manager.memoryStorage?.moveItem(at: IndexPath(item: 8, section: 0), to: IndexPath(item: 1, section: 0))
                list.settleFrame()
                XCTAssertFalse(Fixture.anyRowWidgetFlashes(in: manager), "\(name): no row flashes")
            }
        }
    }

    func testASecondChangeRestartsTheFlash() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Fixture.hosts {
                let (manager, list) = Fixture.show(20, on: make(), flash: ChangeFlash(duration: 1))
                defer { list.close() }
                let firstChange = g_get_monotonic_time()
                try Fixture.change(3, to: "item 3, changed", in: manager)
                _ = GtkRuntime.iterate(until: { g_get_monotonic_time() >= firstChange + 500_000 }, timeout: .seconds(5))
                try Fixture.change(3, to: "item 3, changed again", in: manager)
                // Past the first flash's end (the timer fired for it), well before the second's.
                _ = GtkRuntime.iterate(until: { g_get_monotonic_time() >= firstChange + 1_100_000 }, timeout: .seconds(5))
                XCTAssertEqual(Fixture.flashingItems(of: manager, count: 20), [3], "\(name): the second change flashes on")
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Fixture.flashingItems(of: manager, count: 20).isEmpty }, timeout: .seconds(5)),
                    "\(name): then the flash is gone")
            }
        }
    }

    func testARowRecycledForAnotherItemNeverCarriesTheFlash() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Fixture.hosts where name.hasPrefix("virtualized") {
                let (manager, list) = Fixture.show(2_000, on: make(), flash: ChangeFlash(duration: 30))
                defer { list.close() }
                try Fixture.change(1, to: "item 1, changed", in: manager)
                XCTAssertEqual(Fixture.flashingItems(of: manager, count: 10), [1], name)
                let rowWidget = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0))?.hostWidget)
                let adjustment = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
                list.settleFrame()
                XCTAssertNil(manager.boundRow(at: IndexPath(item: 1, section: 0)), "\(name): item 1's row was let go")
                XCTAssertFalse(Fixture.flashes(rowWidget), "\(name): item 1's row widget, reused or parked, lost its flash")
                XCTAssertFalse(Fixture.anyRowWidgetFlashes(in: manager), "\(name): no bound row flashes")
                gtk_adjustment_set_value(adjustment, 0)
                list.settleFrame()
                XCTAssertNotNil(manager.boundRow(at: IndexPath(item: 1, section: 0)), "\(name): item 1 is back")
                XCTAssertFalse(Fixture.anyRowWidgetFlashes(in: manager), "\(name): its flash ended when its row left")
            }
        }
    }

    func testTheThemeTintsAFlashingRowAndAnApplicationsCSSRestylesIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, list) = Fixture.show(20, on: ListBoxHost(), flash: ChangeFlash(duration: 30))
            defer { list.close() }
            try Fixture.change(3, to: "item 3, changed", in: manager)
            list.settleFrame()
            let flashing = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 3, section: 0))?.hostWidget)
            let still = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 4, section: 0))?.hostWidget)
            // The theme may animate a row's background (Adwaita's rows do): wait for the
            // stylesheet's quarter of the selection colour.
            var tint = GdkRGBA()
            GtkRuntime.iterate(
                until: {
                    tint = Self.background(of: flashing)
                    return abs(tint.alpha - 0.25) < 0.01
                }, timeout: .seconds(5))
            XCTAssertEqual(tint.alpha, 0.25, accuracy: 0.01, "a light tint, over the row's own background")
            XCTAssertNotEqual(Self.background(of: still).alpha, tint.alpha, "a row that did not change keeps its own")

            let application = gtk_css_provider_new()!
            defer { g_object_unref(application) }
            XCTAssertNotEqual(gtk_css_provider_load_from_data(application, ".list-changed { background-color: #ff0000; }", -1, nil), 0)
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(application), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer { gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(application)) }
            let red: [Double] = [1, 0, 0, 1]
            var restyled: [Double] = []
            GtkRuntime.iterate(
                until: {
                    let color = Self.background(of: flashing)
                    restyled = [color.red, color.green, color.blue, color.alpha]
                    return restyled == red
                }, timeout: .seconds(5))
            XCTAssertEqual(restyled, red, "the application's color")
        }
    }

    /// The CSS background color GTK computed for `widget` in its state.
    @MainActor private static func background(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        let context = gtk_widget_get_style_context(widget)
        var value = GValue()
        gtk_style_context_get_property(context, "background-color", gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        return g_value_get_boxed(&value)!.assumingMemoryBound(to: GdkRGBA.self).pointee
    }
}
