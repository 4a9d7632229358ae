import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The bound rows as ATK sees them.
extension VirtualListHostTests {
    func testAccessibilitySeesTheBoundRowsAndTheirPlaceInTheWholeList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.accessibility()
        }
    }

    /// The ATK attributes of `object` by name.
    @MainActor private static func attributes(_ object: UnsafeMutablePointer<AtkObject>) -> [String: String] {
        let set = atk_object_get_attributes(object)
        defer { atk_attribute_set_free(set) }
        var found: [String: String] = [:]
        for attribute in GListSequence(set, of: AtkAttribute.self) {
            if let name = attribute.pointee.name, let value = attribute.pointee.value {
                found[String(cString: name)] = String(cString: value)
            }
        }
        return found
    }

    @MainActor private static func accessibility() throws {
        let (_, host, list) = makeList()
        defer { list.close() }
        gtk_adjustment_set_value(host.verticalAdjustment!, 30_000)
        settle(list)
        let accessible = try XCTUnwrap(gtk_widget_get_accessible(host.widget))
        XCTAssertEqual(atk_object_get_role(accessible), ATK_ROLE_LIST)
        XCTAssertEqual(attributes(accessible)["setsize"], "10000", "the list reports every row, bound or not")
        var bound: [Int] = []
        host.forEachBoundRow { position, _ in bound.append(position) }
        XCTAssertEqual(Int(atk_object_get_n_accessible_children(accessible)), bound.count, "bound rows only, not the spare widgets")
        var places: [Int] = []
        for index in 0..<atk_object_get_n_accessible_children(accessible) {
            let row = try XCTUnwrap(atk_object_ref_accessible_child(accessible, index))
            defer { g_object_unref(row) }
            XCTAssertEqual(atk_object_get_role(row), ATK_ROLE_LIST_ITEM)
            let rowAttributes = attributes(row)
            XCTAssertEqual(rowAttributes["setsize"], "10000")
            let place = try XCTUnwrap(rowAttributes["posinset"].flatMap { Int($0) })
            places.append(place - 1)
            let label = try XCTUnwrap(atk_object_ref_accessible_child(row, 0))
            defer { g_object_unref(label) }
            XCTAssertEqual(
                atk_object_get_name(label).map { String(cString: $0).split(separator: "\n").first.map(String.init) ?? "" },
                String(place - 1), "a row reads as its text")
        }
        XCTAssertEqual(places.sorted(), bound)
    }
}
