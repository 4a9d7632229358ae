import CGtk
import CGtkTestSupport
import GtkListManager
import XCTest

/// The CGtk module map and shim work: GTK types, functions and the cgtk_* wrappers import.
final class ListBoxSmokeTests: XCTestCase {
    func testListBoxHoldsInsertedRows() throws {
        try MainActor.assumeIsolated { try Self.listBoxHoldsInsertedRows() }
    }

    func testShimPropertyWrappers() throws {
        try MainActor.assumeIsolated { try Self.shimPropertyWrappers() }
    }

    @MainActor
    private static func listBoxHoldsInsertedRows() throws {
        try requireGtk()
        let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        _ = g_object_ref_sink(list)
        defer { gtk_widget_destroy(gcast(list)); g_object_unref(list) }

        for title in ["alpha", "beta", "gamma"] {
            gtk_list_box_insert(list, gtk_label_new(title), -1)
        }
        gtk_list_box_insert(list, gtk_label_new("first"), 0)

        let texts = (Int32(0)..<4).map { index -> String? in
            guard let row = gtk_list_box_get_row_at_index(list, index),
                let child = gtk_bin_get_child(gcast(row)),
                cgtk_is_label(child) != 0
            else { return nil }
            return String(cString: gtk_label_get_text(gcast(child)))
        }
        XCTAssertEqual(texts, ["first", "alpha", "beta", "gamma"])
        XCTAssertNil(gtk_list_box_get_row_at_index(list, 4))

        let row = try XCTUnwrap(gtk_list_box_get_row_at_index(list, 2))
        XCTAssertEqual(cgtk_is_list_box_row(row), 1)
        XCTAssertEqual(String(cString: cgtk_object_type_name(row)), "GtkListBoxRow")
        XCTAssertEqual(cgtk_object_type(row), gtk_list_box_row_get_type())
    }

    @MainActor
    private static func shimPropertyWrappers() throws {
        try requireGtk()
        let label: UnsafeMutablePointer<GtkLabel> = gcast(gtk_label_new("before"))
        _ = g_object_ref_sink(label)
        defer { g_object_unref(label) }

        cgtk_object_set_string(label, "label", "after")
        cgtk_object_set_int(label, "max-width-chars", 12)
        cgtk_object_set_bool(label, "selectable", 1)
        XCTAssertEqual(String(cString: gtk_label_get_text(label)), "after")
        XCTAssertEqual(gtk_label_get_max_width_chars(label), 12)
        XCTAssertEqual(cgtk_object_get_int(label, "max-width-chars"), 12)
        XCTAssertEqual(gtk_label_get_selectable(label), 1)
    }
}
