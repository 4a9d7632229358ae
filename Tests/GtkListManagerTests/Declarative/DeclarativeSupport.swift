import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// A row that shows a text, so tests can read what a row view really displays.
@MainActor
protocol TextShowingRow: ListRow {
    var text: String { get }
}

extension TextShowingRow {
    var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
}

/// A label row for `String` models: shows the model as it is.
@MainActor
final class TitleRow: RowView, ModelTransfer, TextShowingRow {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var updateCount = 0
    init() {}
    func update(with title: String) {
        updateCount += 1
        gtk_label_set_text(gcast(widget), title)
    }
}

/// Another row class for `String` models: shows the model with a star.
@MainActor
final class BadgeRow: RowView, ModelTransfer, TextShowingRow {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
    func update(with title: String) { gtk_label_set_text(gcast(widget), "★ " + title) }
}

/// A test's description of a declarative row: an optional explicit id, a text model, and the
/// class that shows it (`BadgeRow` when `badge`, else `TitleRow`).
struct RowSpec: Equatable {
    var id: Int?
    var model: String
    var badge = false

    /// What the row view should display.
    var text: String { badge ? "★ " + model : model }
    var rowClass: String { badge ? "BadgeRow" : "TitleRow" }
    /// The identity the manager should match the row by.
    var identity: String { id.map { "id \($0)" } ?? "\(rowClass) \(model)" }
}

/// A test's description of a declarative section.
struct SectionSpec {
    var id: String
    var header: String?
    var footer: String?
    var folded = false
    var rows: [RowSpec]
}

/// The sections `specs` describe.
@MainActor
func declaredSections(_ specs: [SectionSpec]) -> [Section] {
    specs.map { spec in
        Section(
            id: spec.id, header: spec.header, footer: spec.footer, isFolded: spec.folded,
            rows: spec.rows.map { row -> AnyRow in
                row.badge ? Row<BadgeRow>(id: row.id, model: row.model) : Row<TitleRow>(id: row.id, model: row.model)
            })
    }
}

/// One row of the list: what it is, the model it is bound to, its class and the text it shows.
struct ShownRow: Equatable, CustomStringConvertible {
    var role: RowRole
    var model: String
    var rowClass: String
    var text: String
    var description: String { "\(role) \(model) (\(rowClass): \(text))" }
}

/// The rows the declaration implies, in order (default configuration: headers and footers of
/// empty or folded sections are shown).
func expectedRows(_ specs: [SectionSpec]) -> [ShownRow] {
    specs.flatMap { spec -> [ShownRow] in
        var rows: [ShownRow] = []
        if let header = spec.header { rows.append(ShownRow(role: .header, model: header, rowClass: "SectionTitleRow", text: header)) }
        if !spec.folded {
            rows += spec.rows.map { ShownRow(role: .item, model: $0.model, rowClass: $0.rowClass, text: $0.text) }
        }
        if let footer = spec.footer { rows.append(ShownRow(role: .footer, model: footer, rowClass: "SectionTitleRow", text: footer)) }
        return rows
    }
}

/// The rows the GtkListBox really holds (read through GTK), with the text each view displays.
@MainActor
func shownRows(_ manager: ListManager) -> [ShownRow] {
    inspectRows(of: manager.listBox!).enumerated().map { position, inspected in
        let view = manager.boundRow(atPosition: position)?.view
        let text = (view as? any TextShowingRow)?.text ?? (view as? SectionTitleRow)?.title ?? "?"
        return ShownRow(role: inspected.role, model: inspected.model, rowClass: inspected.rowClass, text: text)
    }
}

/// The widget of each shown item row, by the identity of the spec row it shows.
@MainActor
func itemWidgets(_ manager: ListManager, _ specs: [SectionSpec]) -> [String: UnsafeMutableRawPointer] {
    let items = inspectRows(of: manager.listBox!).filter { $0.role == .item }
    let visible = specs.filter { !$0.folded }.flatMap(\.rows)
    guard items.count == visible.count else { return [:] }
    return Dictionary(zip(visible.map(\.identity), items.map(\.widget)), uniquingKeysWith: { first, _ in first })
}

/// A manager whose declarative anomalies are collected in `anomalies`.
@MainActor
final class DeclarativeList {
    let manager = ListManager()
    private(set) var anomalies: [StorageAnomaly] = []

    init() {
        manager.declarativeAnomalyHandler.action = { [unowned self] in self.anomalies.append($0) }
    }

    /// Declares `specs`.
    func show(_ specs: [SectionSpec], animated: Bool = true) {
        manager.update(animated: animated) { declaredSections(specs) }
    }
}
