import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// `manager.update { }`: the GtkListBox shows exactly the declared sections, and each update
/// changes only what the diff says (rows keep their widgets, change in place, move as they are).
final class DeclarativeUpdateTests: XCTestCase {
    private static let fruit = SectionSpec(
        id: "fruit", header: "Fruit", footer: "2 kinds", rows: [RowSpec(model: "apple"), RowSpec(model: "pear", badge: true)])
    private static let vegetables = SectionSpec(id: "veg", header: "Vegetables", rows: [RowSpec(model: "leek")])

    func testTheListShowsTheDeclaredSectionsWithTheirRowClassesHeadersAndFooters() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.showsTheDeclaredSections()
        }
    }

    @MainActor private static func showsTheDeclaredSections() throws {
        let list = DeclarativeList()
        list.show([fruit, vegetables])
        XCTAssertEqual(
            shownRows(list.manager),
            [
                ShownRow(role: .header, model: "Fruit", rowClass: "SectionTitleRow", text: "Fruit"),
                ShownRow(role: .item, model: "apple", rowClass: "TitleRow", text: "apple"),
                ShownRow(role: .item, model: "pear", rowClass: "BadgeRow", text: "★ pear"),
                ShownRow(role: .footer, model: "2 kinds", rowClass: "SectionTitleRow", text: "2 kinds"),
                ShownRow(role: .header, model: "Vegetables", rowClass: "SectionTitleRow", text: "Vegetables"),
                ShownRow(role: .item, model: "leek", rowClass: "TitleRow", text: "leek"),
            ])
        XCTAssertEqual(list.manager.declaredSections.map(\.id), ["fruit", "veg"])
        XCTAssertEqual(list.anomalies, [])

        list.show([])
        XCTAssertEqual(shownRows(list.manager), [], "declaring nothing empties the list")
    }

    func testUnchangedRowsKeepTheirWidgetsAndMovedRowsMoveTheirWidget() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.rowsKeepTheirWidgets()
        }
    }

    @MainActor private static func rowsKeepTheirWidgets() throws {
        let list = DeclarativeList()
        let before = [fruit, vegetables]
        list.show(before)
        let widgets = itemWidgets(list.manager, before)
        let headerWidget = inspectRows(of: list.manager.listBox!)[0].widget

        // Sections swap, "pear" moves to the vegetables, "plum" arrives, "leek" stays.
        var moved = vegetables
        moved.rows.append(RowSpec(model: "pear", badge: true))
        var rest = fruit
        rest.rows = [RowSpec(model: "plum"), RowSpec(model: "apple")]
        let after = [moved, rest]
        list.show(after)

        XCTAssertEqual(shownRows(list.manager), expectedRows(after))
        let now = itemWidgets(list.manager, after)
        for identity in ["TitleRow apple", "BadgeRow pear", "TitleRow leek"] {
            XCTAssertEqual(now[identity], widgets[identity], "\(identity) keeps its widget")
        }
        XCTAssertNotNil(now["TitleRow plum"])
        XCTAssertFalse(widgets.values.contains(now["TitleRow plum"] ?? headerWidget), "a new row gets a widget of its own")
        let fruitHeader = inspectRows(of: list.manager.listBox!).first { $0.model == "Fruit" }
        XCTAssertEqual(fruitHeader?.widget, headerWidget, "the moved section keeps its header row")
    }

    func testAChangedModelUpdatesTheSameWidgetInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.changedModelUpdatesInPlace()
        }
    }

    /// A model identified by `id` whose title is content.
    struct Fruit: Identifiable, Equatable, Diffable {
        let id: Int
        var title: String
    }

    final class FruitRow: RowView, ModelTransfer, TextShowingRow {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        private(set) var updateCount = 0
        init() {}
        func update(with fruit: Fruit) {
            updateCount += 1
            gtk_label_set_text(gcast(widget), fruit.title)
        }
    }

    @MainActor private static func changedModelUpdatesInPlace() throws {
        let list = DeclarativeList()
        var fruits = [Fruit(id: 1, title: "apple"), Fruit(id: 2, title: "pear")]
        list.manager.update { Section(id: 0, rows: Row<FruitRow>.rows(fruits)) }
        let views = (0..<2).compactMap { list.manager.boundRow(at: IndexPath(item: $0, section: 0))?.view as? FruitRow }
        XCTAssertEqual(views.map(\.updateCount), [1, 1])

        fruits[1].title = "nashi pear"
        list.manager.update { Section(id: 0, rows: Row<FruitRow>.rows(fruits)) }
        let after = (0..<2).compactMap { list.manager.boundRow(at: IndexPath(item: $0, section: 0))?.view as? FruitRow }
        XCTAssertTrue(after.count == 2 && after[0] === views[0] && after[1] === views[1], "both rows keep their views")
        XCTAssertEqual(after.map(\.text), ["apple", "nashi pear"], "the changed row shows its new model")
        XCTAssertEqual(after.map(\.updateCount), [1, 2], "only the changed row was updated")

        // An explicit id makes a new text the same row too.
        list.show([SectionSpec(id: "s", rows: [RowSpec(id: 7, model: "draft")])])
        let draft = list.manager.boundRow(at: IndexPath(item: 0, section: 0))?.view
        list.show([SectionSpec(id: "s", rows: [RowSpec(id: 7, model: "final")])])
        let final = list.manager.boundRow(at: IndexPath(item: 0, section: 0))?.view
        XCTAssertTrue(draft != nil && draft === final)
        XCTAssertEqual((final as? TitleRow)?.text, "final")
        XCTAssertEqual((final as? TitleRow)?.updateCount, 2)
    }

    func testTwoRowClassesShowOneModelTypeSideBySide() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.twoClassesOneModelType()
        }
    }

    @MainActor private static func twoClassesOneModelType() throws {
        let list = DeclarativeList()
        // The same model, "kiwi", in both classes: two rows, two identities.
        let specs = [
            SectionSpec(
                id: "s",
                rows: [
                    RowSpec(model: "kiwi"), RowSpec(model: "kiwi", badge: true), RowSpec(model: "fig", badge: true),
                ])
        ]
        list.show(specs)
        XCTAssertEqual(shownRows(list.manager), expectedRows(specs))
        XCTAssertEqual(list.anomalies, [], "one model in two classes is not a duplicate")

        // An explicit id that changes class keeps its place and gets a view of the new class.
        list.show([SectionSpec(id: "s", rows: [RowSpec(id: 1, model: "kiwi")])])
        list.show([SectionSpec(id: "s", rows: [RowSpec(id: 1, model: "kiwi", badge: true)])])
        XCTAssertEqual(shownRows(list.manager).map(\.description), ["item kiwi (BadgeRow: ★ kiwi)"])
    }

    func testSeededRandomUpdatesKeepTheListEqualToTheDeclaration() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomUpdates()
        }
    }

    @MainActor private static func randomUpdates() throws {
        var checkedKeptWidgets = 0
        for seed in SeedCount.seeds(150) {
            var rng = SplitMix64(seed: seed)
            let list = DeclarativeList()
            var specs: [SectionSpec] = []
            var nextModel = 0
            var history: [String] = []
            for step in 0..<25 {
                let before = itemWidgets(list.manager, specs)
                let beforeSpecs = specs
                for _ in 0...(rng.next() % 3) {
                    history.append(mutate(&specs, &rng, &nextModel))
                }
                list.show(specs, animated: rng.next() % 2 == 0)
                let context = "seed \(seed), step \(step): \(history.suffix(3))"
                guard shownRows(list.manager) == expectedRows(specs) else {
                    // Stop at the first divergence: later steps would only repeat it.
                    return XCTAssertEqual(shownRows(list.manager), expectedRows(specs), context)
                }
                XCTAssertEqual(list.manager.rowCount, expectedRows(specs).count, context)
                XCTAssertEqual(list.anomalies, [], context)

                // Every row visible before and after under the same identity and class kept its widget.
                let after = itemWidgets(list.manager, specs)
                let oldRows = Dictionary(
                    beforeSpecs.filter { !$0.folded }.flatMap(\.rows).map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
                for row in specs.filter({ !$0.folded }).flatMap(\.rows) {
                    guard let old = oldRows[row.identity], old.badge == row.badge, let widget = before[row.identity] else { continue }
                    XCTAssertEqual(after[row.identity], widget, "\(context): \(row.identity) lost its widget")
                    checkedKeptWidgets += 1
                }
            }
        }
        XCTAssertGreaterThan(checkedKeptWidgets, 1000, "the sequences kept many rows across updates")
    }

    /// One random change to the declaration; returns its name. Row identities stay unique.
    static func mutate(_ specs: inout [SectionSpec], _ rng: inout SplitMix64, _ nextModel: inout Int) -> String {
        func random(_ count: Int) -> Int { Int(rng.next() % UInt64(max(count, 1))) }
        func newRow() -> RowSpec {
            nextModel += 1
            let explicit = rng.next() % 2 == 0
            return RowSpec(id: explicit ? nextModel : nil, model: "m\(nextModel)", badge: rng.next() % 3 == 0)
        }
        let nonEmpty = specs.indices.filter { !specs[$0].rows.isEmpty }
        let choice = specs.isEmpty ? 0 : rng.next() % 11
        switch choice {
        case 0 where specs.count < 5:
            nextModel += 1
            let section = SectionSpec(
                id: "s\(nextModel)", header: rng.next() % 3 == 0 ? nil : "H\(nextModel)",
                footer: rng.next() % 3 == 0 ? "F\(nextModel)" : nil, rows: (0..<random(4)).map { _ in newRow() })
            specs.insert(section, at: random(specs.count + 1))
            return "insert section"
        case 1:
            specs.remove(at: random(specs.count))
            return "delete section"
        case 2:
            specs.insert(specs.remove(at: random(specs.count)), at: random(specs.count))
            return "move section"
        case 3:
            let section = random(specs.count)
            if rng.next() % 2 == 0 {
                specs[section].header = specs[section].header == nil ? "H\(nextModel)" : nil
            } else {
                specs[section].footer = (specs[section].footer ?? "F") + "'"
            }
            return "change header or footer"
        case 4:
            specs[random(specs.count)].folded.toggle()
            return "toggle folding"
        case 5, 6:
            let section = random(specs.count)
            specs[section].rows.insert(newRow(), at: random(specs[section].rows.count + 1))
            return "insert row"
        case 7 where !nonEmpty.isEmpty:
            let section = nonEmpty[random(nonEmpty.count)]
            specs[section].rows.remove(at: random(specs[section].rows.count))
            return "delete row"
        case 8 where !nonEmpty.isEmpty:
            let section = nonEmpty[random(nonEmpty.count)]
            let row = specs[section].rows.remove(at: random(specs[section].rows.count))
            let target = random(specs.count)
            specs[target].rows.insert(row, at: random(specs[target].rows.count + 1))
            return "move row"
        case 9 where !nonEmpty.isEmpty:
            // New text: an explicit-id row changes in place, a model-identified one is replaced.
            let section = nonEmpty[random(nonEmpty.count)]
            let item = random(specs[section].rows.count)
            specs[section].rows[item].model += "+"
            return "change row content"
        case 10 where !nonEmpty.isEmpty:
            let section = nonEmpty[random(nonEmpty.count)]
            let item = random(specs[section].rows.count)
            specs[section].rows[item].badge.toggle()
            return "change row class"
        default:
            return "nothing"
        }
    }

    func testDeclarativeRowsAndRegisteredMappingsNeverTakeEachOthersRows() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.noClashWithRegisteredMappings()
        }
    }

    final class AnythingRow: RowView {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() {}
    }

    @MainActor private static func noClashWithRegisteredMappings() throws {
        let list = DeclarativeList()
        let recorder = AnomalyRecorder(list.manager)
        // A mapping for every model, registered first, and one for the rows' own class.
        list.manager.register(AnythingRow.self, for: Any.self) { _, _, _ in }
        list.manager.register(TitleRow.self)
        let specs = [SectionSpec(id: "s", rows: [RowSpec(model: "a"), RowSpec(model: "b", badge: true)])]
        list.show(specs)
        XCTAssertEqual(shownRows(list.manager), expectedRows(specs))

        // Unregistering the user's TitleRow mapping leaves the declarative rows alone.
        let widgets = itemWidgets(list.manager, specs)
        list.manager.unregister(TitleRow.self)
        XCTAssertEqual(shownRows(list.manager), expectedRows(specs))
        XCTAssertEqual(recorder.reports, [])
        XCTAssertEqual(itemWidgets(list.manager, specs).count, widgets.count)
    }

    func testRepeatedIdentitiesAndModelsWithoutIdentityAreReportedAndStillShown() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.duplicatesAreReported()
        }
    }

    struct Opaque {
        let name: String
    }

    final class OpaqueRow: RowView, ModelTransfer, TextShowingRow {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() {}
        func update(with model: Opaque) { gtk_label_set_text(gcast(widget), model.name) }
    }

    @MainActor private static func duplicatesAreReported() throws {
        let list = DeclarativeList()
        let specs = [
            SectionSpec(id: "s", rows: [RowSpec(model: "a"), RowSpec(model: "a"), RowSpec(id: 1, model: "b")]),
            SectionSpec(id: "s", rows: [RowSpec(id: 1, model: "c")]),
        ]
        list.show(specs)
        XCTAssertEqual(shownRows(list.manager), expectedRows(specs), "nothing is dropped")
        XCTAssertEqual(list.anomalies, [.duplicateIdentifiers(kind: .sections, count: 1), .duplicateIdentifiers(kind: .items, count: 2)])

        list.manager.update {
            Section(id: "o", rows: [Row<OpaqueRow>(model: Opaque(name: "x")), Row<OpaqueRow>(model: Opaque(name: "y"))])
        }
        XCTAssertEqual(list.anomalies.last, .modelWithoutIdentity(typeName: String(reflecting: Opaque.self)))
        XCTAssertEqual(shownRows(list.manager).map(\.text), ["x", "y"])
    }

    func testTheFirstUpdateReplacesAnotherStorageWhichIsNoLongerObserved() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.firstUpdateReplacesAnotherStorage()
        }
    }

    @MainActor private static func firstUpdateReplacesAnotherStorage() throws {
        let (manager, storage, _) = makeManager()
        storage.setItems([1, 2, 3])
        XCTAssertEqual(manager.rowCount, 3)
        manager.update { Section(id: 0, header: "Now", rows: [Row<TitleRow>(model: "declared")]) }
        XCTAssertEqual(shownRows(manager).map(\.description), ["header Now (SectionTitleRow: Now)", "item declared (TitleRow: declared)"])
        XCTAssertNil(manager.memoryStorage)
        storage.addItem(4)
        XCTAssertEqual(manager.rowCount, 2, "the old storage is no longer observed")
        XCTAssertEqual(storage.items(inSection: 0)?.count, 4, "and was left as it was")

        manager.storage = storage
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.model), ["1", "2", "3", "4"])
        manager.update { Section(id: 0, rows: [Row<TitleRow>(model: "back")]) }
        XCTAssertEqual(shownRows(manager).map(\.description), ["item back (TitleRow: back)"])
    }

    func testHeaderAndFooterModelsAreShownByTheRegisteredViews() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.registeredHeaderViews()
        }
    }

    struct Banner: Equatable {
        var title: String
    }

    final class BannerRow: RowView, ModelTransfer, TextShowingRow {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() {}
        func update(with banner: Banner) { gtk_label_set_text(gcast(widget), banner.title.uppercased()) }
    }

    @MainActor private static func registeredHeaderViews() throws {
        let list = DeclarativeList()
        list.manager.registerHeader(BannerRow.self)
        list.manager.update { Section(id: 0, header: Banner(title: "fruit"), rows: [Row<TitleRow>(model: "apple")]) }
        XCTAssertEqual(
            shownRows(list.manager).map(\.description),
            [
                "header Banner(title: \"fruit\") (BannerRow: FRUIT)", "item apple (TitleRow: apple)",
            ])
        let header = inspectRows(of: list.manager.listBox!)[0].widget
        list.manager.update { Section(id: 0, header: Banner(title: "fruits"), rows: [Row<TitleRow>(model: "apple")]) }
        XCTAssertEqual(shownRows(list.manager).first?.text, "FRUITS", "a changed header model updates the section")
        XCTAssertEqual(inspectRows(of: list.manager.listBox!)[0].widget, header, "in place")
    }
}
