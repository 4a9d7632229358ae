import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// A table flashes the cells whose text changed when an item is refreshed in place
/// (ListConfiguration.changeFlash), not its whole row, on both table hosts: the changed
/// cell carries `list-changed` for the flash's duration, then not; the other cells and the
/// row never do; nothing flashes under `gtk-enable-animations` off; a row recycled for
/// another item never carries a cell's flash.
final class TableChangeFlashTests: XCTestCase {
    private struct Quote: Hashable {
        var name: String
        var price: Int
    }

    @MainActor private static func show(_ count: Int, on host: any ListHost, flash: ChangeFlash?) -> (ListManager, ShownList) {
        var configuration = ListConfiguration()
        configuration.changeFlash = flash
        let manager = ListManager(host: host, configuration: configuration)
        _ = manager.makeTable(columns: [TableColumn("name", title: "Name"), TableColumn("price", title: "Price")])
        manager.register(TextCell.self, for: Quote.self, column: "name") { cell, quote, _ in cell.text = quote.name }
        manager.register(TextCell.self, for: Quote.self, column: "price") { cell, quote, _ in cell.text = "\(quote.price)" }
        manager.memoryStorage?.setItems((0..<count).map { Quote(name: "share \($0)", price: 100 + $0) })
        let list = ShownList(manager)
        list.settleFrame()
        return (manager, list)
    }

    /// The flashing parts of `item`'s bound row: "row" for the row, else its columns' ids.
    @MainActor private static func flashingParts(ofItem item: Int, in manager: ListManager) -> [String] {
        guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)) else { return [] }
        var parts: [String] = []
        if let hostWidget = row.hostWidget, ChangeFlashFixture.flashes(hostWidget) { parts.append("row") }
        if ChangeFlashFixture.flashes(row.widget) { parts.append("row") }
        let cells = (row.view as? TableRowView)?.cells ?? []
        for (index, cell) in cells.enumerated() where cell.map({ ChangeFlashFixture.flashes($0.widget) }) ?? false {
            parts.append(["name", "price"][index])
        }
        return parts
    }

    @MainActor private static func flashingParts(in manager: ListManager, items: Range<Int>) -> [Int: [String]] {
        var flashing: [Int: [String]] = [:]
        for item in items {
            let parts = flashingParts(ofItem: item, in: manager)
            if !parts.isEmpty { flashing[item] = parts }
        }
        return flashing
    }

    private static func change(_ item: Int, price: Int, in manager: ListManager) throws {
        try MainActor.assumeIsolated {
            try manager.memoryStorage?.replaceItem(at: IndexPath(item: item, section: 0), with: Quote(name: "share \(item)", price: price))
        }
    }

    func testOnlyTheCellWhoseTextChangedFlashesThenLosesTheClass() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts {
                let (manager, list) = Self.show(20, on: make(), flash: ChangeFlash(duration: 0.2))
                defer { list.close() }
                XCTAssertEqual(Self.flashingParts(in: manager, items: 0..<20), [:], "\(name): nothing flashes on the first bind")
                try Self.change(2, price: 999, in: manager)
                XCTAssertEqual(Self.flashingParts(in: manager, items: 0..<20), [2: ["price"]], "\(name): the price cell alone")
                try Self.change(4, price: 104, in: manager)
                XCTAssertEqual(
                    Self.flashingParts(in: manager, items: 0..<20), [2: ["price"]],
                    "\(name): a refresh that changes no text flashes nothing")
                XCTAssertTrue(
                    GtkRuntime.iterate(until: { Self.flashingParts(in: manager, items: 0..<20).isEmpty }, timeout: .seconds(5)),
                    "\(name): the flash is gone after its duration")
            }
        }
    }

    func testNoCellFlashesWhileTheDesktopTurnsAnimationsOff() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            DesktopAnimations.set(false)
            defer { DesktopAnimations.set(true) }
            for (name, make) in TableFixture.hosts {
                let (manager, list) = Self.show(20, on: make(), flash: ChangeFlash(duration: 5))
                defer { list.close() }
                try Self.change(2, price: 999, in: manager)
                list.settleFrame()
                XCTAssertEqual(Self.flashingParts(in: manager, items: 0..<20), [:], "\(name): nothing flashes")
            }
        }
    }

    func testARecycledRowNeverCarriesAnotherItemsCellFlash() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, list) = Self.show(2_000, on: VirtualListHost(), flash: ChangeFlash(duration: 30))
            defer { list.close() }
            try Self.change(1, price: 999, in: manager)
            let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: 1, section: 0)))
            let priceCell = try XCTUnwrap((row.view as? TableRowView)?.cells[1]?.widget)
            XCTAssertTrue(ChangeFlashFixture.flashes(priceCell), "the price cell flashes")
            // What the text cells draw: the theme's tint behind the changed text, nothing
            // behind the other (a text cell draws no background of its own).
            let nameCell = try XCTUnwrap((row.view as? TableRowView)?.cells[0]?.widget)
            list.settleFrame()
            XCTAssertTrue(list.wait(until: { WidgetPixels.pixel(of: priceCell, x: 2, y: 2) >> 24 != 0 }), "the tint is drawn")
            XCTAssertEqual(WidgetPixels.pixel(of: nameCell, x: 2, y: 2) >> 24, 0, "no tint behind an unchanged text")
            let adjustment = gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))!
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            list.settleFrame()
            XCTAssertNil(manager.boundRow(at: IndexPath(item: 1, section: 0)), "item 1's row was let go")
            XCTAssertFalse(ChangeFlashFixture.flashes(priceCell), "its cell, reused or parked, lost the flash")
            gtk_adjustment_set_value(adjustment, 0)
            list.settleFrame()
            XCTAssertEqual(Self.flashingParts(in: manager, items: 0..<20), [:], "item 1 is back, not flashing")
        }
    }
}
