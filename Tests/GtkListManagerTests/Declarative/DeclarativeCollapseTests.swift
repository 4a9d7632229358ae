import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Collapsible declarative sections: a collapsed section shows its header and footer, not its
/// rows; the state follows the last of a declaration change and `setCollapsed` / toggle.
final class DeclarativeCollapseTests: XCTestCase {
    private static let fruit = SectionSpec(
        id: "fruit", header: "Fruit", footer: "end", collapsed: true, rows: [RowSpec(model: "apple"), RowSpec(model: "pear")])
    private static let vegetables = SectionSpec(id: "veg", header: "Vegetables", rows: [RowSpec(model: "leek")])

    func testACollapsedSectionShowsItsHeaderAndFooterButNoRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.collapsedSectionShowsHeaderAndFooter()
        }
    }

    @MainActor private static func collapsedSectionShowsHeaderAndFooter() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        XCTAssertEqual(
            shownRows(list.manager).map(\.description),
            [
                "header Fruit (SectionTitleRow: Fruit)", "footer end (SectionTitleRow: end)",
                "header Vegetables (SectionTitleRow: Vegetables)", "item leek (TitleRow: leek)",
            ])
        XCTAssertEqual(list.manager.isSectionCollapsed("fruit"), true)
        XCTAssertEqual(list.manager.isSectionCollapsed("veg"), false)
        XCTAssertNil(list.manager.isSectionCollapsed("nuts"))
    }

    func testSetCollapsedAndToggleAnimateLikeAnUpdateAndOtherRowsKeepTheirWidgets() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.setCollapsedAndToggle()
        }
    }

    @MainActor private static func setCollapsedAndToggle() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        let before = inspectRows(of: list.manager.listBox!)

        XCTAssertTrue(list.manager.setCollapsed(false, forSection: "fruit"))
        var expanded = fruit
        expanded.collapsed = false
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, vegetables]))
        let after = inspectRows(of: list.manager.listBox!)
        XCTAssertEqual(after[0].widget, before[0].widget, "the header stays")
        XCTAssertEqual(after[3].widget, before[1].widget, "the footer stays")
        XCTAssertEqual(after.last?.widget, before.last?.widget, "the other section's rows stay")

        XCTAssertTrue(list.manager.toggleCollapsed(forSection: "veg"))
        XCTAssertEqual(list.manager.isSectionCollapsed("veg"), true)
        var collapsedVegetables = vegetables
        collapsedVegetables.collapsed = true
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, collapsedVegetables]))

        XCTAssertFalse(list.manager.setCollapsed(true, forSection: "nuts"), "no such section")
        XCTAssertFalse(list.manager.toggleCollapsed(forSection: "nuts"))
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, collapsedVegetables]), "nothing changed")
    }

    func testTheLastOfADeclarationChangeAndSetCollapsedDecides() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.lastChangeDecides()
        }
    }

    @MainActor private static func lastChangeDecides() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        list.manager.setCollapsed(false, forSection: "fruit")
        list.manager.setCollapsed(true, forSection: "veg")

        list.show([fruit, vegetables])
        XCTAssertEqual(list.manager.isSectionCollapsed("fruit"), false, "the same declaration keeps the user's choice")
        XCTAssertEqual(list.manager.isSectionCollapsed("veg"), true)

        var changed = vegetables
        changed.collapsed = true
        list.show([fruit, changed])
        XCTAssertEqual(list.manager.isSectionCollapsed("veg"), true)
        changed.collapsed = false
        list.show([fruit, changed])
        XCTAssertEqual(list.manager.isSectionCollapsed("veg"), false, "a changed declaration wins")
        var expanded = fruit
        expanded.collapsed = false
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, changed]))

        list.show([vegetables])
        list.show([fruit, vegetables])
        XCTAssertEqual(list.manager.isSectionCollapsed("fruit"), true, "a section declared anew starts as declared")
    }
}
