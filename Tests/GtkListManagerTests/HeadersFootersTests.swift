import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Section headers and footers as rows of the GtkListBox, the empty-section rules and the
/// placeholder (anchors-dt §2.6–2.7, §4.3 item 21). GtkListBox has no native headers or
/// footers: a header is the row before a section's items, a footer the row after them.
final class HeadersFootersTests: XCTestCase {
    // MARK: - Built-in titles

    func testStringHeaderShowsAsSectionTitleRowWithoutRegistration() throws {
        try MainActor.assumeIsolated { try Self.stringHeaderShowsAsSectionTitleRow() }
    }

    @MainActor private static func stringHeaderShowsAsSectionTitleRow() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionHeaderModels(["Fruit", "Vegetables & <herbs>"])
        storage.addItems([1, 2], toSection: 0)
        storage.addItems([3], toSection: 1)

        let rows = inspectRows(of: manager.listBox!)
        XCTAssertEqual(
            rows.map(\.description),
            [
                "header Fruit (SectionTitleRow)", "item 1 (NumberRow)", "item 2 (NumberRow)",
                "header Vegetables & <herbs> (SectionTitleRow)", "item 3 (NumberRow)",
            ])
        XCTAssertEqual(titleRow(manager, 0)?.title, "Fruit")
        XCTAssertEqual(titleRow(manager, 3)?.title, "Vegetables & <herbs>", "the title is escaped, not parsed as markup")
        XCTAssertEqual(anomalies.reports, [])
        assertListMatchesStorage(manager, storage)
    }

    func testStringFooterShowsAsSectionTitleRowAfterTheItems() throws {
        try MainActor.assumeIsolated { try Self.stringFooterShowsAfterTheItems() }
    }

    @MainActor private static func stringFooterShowsAfterTheItems() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0", "F1"])
        storage.addItems([1, 2], toSection: 0)
        storage.addItems([3], toSection: 1)

        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header H0 (SectionTitleRow)", "item 1 (NumberRow)", "item 2 (NumberRow)", "footer F0 (SectionTitleRow)",
                "header H1 (SectionTitleRow)", "item 3 (NumberRow)", "footer F1 (SectionTitleRow)",
            ])
        XCTAssertEqual(titleRow(manager, 3)?.title, "F0")
        XCTAssertEqual(titleRow(manager, 6)?.title, "F1")
        XCTAssertEqual(anomalies.reports, [])
        assertListMatchesStorage(manager, storage)
    }

    func testHeaderAndFooterRowsAreNotSelectableAndItemsAre() throws {
        try MainActor.assumeIsolated { try Self.headerAndFooterRowsAreNotSelectable() }
    }

    @MainActor private static func headerAndFooterRowsAreNotSelectable() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["H"])
        storage.setSectionFooterModels(["F"])
        storage.addItems([1, 2])

        let rows = inspectRows(of: manager.listBox!)
        XCTAssertEqual(rows.map(\.role), [.header, .item, .item, .footer])
        XCTAssertEqual(rows.map(\.selectable), [false, true, true, false])
        let activatable = (0..<rows.count).map { index in
            gtk_list_box_row_get_activatable(gtk_list_box_get_row_at_index(manager.listBox!, Int32(index))) != 0
        }
        XCTAssertEqual(activatable, [false, true, true, false])
    }

    // MARK: - Registered header views

    func testRegisteringHeaderClassSwitchesHeadersToIt() throws {
        try MainActor.assumeIsolated { try Self.registeringHeaderClassSwitchesHeadersToIt() }
    }

    @MainActor private static func registeringHeaderClassSwitchesHeadersToIt() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionHeaderModels(["H"])
        storage.setSectionFooterModels(["F"])
        storage.addItems([1])
        XCTAssertEqual(rowClasses(manager), ["SectionTitleRow", "NumberRow", "SectionTitleRow"])

        manager.registerHeader(CaptionRow.self)
        XCTAssertEqual(rowClasses(manager), ["CaptionRow", "NumberRow", "SectionTitleRow"], "footers keep the built-in title")
        let caption = try XCTUnwrap(manager.boundRow(atPosition: 0)?.widget)
        XCTAssertEqual(String(cString: gtk_label_get_text(gcast(caption))), "H")
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.selectable), [false, true, false])
        XCTAssertEqual(anomalies.reports, [])
        assertListMatchesStorage(manager, storage)
    }

    func testRegisteringFooterClassSwitchesFootersAndLeavesHeaders() throws {
        try MainActor.assumeIsolated { try Self.registeringFooterClassSwitchesFooters() }
    }

    @MainActor private static func registeringFooterClassSwitchesFooters() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        manager.registerFooter(CaptionRow.self)
        storage.setSectionHeaderModels(["H"])
        storage.setSectionFooterModels(["F"])
        storage.addItems([1])
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header H (SectionTitleRow)", "item 1 (NumberRow)", "footer F (CaptionRow)",
            ])
        XCTAssertEqual(anomalies.reports, [])
    }

    func testHeaderHandlerReceivesTheSectionIndexBeforeUpdate() throws {
        try MainActor.assumeIsolated { try Self.headerHandlerReceivesTheSectionIndex() }
    }

    @MainActor private static func headerHandlerReceivesTheSectionIndex() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        var calls: [String] = []
        manager.registerHeader(
            CaptionRow.self,
            handler: { view, model, section in
                calls.append("\(model)@\(section) label=\(String(cString: gtk_label_get_text(gcast(view.widget))))")
            })
        storage.setSectionHeaderModels(["A", "B"])
        storage.setItemsForAllSections([[1], [2]])
        XCTAssertEqual(calls, ["A@0 label=", "B@1 label="], "the handler runs before update(with:) fills the label")
    }

    func testPooledHeaderRowReusedAsItemBecomesSelectable() throws {
        try MainActor.assumeIsolated { try Self.pooledHeaderRowReusedAsItemBecomesSelectable() }
    }

    @MainActor private static func pooledHeaderRowReusedAsItemBecomesSelectable() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        manager.register(CaptionRow.self)
        manager.registerHeader(CaptionRow.self)
        storage.setSectionHeaderModels(["H"])
        storage.addItems([1])
        let headerWidget = try XCTUnwrap(inspectRows(of: manager.listBox!).first?.widget)
        storage.setSupplementaryModel(nil, ofKind: .header, forSection: 0)
        XCTAssertEqual(manager.pooledRowCount, 1)

        storage.addItem("item")
        let rows = inspectRows(of: manager.listBox!)
        XCTAssertEqual(rows.map(\.description), ["item 1 (NumberRow)", "item item (CaptionRow)"])
        XCTAssertEqual(rows[1].widget, headerWidget, "the pooled header view was reused (same reuse identifier)")
        XCTAssertEqual(rows.map(\.selectable), [true, true], "as an item it is selectable")
    }

    func testNonStringHeaderWithoutMappingShowsNoHeaderAndReportsAnomaly() throws {
        try MainActor.assumeIsolated { try Self.nonStringHeaderWithoutMappingShowsNoHeader() }
    }

    @MainActor private static func nonStringHeaderWithoutMappingShowsNoHeader() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        storage.setSectionHeaderModels([42])
        storage.addItems([1])

        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), ["item 1 (NumberRow)"])
        let expected = ManagerAnomaly.noSupplementaryMappingFound(kind: .header, modelDescription: "42", section: 0)
        XCTAssertFalse(anomalies.reports.isEmpty)
        XCTAssertTrue(anomalies.reports.allSatisfy { $0 == expected }, "\(anomalies.reports)")
    }

    // MARK: - Empty sections

    func testHiddenHeaderAndFooterOnEmptySectionAppearWithFirstItemAndGoWithLast() throws {
        try MainActor.assumeIsolated { try Self.hiddenOnEmptySectionFollowTheItems() }
    }

    @MainActor private static func hiddenOnEmptySectionFollowTheItems() throws {
        try requireGtk()
        let (manager, storage, anomalies) = makeManager()
        manager.configuration.displayHeaderOnEmptySection = false
        manager.configuration.displayFooterOnEmptySection = false
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0", "F1"])
        storage.addItems([], toSection: 1)
        XCTAssertEqual(storage.numberOfSections, 2)
        XCTAssertEqual(manager.rowCount, 0, "two empty sections show nothing")
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: false)

        storage.addItem(1, toSection: 1)
        XCTAssertEqual(rowClasses(manager), ["SectionTitleRow", "NumberRow", "SectionTitleRow"])
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: false)

        storage.addItem(2, toSection: 0)
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: false)

        storage.addItem(3, toSection: 1)
        try storage.removeItem(1)
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: false, "not the last item: both stay")

        try storage.removeItem(3)
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: false, "last item gone")
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header H0 (SectionTitleRow)", "item 2 (NumberRow)", "footer F0 (SectionTitleRow)",
            ])
        XCTAssertEqual(anomalies.reports, [])
    }

    func testHeaderOnlyHiddenOnEmptySectionKeepsFooter() throws {
        try MainActor.assumeIsolated { try Self.headerOnlyHiddenOnEmptySection() }
    }

    @MainActor private static func headerOnlyHiddenOnEmptySection() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        manager.configuration.displayHeaderOnEmptySection = false
        storage.setSectionHeaderModels(["H"])
        storage.setSectionFooterModels(["F"])
        storage.addItems([], toSection: 0)
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), ["footer F (SectionTitleRow)"])
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: true)

        storage.addItem(1)
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: true)
        storage.removeItems(fromSection: 0)
        assertListMatchesStorage(manager, storage, headerOnEmpty: false, footerOnEmpty: true)
    }

    func testEmptySectionsShowHeaderAndFooterByDefault() throws {
        try MainActor.assumeIsolated { try Self.emptySectionsShowHeaderAndFooterByDefault() }
    }

    @MainActor private static func emptySectionsShowHeaderAndFooterByDefault() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["H"])
        storage.setSectionFooterModels(["F"])
        storage.addItems([], toSection: 0)
        XCTAssertEqual(
            inspectRows(of: manager.listBox!).map(\.description),
            [
                "header H (SectionTitleRow)", "footer F (SectionTitleRow)",
            ])
        assertListMatchesStorage(manager, storage)
    }

    // MARK: - Refresh in place

    func testChangingHeaderModelsRefreshesTheHeaderRowInPlace() throws {
        try MainActor.assumeIsolated { try Self.changingHeaderModelsRefreshesInPlace() }
    }

    @MainActor private static func changingHeaderModelsRefreshesInPlace() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["Old"])
        storage.setSectionFooterModels(["Foot"])
        storage.addItems([1])
        let before = inspectRows(of: manager.listBox!).map(\.widget)

        storage.setSectionHeaderModels(["New"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), before, "the header widget is refreshed, not rebuilt")
        XCTAssertEqual(titleRow(manager, 0)?.title, "New")
        XCTAssertEqual(titleRow(manager, 2)?.title, "Foot")
        assertListMatchesStorage(manager, storage)

        storage.setSectionFooterModels(["Bottom"])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), before, "the footer widget is refreshed, not rebuilt")
        XCTAssertEqual(titleRow(manager, 2)?.title, "Bottom")
        assertListMatchesStorage(manager, storage)
    }

    func testRemovingHeaderModelRemovesTheHeaderRow() throws {
        try MainActor.assumeIsolated { try Self.removingHeaderModelRemovesTheHeaderRow() }
    }

    @MainActor private static func removingHeaderModelRemovesTheHeaderRow() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        storage.setSectionHeaderModels(["H"])
        storage.addItems([1])
        storage.setSupplementaryModel(nil, ofKind: .header, forSection: 0)
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), ["item 1 (NumberRow)"])
        assertListMatchesStorage(manager, storage)
    }

    // MARK: - Placeholder

    func testPlaceholderIsChildOfListBoxAndChildVisibleOnlyWhenEmpty() throws {
        try MainActor.assumeIsolated { try Self.placeholderVisibleOnlyWhenEmpty() }
    }

    @MainActor private static func placeholderVisibleOnlyWhenEmpty() throws {
        try requireGtk()
        let (manager, storage, _) = makeManager()
        let label = gtk_label_new("Nothing here")!
        _ = g_object_ref_sink(label)
        defer { g_object_unref(label) }
        manager.setPlaceholder(label)

        XCTAssertEqual(gtk_widget_get_parent(label).map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(manager.listBox!))
        XCTAssertEqual(gtk_widget_get_visible(label), 1, "the manager shows the placeholder widget")
        XCTAssertEqual(gtk_widget_get_child_visible(label), 1, "empty list: placeholder shown")
        XCTAssertTrue(inspectRows(of: manager.listBox!).isEmpty, "the placeholder is not a row")

        storage.addItems([1, 2])
        XCTAssertEqual(gtk_widget_get_child_visible(label), 0, "rows present: placeholder hidden")

        storage.removeItems([1, 2])
        XCTAssertEqual(manager.rowCount, 0)
        XCTAssertEqual(gtk_widget_get_child_visible(label), 1, "empty again: placeholder shown")

        storage.setItems([3])
        XCTAssertEqual(gtk_widget_get_child_visible(label), 0, "a reload with rows hides it")

        manager.setPlaceholder(nil)
        XCTAssertNil(gtk_widget_get_parent(label) as UnsafeMutablePointer<GtkWidget>?, "removing the placeholder unparents it")
    }

    // MARK: - Helpers

    @MainActor
    private static func titleRow(_ manager: ListManager, _ position: Int) -> SectionTitleRow? {
        manager.boundRow(atPosition: position)?.view as? SectionTitleRow
    }
}
