import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Every kind of model DTTableViewManager advertises, shown by a row class registered for it
/// and read back from the real list box: classes, structs, enums (with and without payloads),
/// tuples, protocols and optionals. An update of each refreshes the same row in place.
final class ModelKindTests: XCTestCase {
    final class Person { let name: String; init(_ name: String) { self.name = name } }
    struct Point { var x: Int, y: Int }
    enum Weather { case sunny, rain(millimetres: Int) }
    protocol Named { var name: String { get } }
    struct City: Named { let name: String }
    struct Country: Named { let name: String }

    /// A label row for any model type: shows what `text` makes of the model.
    @MainActor
    class LabelRow<Model>: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        required init() {}
        class func text(_ model: Model) -> String { fatalError("subclasses say how \(Model.self) reads") }
        func update(with model: Model) { gtk_label_set_text(gcast(widget), Self.text(model)) }
        var shown: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    final class PersonRow: LabelRow<Person> { override class func text(_ model: Person) -> String { "person \(model.name)" } }
    final class PointRow: LabelRow<Point> { override class func text(_ model: Point) -> String { "point \(model.x),\(model.y)" } }
    final class WeatherRow: LabelRow<Weather> {
        override class func text(_ model: Weather) -> String {
            switch model {
            case .sunny: "sunny"
            case let .rain(millimetres): "rain \(millimetres) mm"
            }
        }
    }
    final class PairRow: LabelRow<(String, Int)> {
        override class func text(_ model: (String, Int)) -> String { "pair \(model.0)=\(model.1)" }
    }
    final class NamedRow: LabelRow<any Named> { override class func text(_ model: any Named) -> String { "named \(model.name)" } }

    func testEveryKindOfModelIsShownByItsRowAndRefreshedInPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.everyKind()
        }
    }

    @MainActor private static func everyKind() throws {
        let manager = ListManager()
        let anomalies = AnomalyRecorder(manager)
        manager.register(PersonRow.self)
        manager.register(PointRow.self)
        manager.register(WeatherRow.self)
        manager.register(PairRow.self)
        manager.register(NamedRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        let models: [Any] = [
            Person("Ada"),  // a class
            Point(x: 1, y: 2),  // a struct
            Weather.sunny,  // an enum case without payload
            Weather.rain(millimetres: 3),  // an enum case with a payload
            ("width", 80) as (String, Int),  // a tuple
            City(name: "Lyon") as any Named,  // a protocol (existential)
            Country(name: "Chile"),  // a conforming struct, stored as itself
            Optional(Point(x: 5, y: 6)) as Any,  // an optional, unwrapped
        ]
        storage.setItems(models)

        let expected = [
            "PersonRow: person Ada", "PointRow: point 1,2", "WeatherRow: sunny", "WeatherRow: rain 3 mm",
            "PairRow: pair width=80", "NamedRow: named Lyon", "NamedRow: named Chile", "PointRow: point 5,6",
        ]
        XCTAssertEqual(shownLines(manager), expected)
        XCTAssertEqual(anomalies.reports, [])

        let widgets = inspectRows(of: manager.listBox!).map(\.widget)
        let replacements: [Any] = [
            Person("Grace"), Point(x: 3, y: 4), Weather.rain(millimetres: 1), Weather.sunny,
            ("height", 20) as (String, Int), City(name: "Oslo") as any Named, Country(name: "Peru"), Optional(Point(x: 7, y: 8)) as Any,
        ]
        for (item, model) in replacements.enumerated() {
            try storage.replaceItem(at: IndexPath(item: item, section: 0), with: model)
        }
        XCTAssertEqual(
            shownLines(manager),
            [
                "PersonRow: person Grace", "PointRow: point 3,4", "WeatherRow: rain 1 mm", "WeatherRow: sunny",
                "PairRow: pair height=20", "NamedRow: named Oslo", "NamedRow: named Peru", "PointRow: point 7,8",
            ])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.widget), widgets, "every row refreshed in place, none rebuilt")
        XCTAssertEqual(anomalies.reports, [])
    }

    func testATupleOfAnotherShapeOrAnUnmappedEnumIsReportedNotShownAsAnotherType() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.mismatchedKinds()
        }
    }

    @MainActor private static func mismatchedKinds() throws {
        let manager = ListManager()
        let anomalies = AnomalyRecorder(manager)
        manager.register(PairRow.self)
        manager.memoryStorage?.setItems([("a", 1) as (String, Int), (1, "a") as (Int, String), Weather.sunny])
        XCTAssertEqual(inspectRows(of: manager.listBox!).map(\.rowClass), ["PairRow", "UnmappedRow", "UnmappedRow"])
        XCTAssertEqual(anomalies.reports.map(\.description), ["noRowMappingFound", "noRowMappingFound"])
    }

    /// `RowClass: text` for every row, read from the row views in the list box.
    @MainActor private static func shownLines(_ manager: ListManager) -> [String] {
        inspectRows(of: manager.listBox!).indices.map { position in
            let view = manager.boundRow(atPosition: position)!.view
            let text =
                (view as? PersonRow)?.shown ?? (view as? PointRow)?.shown ?? (view as? WeatherRow)?.shown
                ?? (view as? PairRow)?.shown ?? (view as? NamedRow)?.shown ?? "?"
            return "\(type(of: view)): \(text)"
        }
    }
}
