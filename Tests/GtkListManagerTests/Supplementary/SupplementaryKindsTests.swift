import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Supplementary views of any kind (DTCollectionViewManager's `registerSupplementary(_:ofKind:)`)
/// on every host: a section shows its header, the kinds placed before its items, its items,
/// the kinds placed after them and its footer, read from GTK after every change.
final class SupplementaryKindsTests: XCTestCase {
    private static let banner: SupplementaryKind = "banner"
    private static let summary: SupplementaryKind = "summary"
    private static let note: SupplementaryKind = "note"

    /// A shown manager with `KindLabel`s for a banner before the items and a summary and a note
    /// after them (registered in that order).
    @MainActor private static func managerWithKinds(_ kind: HostKind, _ configuration: ListConfiguration = ListConfiguration()) -> ShownHost
    {
        let shown = kind.makeShownManager(configuration)
        shown.manager.registerSupplementary(KindLabel.self, ofKind: summary, placement: .afterItems)
        shown.manager.registerSupplementary(KindLabel.self, ofKind: banner)
        shown.manager.registerSupplementary(KindLabel.self, ofKind: note, placement: .afterItems)
        return shown
    }

    @MainActor private static func expected(_ shown: ShownHost, othersOnEmpty: Bool = true) -> [[ExpectedRow]] {
        expectedSections(of: shown.storage, before: [banner], after: [summary, note], othersOnEmpty: othersOnEmpty)
    }

    // MARK: - Placement

    func testEachKindShowsInItsPlaceBetweenHeaderAndFooter() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.eachKindInItsPlace(kind) }
        }
    }

    @MainActor private static func eachKindInItsPlace(_ kind: HostKind) throws {
        let shown = managerWithKinds(kind)
        defer { shown.list.close() }
        let storage = shown.storage
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0", "F1"])
        storage.setSupplementaryModels(["B0", nil], ofKind: banner)
        storage.setSupplementaryModels(["S0", "S1"], ofKind: summary)
        storage.setSupplementaryModels([nil, "N1"], ofKind: note)
        storage.addItems([1, 2], toSection: 0)
        storage.addItems([3], toSection: 1)

        XCTAssertEqual(
            shown.lines(),
            [
                "header H0", "banner B0", "item 1", "item 2", "summary S0", "footer F0",
                "header H1", "item 3", "summary S1", "note N1", "footer F1",
            ], "\(kind)")
        XCTAssertEqual(shown.manager.location(ofPosition: 1), .supplementary(banner, inSection: 0))
        XCTAssertEqual(shown.manager.location(ofPosition: 9), .supplementary(note, inSection: 1))
        XCTAssertEqual(shown.anomalies.reports, [], "\(kind)")
    }

    func testChangesOfSupplementaryModelsAndSectionsKeepEveryKindInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.changesKeepKindsInPlace(kind) }
        }
    }

    @MainActor private static func changesKeepKindsInPlace(_ kind: HostKind) throws {
        let shown = managerWithKinds(kind)
        defer { shown.list.close() }
        let storage = shown.storage
        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSupplementaryModels(["B0"], ofKind: banner)
        storage.setSupplementaryModels(["S0", "S1"], ofKind: summary)
        storage.setItemsForAllSections([[1, 2], [3]])
        XCTAssertEqual(shown.sections(), expected(shown), "\(kind): loaded")

        let summaryView = shown.manager.boundRow(atPosition: 4)
        XCTAssertEqual(summaryView?.role, .supplementary(summary))
        storage.setSupplementaryModel("S0 changed", ofKind: summary, forSection: 0)
        XCTAssertEqual(shown.sections(), expected(shown), "\(kind): a summary changed")
        XCTAssertTrue(shown.manager.boundRow(atPosition: 4) === summaryView, "\(kind): the summary view is refreshed in place")
        XCTAssertEqual(gtk_label_get_text(gcast(summaryView!.widget)).map { String(cString: $0) }, "S0 changed")

        let steps: [(String, () -> Void)] = [
            ("a banner comes", { storage.setSupplementaryModel("B1", ofKind: Self.banner, forSection: 1) }),
            ("a banner goes", { storage.setSupplementaryModel(nil, ofKind: Self.banner, forSection: 0) }),
            ("a note comes", { storage.setSupplementaryModel("N0", ofKind: Self.note, forSection: 0) }),
            (
                "a section is inserted",
                {
                    storage.insertSection(SectionModel(items: [7]), at: 0)
                    storage.setSupplementaryModel("B new", ofKind: Self.banner, forSection: 0)
                }
            ),
            (
                "items come and go",
                {
                    storage.addItems([4, 5], toSection: 2)
                    storage.removeItems(at: [IndexPath(item: 0, section: 1)])
                }
            ),
            ("a section moves", { storage.moveSection(2, toSection: 0) }),
            ("an item moves across sections", { storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 2)) }),
            ("a section is emptied", { storage.removeItems(fromSection: 1) }),
            ("a section is deleted", { storage.deleteSections([0]) }),
        ]
        for (name, step) in steps {
            step()
            XCTAssertEqual(shown.sections(), expected(shown), "\(kind): \(name)")
        }
        XCTAssertEqual(shown.anomalies.reports, [], "\(kind)")
    }

    func testEmptySectionsHideOtherKindsWhenTheConfigurationSaysSo() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.emptySectionsHideKinds(kind) }
        }
    }

    @MainActor private static func emptySectionsHideKinds(_ kind: HostKind) throws {
        var configuration = ListConfiguration()
        configuration.displaySupplementaryViewsOnEmptySection = false
        let shown = managerWithKinds(kind, configuration)
        defer { shown.list.close() }
        let storage = shown.storage
        storage.setSectionHeaderModels(["H0"])
        storage.setSupplementaryModels(["B0"], ofKind: banner)
        storage.setSupplementaryModels(["S0"], ofKind: summary)
        storage.insertSection(SectionModel(items: [Int]()), at: 0)
        XCTAssertEqual(shown.lines(), ["header H0"], "\(kind): the header shows on an empty section, the other kinds do not")
        storage.addItem(1)
        XCTAssertEqual(shown.lines(), ["header H0", "banner B0", "item 1", "summary S0"], "\(kind): they come with the first item")
        storage.removeItems(fromSection: 0)
        XCTAssertEqual(shown.lines(), ["header H0"], "\(kind): and go with the last")
        XCTAssertEqual(shown.sections(), expected(shown, othersOnEmpty: false))
    }

    func testTheVirtualizedGridStacksEachKindsBandWhereItsPlacementSays() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.virtualGridBands()
        }
    }

    @MainActor private static func virtualGridBands() throws {
        var layout = VirtualGridLayout(cellSize: GridSize(width: 100, height: 80))
        layout.headerHeight = 30
        layout.footerHeight = 15
        layout.supplementaryHeights = [banner: 20, summary: 25]
        let host = VirtualListHost(gridLayout: layout)
        let manager = ListManager(host: host)
        manager.register(NumberRow.self)
        manager.registerSupplementary(KindLabel.self, ofKind: summary, placement: .afterItems)
        manager.registerSupplementary(KindLabel.self, ofKind: banner)
        let storage = manager.memoryStorage!
        storage.setSectionHeaderModels(["H0", "H1", "H2"])
        storage.setSectionFooterModels(["F0"])
        storage.setSupplementaryModels(["B0", nil, "B2"], ofKind: banner)
        storage.setSupplementaryModels(["S0", "S1", "S2"], ofKind: summary)
        storage.setItemsForAllSections([Array(0..<6), Array(10..<13), []])
        let list = ShownList(manager, width: 430, height: 900)
        defer { list.close() }
        list.settleFrame()

        let geometry = ExpectedGridGeometry(
            width: Int(gtk_widget_get_allocated_width(host.widget)), cell: GridSize(width: 100, height: 80),
            headerHeight: 30, footerHeight: 15, supplementaryHeights: [banner: 20, summary: 25])
        let sections = expectedSections(of: storage, before: [banner], after: [summary])
        let shown = inspectBoundCells(of: host)
        XCTAssertEqual(shown.map(\.row), Array(sections.joined()))
        XCTAssertEqual(shown.map(\.rect), geometry.frames(of: sections), "every band and cell where its place says, stacked without gaps")
        XCTAssertEqual(shown.map(\.rect.y), shown.map(\.rect.y).sorted(), "positions run down the grid")
        let summaryFrame = shown[8].rect
        XCTAssertEqual(shown[8].row, ExpectedRow(role: .supplementary(summary), model: "S0"))
        XCTAssertEqual(host.position(atX: 200, y: Double(summaryFrame.y + 3)), 8, "a point on a band finds it")
        XCTAssertEqual(summaryFrame.y, 30 + 20 + 2 * 80, "the summary sits under the two lines of cells")
    }

    // MARK: - Registration

    func testRegisteringAKindShowsTheModelsAlreadyThereAndAnotherPlacementMovesThem() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.registrationAfterContent(kind) }
        }
    }

    @MainActor private static func registrationAfterContent(_ kind: HostKind) throws {
        let shown = kind.makeShownManager()
        defer { shown.list.close() }
        shown.storage.setSupplementaryModels(["B0"], ofKind: banner)
        shown.storage.setSectionFooterModels(["F0"])
        shown.storage.addItems([1, 2])
        XCTAssertEqual(shown.lines(), ["item 1", "item 2", "footer F0"], "\(kind): a kind no view is registered for shows nothing")
        XCTAssertEqual(shown.anomalies.reports, [], "\(kind): and is no anomaly: the storage may serve other lists")

        shown.manager.registerSupplementary(KindLabel.self, ofKind: banner)
        XCTAssertEqual(shown.lines(), ["banner B0", "item 1", "item 2", "footer F0"], "\(kind)")
        shown.manager.registerSupplementary(KindLabel.self, ofKind: banner, placement: .afterItems)
        XCTAssertEqual(shown.lines(), ["item 1", "item 2", "banner B0", "footer F0"], "\(kind): placed after the items now")
        shown.manager.unregisterSupplementary(KindLabel.self, ofKind: banner)
        XCTAssertEqual(shown.lines(), ["item 1", "item 2", "footer F0"], "\(kind)")
    }

    func testAModelNoViewOfItsKindShowsIsReportedAndLeftOut() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.unmappedKindModel(kind) }
        }
    }

    @MainActor private static func unmappedKindModel(_ kind: HostKind) throws {
        let shown = managerWithKinds(kind)
        defer { shown.list.close() }
        shown.storage.setSupplementaryModels([42, "B1"], ofKind: banner)
        shown.storage.setItemsForAllSections([[1], [2]])
        XCTAssertEqual(shown.lines(), ["item 1", "banner B1", "item 2"], "\(kind)")
        XCTAssertEqual(shown.anomalies.reports, [.noSupplementaryMappingFound(kind: banner, modelDescription: "42", section: 0)])
        XCTAssertTrue(
            shown.anomalies.reports.first?.debugDescription.contains(#"registerSupplementary(_:ofKind: "banner")"#) ?? false,
            "the anomaly says how to register a view for the kind")
    }

    func testAKindBeyondTheLimitIsReportedAndIgnored() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, storage, anomalies) = makeManager()
            for index in 0..<SupplementaryArrangement.capacity - 2 {
                manager.registerSupplementary(KindLabel.self, ofKind: SupplementaryKind(rawValue: "kind \(index)"))
            }
            XCTAssertEqual(anomalies.reports, [])
            manager.registerSupplementary(KindLabel.self, ofKind: "one too many")
            XCTAssertEqual(anomalies.reports, [.tooManySupplementaryKinds(kind: "one too many", limit: 64)])
            storage.setSupplementaryModels(["shown"], ofKind: "kind 61")
            storage.setSupplementaryModels(["not shown"], ofKind: "one too many")
            storage.addItem(1)
            XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.description), ["kind 61 shown (KindLabel)", "item 1 (NumberRow)"])
        }
    }

    // MARK: - Events

    func testDisplayEventsOfAKindReachOnlyItsViews() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.displayEventsOfAKind(kind) }
        }
    }

    @MainActor private static func displayEventsOfAKind(_ kind: HostKind) throws {
        let shown = managerWithKinds(kind)
        defer { shown.list.close() }
        shown.manager.registerHeader(KindLabel.self)
        var banners: [String] = [], endedBanners: [String] = [], headers: [String] = []
        shown.manager.willDisplaySupplementaryView(KindLabel.self, ofKind: banner) { _, model, section in
            banners.append("\(model) \(section)")
        }
        shown.manager.didEndDisplayingSupplementaryView(KindLabel.self, ofKind: banner) { _, model, section in
            endedBanners.append("\(model) \(section)")
        }
        shown.manager.willDisplayHeader(KindLabel.self) { _, model, section in headers.append("\(model) \(section)") }
        shown.storage.setSectionHeaderModels(["H0", "H1"])
        shown.storage.setSupplementaryModels(["B0", "B1"], ofKind: banner)
        shown.storage.setSupplementaryModels(["S0"], ofKind: summary)
        shown.storage.setItemsForAllSections([[1], [2]])
        XCTAssertTrue(shown.list.wait { banners.count == 2 }, "\(kind): \(banners)")
        XCTAssertEqual(banners, ["B0 0", "B1 1"], "\(kind): the banners, not the headers or summaries shown by the same class")
        XCTAssertEqual(headers, ["H0 0", "H1 1"], "\(kind)")
        shown.storage.setSupplementaryModel(nil, ofKind: banner, forSection: 1)
        XCTAssertTrue(shown.list.wait { !endedBanners.isEmpty }, "\(kind)")
        XCTAssertEqual(endedBanners, ["B1 1"], "\(kind): with the model it showed and its section")
    }

    // MARK: - Declared sections

    func testDeclaredSectionsCarryModelsOfAnyKind() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); for kind in HostKind.allCases { try Self.declaredKinds(kind) }
        }
    }

    @MainActor private static func declaredKinds(_ kind: HostKind) throws {
        let shown = managerWithKinds(kind)
        defer { shown.list.close() }
        func supplementaryLines() -> [String] { shown.lines().filter { !$0.hasPrefix("item") } }
        shown.manager.update {
            Section(id: "a", header: "A", supplementaries: [banner: "banner A", summary: "summary A"], rows: Row<NumberRow>.rows([1, 2]))
            Section(id: "b", supplementaries: [note: "note B"], rows: Row<NumberRow>.rows([3]))
        }
        XCTAssertEqual(supplementaryLines(), ["header A", "banner banner A", "summary summary A", "note note B"], "\(kind)")
        XCTAssertEqual(shown.lines().count, 7, "\(kind): and the three items")
        shown.manager.update {
            Section(id: "b", supplementaries: [banner: "banner B", note: "note B"], rows: Row<NumberRow>.rows([3]))
            Section(id: "a", header: "A", supplementaries: [summary: "summary A2"], rows: Row<NumberRow>.rows([1, 2]))
        }
        XCTAssertEqual(supplementaryLines(), ["banner banner B", "note note B", "header A", "summary summary A2"], "\(kind)")
    }
}
