import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Foldable declarative sections: a folded section shows its header and footer, not its
/// rows; the state follows the last of a declaration change and `setFolded` / toggle.
final class DeclarativeFoldingTests: XCTestCase {
    private static let fruit = SectionSpec(
        id: "fruit", header: "Fruit", footer: "end", folded: true, rows: [RowSpec(model: "apple"), RowSpec(model: "pear")])
    private static let vegetables = SectionSpec(id: "veg", header: "Vegetables", rows: [RowSpec(model: "leek")])

    func testACollapsedSectionShowsItsHeaderAndFooterButNoRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.foldedSectionShowsHeaderAndFooter()
        }
    }

    @MainActor private static func foldedSectionShowsHeaderAndFooter() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        XCTAssertEqual(
            shownRows(list.manager).map(\.description),
            [
                "header Fruit (SectionTitleRow: Fruit)", "footer end (SectionTitleRow: end)",
                "header Vegetables (SectionTitleRow: Vegetables)", "item leek (TitleRow: leek)",
            ])
        XCTAssertEqual(list.manager.isSectionFolded("fruit"), true)
        XCTAssertEqual(list.manager.isSectionFolded("veg"), false)
        XCTAssertNil(list.manager.isSectionFolded("nuts"))
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

        XCTAssertTrue(list.manager.setFolded(false, forSection: "fruit"))
        var expanded = fruit
        expanded.folded = false
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, vegetables]))
        let after = inspectRows(of: list.manager.listBox!)
        XCTAssertEqual(after[0].widget, before[0].widget, "the header stays")
        XCTAssertEqual(after[3].widget, before[1].widget, "the footer stays")
        XCTAssertEqual(after.last?.widget, before.last?.widget, "the other section's rows stay")

        XCTAssertTrue(list.manager.toggleFolded(forSection: "veg"))
        XCTAssertEqual(list.manager.isSectionFolded("veg"), true)
        var foldedVegetables = vegetables
        foldedVegetables.folded = true
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, foldedVegetables]))

        XCTAssertFalse(list.manager.setFolded(true, forSection: "nuts"), "no such section")
        XCTAssertFalse(list.manager.toggleFolded(forSection: "nuts"))
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, foldedVegetables]), "nothing changed")
    }

    func testTheLastOfADeclarationChangeAndSetCollapsedDecides() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.lastChangeDecides()
        }
    }

    @MainActor private static func lastChangeDecides() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        list.manager.setFolded(false, forSection: "fruit")
        list.manager.setFolded(true, forSection: "veg")

        list.show([fruit, vegetables])
        XCTAssertEqual(list.manager.isSectionFolded("fruit"), false, "the same declaration keeps the user's choice")
        XCTAssertEqual(list.manager.isSectionFolded("veg"), true)

        var changed = vegetables
        changed.folded = true
        list.show([fruit, changed])
        XCTAssertEqual(list.manager.isSectionFolded("veg"), true)
        changed.folded = false
        list.show([fruit, changed])
        XCTAssertEqual(list.manager.isSectionFolded("veg"), false, "a changed declaration wins")
        var expanded = fruit
        expanded.folded = false
        XCTAssertEqual(shownRows(list.manager), expectedRows([expanded, changed]))

        list.show([vegetables])
        list.show([fruit, vegetables])
        XCTAssertEqual(list.manager.isSectionFolded("fruit"), true, "a section declared anew starts as declared")
    }
}
