import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The library's look comes from CSS in its own GResource bundle (Resources/GtkListManager),
/// read back from GTK's style contexts: the title rows, the footers, the drop placeholder on
/// every host, and an application's CSS winning over the theme.
final class ThemeTests: XCTestCase {
    func testTheLibraryAssetsAreRegisteredAsAGResource() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let css = try XCTUnwrap(LibraryResources.data(named: "theme.css"))
            XCTAssertTrue(String(decoding: css, as: UTF8.self).contains(".\(ListTheme.StyleClass.dropPlaceholder)"))
            let ui = try XCTUnwrap(LibraryResources.data(named: "section-title.ui"))
            XCTAssertTrue(String(decoding: ui, as: UTF8.self).contains("GtkLabel"))
            XCTAssertNil(LibraryResources.data(named: "missing.css"))
            XCTAssertTrue(
                g_resources_get_info("\(LibraryResources.path)/theme.css", G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0,
                "any GTK code finds it by its resource path")
        }
    }

    func testTitleRowsOfHeadersAndFootersTakeTheirLookFromTheTheme() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.titleRows(kind) }
        }
    }

    @MainActor private static func titleRows(_ kind: HostKind) throws {
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        shown.storage.setSectionHeaderModels(["Fruit", "Nuts"])
        shown.storage.setSectionFooterModels(["2 fruit", "1 nut"])
        shown.storage.setItemsForAllSections([[1, 2], [3]])
        XCTAssertEqual(
            shown.lines(), ["header Fruit", "item 1", "item 2", "footer 2 fruit", "header Nuts", "item 3", "footer 1 nut"], "\(kind)")

        for (position, role) in [(0, RowRole.header), (3, .footer), (4, .header), (6, .footer)] {
            let label = try XCTUnwrap(shown.manager.boundRow(atPosition: position)?.widget, "\(kind) \(position)")
            let isFooter = role == .footer
            XCTAssertEqual(hasClass(label, ListTheme.StyleClass.sectionTitle), !isFooter, "\(kind) \(position)")
            XCTAssertEqual(hasClass(label, ListTheme.StyleClass.sectionFooter), isFooter, "\(kind) \(position)")
            XCTAssertEqual(
                fontWeight(of: label), isFooter ? PANGO_WEIGHT_NORMAL.rawValue : PANGO_WEIGHT_BOLD.rawValue, "\(kind) \(position)")
            XCTAssertEqual(margin(of: label).top, isFooter ? 4 : 8, "\(kind) \(position): theme.css's margins")
        }
        let header = try XCTUnwrap(shown.manager.boundRow(atPosition: 0)?.widget)
        let footer = try XCTUnwrap(shown.manager.boundRow(atPosition: 3)?.widget)
        XCTAssertLessThan(fontSize(of: footer), fontSize(of: header), "\(kind): footers are smaller")
    }

    func testAnApplicationsCSSWinsOverTheTheme() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.applicationCSSWins()
        }
    }

    @MainActor private static func applicationCSSWins() throws {
        let shown = HostKind.listBox.makeShownManager()
        defer { shown.list.close() }
        shown.storage.setSectionHeaderModels(["Fruit"])
        shown.storage.setItemsForAllSections([[1]])
        shown.list.settleFrame()
        let title = try XCTUnwrap(shown.manager.boundRow(atPosition: 0)?.widget)
        XCTAssertEqual(fontWeight(of: title), PANGO_WEIGHT_BOLD.rawValue)

        let application = gtk_css_provider_new()!
        defer { g_object_unref(application) }
        XCTAssertNotEqual(
            gtk_css_provider_load_from_data(application, ".list-section-title { font-weight: 300; margin-top: 20px; }", -1, nil), 0)
        let screen = gdk_screen_get_default()
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(application), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        defer { gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(application)) }
        shown.list.settleFrame()
        XCTAssertEqual(fontWeight(of: title), 300)
        XCTAssertEqual(margin(of: title).top, 20)
        XCTAssertEqual(margin(of: title).leading, 12, "what the application leaves alone stays the theme's")
    }

    func testTheRowShowingADropPlaceholderCarriesItsStyleClassOnEveryHost() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.placeholderStyle(kind) }
        }
    }

    /// The placeholder model is -1 (a `NumberRow` like the others): only the class tells it apart.
    @MainActor private static func placeholderStyle(_ kind: HostKind) throws {
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        shown.storage.setItems([10, 20, 30, 40])
        _ = shown.lines()
        XCTAssertEqual(markedModels(shown), [:], "\(kind)")

        let drop = shown.manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 2, section: 0), showing: -1)
        XCTAssertEqual(shown.lines(), ["item 10", "item 20", "item -1", "item 30", "item 40"], "\(kind)")
        XCTAssertEqual(markedModels(shown), [2: "-1"], "\(kind)")

        try shown.storage.insertItem(5, to: IndexPath(item: 0, section: 0))
        try shown.storage.insertItem(-1, to: IndexPath(item: 5, section: 0))
        _ = shown.lines()
        XCTAssertEqual(markedModels(shown), [3: "-1"], "\(kind): the class follows the placeholder, not a model like it")

        drop.commitInsertion(ofItem: 25)
        XCTAssertEqual(shown.lines(), ["item 5", "item 10", "item 20", "item 25", "item 30", "item -1", "item 40"], "\(kind)")
        XCTAssertEqual(markedModels(shown), [:], "\(kind): a settled drop leaves no row marked")

        let removed = shown.manager.drop(DragItem(text: "u"), toPlaceholderAt: IndexPath(item: 0, section: 0), showing: -1)
        _ = shown.lines()
        XCTAssertEqual(markedModels(shown), [0: "-1"], "\(kind)")
        removed.deletePlaceholder()
        _ = shown.lines()
        XCTAssertEqual(markedModels(shown), [:], "\(kind)")
    }

    func testTheVirtualizedGridCarriesTheGridStyleClass() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let grid = HostKind.virtualizedGrid.makeHost(), list = HostKind.virtualizedList.makeHost()
            XCTAssertTrue(Self.hasClass(grid.widget, ListTheme.StyleClass.grid))
            XCTAssertFalse(Self.hasClass(list.widget, ListTheme.StyleClass.grid))
        }
    }

    // MARK: - Reading GTK's styles

    /// The bound rows whose host widget carries the placeholder class, by position, with the
    /// model each shows.
    @MainActor private static func markedModels(_ shown: ShownHost) -> [Int: String] {
        var marked: [Int: String] = [:]
        for position in 0..<shown.host.rowCount {
            guard let row = shown.host.boundRow(at: position), let widget = row.hostWidget,
                hasClass(widget, ListTheme.StyleClass.dropPlaceholder)
            else { continue }
            marked[position] = "\(row.model)"
        }
        return marked
    }

    @MainActor private static func hasClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    @MainActor private static func styleValue<T>(
        _ property: String, of widget: UnsafeMutablePointer<GtkWidget>, _ read: (UnsafeMutablePointer<GValue>) -> T
    ) -> T {
        let context = gtk_widget_get_style_context(widget)
        var value = GValue()
        gtk_style_context_get_property(context, property, gtk_style_context_get_state(context), &value)
        defer { g_value_unset(&value) }
        return read(&value)
    }

    @MainActor private static func fontWeight(of widget: UnsafeMutablePointer<GtkWidget>) -> UInt32 {
        styleValue("font-weight", of: widget) { UInt32(g_value_get_enum($0)) }
    }

    @MainActor private static func fontSize(of widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        styleValue("font-size", of: widget) { g_value_get_double($0) }
    }

    @MainActor private static func margin(of widget: UnsafeMutablePointer<GtkWidget>) -> (top: Int16, leading: Int16) {
        let context = gtk_widget_get_style_context(widget)
        var border = GtkBorder()
        gtk_style_context_get_margin(context, gtk_style_context_get_state(context), &border)
        return (border.top, border.left)
    }
}
