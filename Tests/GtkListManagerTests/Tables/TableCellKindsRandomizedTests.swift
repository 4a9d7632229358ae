import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import SeededRandom
import XCTest

/// Seeded random changes to a declared table of every kind of cell (text, toggle, progress,
/// number, choice, icon): items added, removed, changed and moved, columns hidden, shown and
/// moved, scrolls, on both hosts; after every step each bound row's cells read, as a screen
/// reader reads them from the widgets, what their model says: a check box checked or not, a
/// progress bar's value, a number's, a choice's and a name's text, an icon's description.
final class TableCellKindsRandomizedTests: XCTestCase {
    struct Gadget: Identifiable, Equatable, Sendable {
        var id: Int
        var name: String
        var isOn: Bool
        var fraction: Double
        var amount: Double
        var priority: String
        var icon: String
    }

    private static let priorities = ["low", "normal", "high"]
    private static let icons = ["folder", "text-x-generic", "emblem-ok-symbolic"]
    private static let columns = ["name", "on", "done", "amount", "priority", "kind"]

    private static func random(_ id: Int, _ random: inout SplitMix64) -> Gadget {
        Gadget(
            id: id, name: "gadget \(id)", isOn: Bool.random(using: &random), fraction: Double(Int.random(in: 0...20, using: &random)) / 20,
            amount: Double(Int.random(in: 0...400, using: &random)) / 2, priority: priorities.randomElement(using: &random)!,
            icon: icons.randomElement(using: &random)!)
    }

    /// What a screen reader reads of `gadget` in `column`.
    private static func expected(_ gadget: Gadget, _ column: String) -> String {
        switch column {
        case "name": gadget.name
        case "on": gadget.isOn ? "checked" : "unchecked"
        case "done": "\(Int((gadget.fraction * 100).rounded()))%"
        case "amount": String(gadget.amount)  // one digit, as `digits: 1` writes it
        case "priority": gadget.priority
        default: gadget.icon
        }
    }

