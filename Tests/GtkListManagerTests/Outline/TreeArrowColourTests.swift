import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The colour a tree's disclosure arrow is drawn in. GTK 3 keeps, for each symbolic icon, one
/// coloured copy per colour it was ever drawn in and never drops one; a row's colour fades
/// through every shade between two when it is selected (Adwaita's `row` transition). An arrow
/// drawn in its row's colour (`alpha(currentColor, 0.7)`) so added a copy (about 1.2 KB) per
/// frame of every selection's fade: the soak's tree grew 2.3 MiB every 10 minutes (issue 58).
final class TreeArrowColourTests: XCTestCase {
    /// A stylesheet giving rows `color`, as a fade does frame by frame. The arrow is drawn in a
    /// copy of its row's style node with the arrow's class added, which this leaves alone.
    private static func rowColour(_ color: String) -> String {
        "row:not(.\(ListTheme.StyleClass.outlineExpander)) { color: \(color); transition: none; }"
    }

    func testTheArrowKeepsItsThemeColourWhateverColourItsRowFadesThrough() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let provider = gtk_css_provider_new()!
            defer { g_object_unref(provider) }
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer { gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider)) }
            for (name, make) in TreeFixture.hosts {
                let (manager, _, list) = TreeFixture.show(TreeFixture.files(), on: make()) {
                    $0.register(TreeFixture.NameRow.self)
                }
                defer { list.close() }
                let home = IndexPath(item: 0, section: 0)
                list.settleFrame()
                // A list box selects its first row when the window first takes the focus.
                for selected in manager.selectedIndexPaths { manager.deselectItem(at: selected) }
                // The arrow of "home" (closed, with children) while its row shows `color`.
                @MainActor func arrow(inRowColour color: String) -> [UInt32] {
                    XCTAssertNotEqual(
                        gtk_css_provider_load_from_data(provider, Self.rowColour(color), -1, nil), 0)
                    list.settleFrame()
                    let row = manager.boundRow(at: home)!
                    return WidgetPixels.read(row.hostWidget!, region: TreeFixture.arrowRegion(of: row))
                }
                let shades = ["#000000", "#ff0000", "#00ff00", "#204a87", "#808080"].map(arrow(inRowColour:))
                XCTAssertGreaterThan(Set(shades[0]).count, 1, "\(name): the arrow is drawn")
                for (index, shade) in shades.enumerated().dropFirst() {
                    XCTAssertTrue(shade == shades[0], "\(name): the arrow's colour does not follow its row's (shade \(index))")
                }
                // Selected, the arrow takes the theme's selected colour: one more copy, not one a frame.
                manager.selectItem(at: home)
                list.settleFrame()
                XCTAssertTrue(arrow(inRowColour: "#000000") != shades[0], "\(name): a selected row's arrow shows on its selection")
            }
        }
    }
}