    func testRandomItemColumnAndScrollChangesShowEveryCellKindRightOnBothHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in TableFixture.hosts { try Self.run(seed: 7, on: make(), name) }
        }
    }

    @MainActor private static func run(seed: UInt64, on host: any ListHost, _ name: String) throws {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        func newGadget() -> Gadget {
            nextID += 1
            return Self.random(nextID, &random)
        }
        var gadgets = (0..<40).map { _ in newGadget() }
        let manager = ListManager(host: host)
        let table = manager.makeTable(of: Gadget.self) {
            ModelColumn("Name", id: "name", text: \.name).width(.fixed(110))
            ModelColumn("On", id: "on", toggle: \.isOn).width(.fixed(60))
            ModelColumn("Done", id: "done", progress: \.fraction).width(.fixed(100))
            ModelColumn("Amount", id: "amount", number: \.amount, digits: 1).width(.fixed(90))
            ModelColumn("Priority", id: "priority", choice: \.priority, from: priorities).width(.fixed(90))
            ModelColumn("Kind", id: "kind", icon: \.icon, description: \.icon).width(.fixed(60))
        }
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems(gadgets)
        let list = ShownList(manager, width: 640, height: 360)
        defer { list.close() }
        list.settleFrame()
        // The columns as the user arranges them (the header's menu, a drag).
        var order = Self.columns, hidden: Set<String> = []
        func setColumns() {
            var state = table.state
            state.order = order
            state.hidden = hidden
            table.state = state
        }
        var shown: [String] { order.filter { !hidden.contains($0) } }
        try check(gadgets, shown, table, manager, "\(name), start")

        for step in 0..<80 {
            let context = "\(name), step \(step)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let gadget = newGadget(), at = Int.random(in: 0...gadgets.count, using: &random)
                try storage.insertItem(gadget, to: IndexPath(item: at, section: 0))
                gadgets.insert(gadget, at: at)
            case 1 where gadgets.count > 10:
                let at = Int.random(in: 0..<gadgets.count, using: &random)
                storage.removeItems(at: [IndexPath(item: at, section: 0)])
                gadgets.remove(at: at)
            case 2...4:
                let at = Int.random(in: 0..<gadgets.count, using: &random)
                var changed = Self.random(gadgets[at].id, &random)
                changed.name = gadgets[at].name
                try storage.replaceItem(at: IndexPath(item: at, section: 0), with: changed)
                gadgets[at] = changed
            case 5:
                let from = Int.random(in: 0..<gadgets.count, using: &random), to = Int.random(in: 0..<gadgets.count, using: &random)
                storage.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
                gadgets.insert(gadgets.remove(at: from), at: to)
            case 6:
                // A column other than the name hidden, or shown again.
                let column = Self.columns.dropFirst().randomElement(using: &random)!
                if hidden.contains(column) { hidden.remove(column) } else { hidden.insert(column) }
                setColumns()
            case 7:
                let column = order.remove(at: Int.random(in: 0..<order.count, using: &random))
                order.insert(column, at: Int.random(in: 0...order.count, using: &random))
                setColumns()
            default:
                _ = manager.scrollTo(
                    IndexPath(item: Int.random(in: 0..<gadgets.count, using: &random), section: 0),
                    alignment: Bool.random(using: &random) ? .top : .bottom)
            }
            list.settleFrame()
            try check(gadgets, shown, table, manager, context)
        }
    }

    /// Every bound, mapped row's cells, read through ATK from the table in the order of `shown`,
    /// against `gadgets`; at least one row is on screen.
    @MainActor private static func check(
        _ gadgets: [Gadget], _ shown: [String], _ table: ListTable, _ manager: ListManager, _ context: String
    ) throws {
        XCTAssertEqual(manager.memoryStorage?.numberOfItems(inSection: 0), gadgets.count, "\(context): rows")
        XCTAssertEqual(table.shownColumns.map(\.column.id), shown, "\(context): the columns shown")
        let atkTable = OpaquePointer(try XCTUnwrap(gtk_widget_get_accessible(manager.widget)))
        XCTAssertEqual(atk_table_get_n_columns(atkTable), Int32(shown.count), "\(context): columns")
        var checked = 0
        for item in gadgets.indices {
            guard let row = manager.boundRow(at: IndexPath(item: item, section: 0)), gtk_widget_get_mapped(row.widget) != 0 else {
                continue
            }
            let read = try shown.indices.map { column in try reading(atkTable, row: item, column: column, "\(context), row \(item)") }
            XCTAssertEqual(read, shown.map { expected(gadgets[item], $0) }, "\(context), row \(item) (\(shown))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0, "\(context): no row shown")
    }

    /// What a screen reader reads of the cell at (`row`, `column`): a check box's state, a
    /// progress bar's value as a percentage, else the cell's name.
    @MainActor private static func reading(_ table: OpaquePointer, row: Int, column: Int, _ context: String) throws -> String {
        let cell = try XCTUnwrap(atk_table_ref_at(table, Int32(row), Int32(column)), context)
        defer { g_object_unref(gpointer(cell)) }
        guard atk_object_get_n_accessible_children(cell) == 1, let content = atk_object_ref_accessible_child(cell, 0) else {
            return atk_object_get_name(cell).map { String(cString: $0) } ?? ""
        }
        defer { g_object_unref(gpointer(content)) }
        switch atk_object_get_role(content) {
        case ATK_ROLE_CHECK_BOX:
            let states = atk_object_ref_state_set(content)
            defer { g_object_unref(gpointer(states)) }
            return atk_state_set_contains_state(states, ATK_STATE_CHECKED) != 0 ? "checked" : "unchecked"
        case ATK_ROLE_PROGRESS_BAR:
            var value = 0.0
            atk_value_get_value_and_text(OpaquePointer(content), &value, nil)
            return "\(Int(value.rounded()))%"
        default:
            return atk_object_get_name(cell).map { String(cString: $0) } ?? ""
        }
    }
}
