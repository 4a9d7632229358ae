import CGtk
import GtkListManager
import GtkTestSupport
import ModelStorage
import Synchronization
import XCTest

/// One row as the GtkListBox really holds it, read through GTK.
struct InspectedRow: Equatable, CustomStringConvertible {
    var role: RowRole
    var model: String
    var rowClass: String
    /// The row view's widget: pointer equality proves a row was kept, not rebuilt.
    var widget: UnsafeMutableRawPointer
    var selectable: Bool

    var description: String { "\(role) \(model) (\(rowClass))" }

    static func == (lhs: InspectedRow, rhs: InspectedRow) -> Bool {
        lhs.role == rhs.role && lhs.model == rhs.model && lhs.rowClass == rhs.rowClass
            && lhs.widget == rhs.widget && lhs.selectable == rhs.selectable
    }
}

/// What a row should be, derived from the storage alone.
struct ExpectedRow: Equatable, CustomStringConvertible {
    var role: RowRole
    var model: String
    var description: String { "\(role) \(model)" }
}

/// Reads every child of the list box, in order, through GTK: the children's count comes from
/// `gtk_container_get_children`, not from the manager.
@MainActor
func inspectRows(of listBox: UnsafeMutablePointer<GtkListBox>) -> [InspectedRow] {
    let children = gtk_container_get_children(gcast(listBox))
    defer { g_list_free(children) }
    let count = Int(g_list_length(children))
    return (0..<count).map { index in
        let listRow = gtk_list_box_get_row_at_index(listBox, Int32(index))!
        guard let hosted = ListBoxHost.boundRow(of: listRow) else {
            return InspectedRow(
                role: .item, model: "<not hosted>", rowClass: "-", widget: UnsafeMutableRawPointer(listRow), selectable: false)
        }
        var child = gtk_bin_get_child(gcast(listRow))
        if let revealer = child, isA(revealer, gtk_revealer_get_type()) {
            child = gtk_bin_get_child(gcast(revealer))  // rows animate inside a revealer
        }
        XCTAssertEqual(
            child.map(UnsafeMutableRawPointer.init), UnsafeMutableRawPointer(hosted.widget),
            "row \(index) shows another widget than its record")
        return InspectedRow(
            role: hosted.role, model: String(describing: hosted.model), rowClass: String(describing: type(of: hosted.view)),
            widget: UnsafeMutableRawPointer(hosted.widget), selectable: gtk_list_box_row_get_selectable(listRow) != 0)
    }
}

/// The row class of every row, in order.
@MainActor
func rowClasses(_ manager: ListManager) -> [String] {
    inspectRows(of: manager.listBox!).map(\.rowClass)
}

/// The rows a storage implies: per section its header (when it has a model, and items or
/// `headerOnEmpty`), its items, its footer.
@MainActor
func expectedRows(of storage: MemoryStorage, headerOnEmpty: Bool = true, footerOnEmpty: Bool = true) -> [ExpectedRow] {
    Array(expectedSections(of: storage, headerOnEmpty: headerOnEmpty, footerOnEmpty: footerOnEmpty).joined())
}

/// The same, section by section; with the supplementary views of the kinds in `before` and
/// `after` (in that order, shown on empty sections when `othersOnEmpty`) between the header
/// and the items and between the items and the footer.
@MainActor
func expectedSections(
    of storage: MemoryStorage, headerOnEmpty: Bool = true, footerOnEmpty: Bool = true,
    before: [SupplementaryKind] = [], after: [SupplementaryKind] = [], othersOnEmpty: Bool = true
) -> [[ExpectedRow]] {
    (0..<storage.numberOfSections).map { section in
        let items = storage.items(inSection: section) ?? []
        @MainActor func views(_ kinds: [SupplementaryKind], onEmpty: Bool) -> [ExpectedRow] {
            guard !items.isEmpty || onEmpty else { return [] }
            var rows: [ExpectedRow] = []
            for kind in kinds {
                if let model = storage.supplementaryModel(ofKind: kind, inSection: section) {
                    rows.append(ExpectedRow(role: .supplementary(kind), model: String(describing: model)))
                }
            }
            return rows
        }
        return views([.header], onEmpty: headerOnEmpty) + views(before, onEmpty: othersOnEmpty)
            + items.map { ExpectedRow(role: .item, model: String(describing: $0)) }
            + views(after, onEmpty: othersOnEmpty) + views([.footer], onEmpty: footerOnEmpty)
    }
}

/// Asserts the list box holds exactly the rows the storage implies, in order.
@MainActor
func assertListMatchesStorage(
    _ manager: ListManager, _ storage: MemoryStorage, headerOnEmpty: Bool = true, footerOnEmpty: Bool = true,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let actual = inspectRows(of: manager.listBox!).map { ExpectedRow(role: $0.role, model: $0.model) }
    let expected = expectedRows(of: storage, headerOnEmpty: headerOnEmpty, footerOnEmpty: footerOnEmpty)
    XCTAssertEqual(actual, expected, message(), file: file, line: line)
    XCTAssertEqual(manager.rowCount, actual.count, "the manager's row count drifted from GTK's", file: file, line: line)
}

/// A row class for `Int` models that counts its live instances and those ever made.
@MainActor
final class NumberRow: RowView, ModelTransfer {
    static var liveCount = 0
    static var madeCount = 0
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var shown: Int?
    private(set) var updateCount = 0

    init() {
        Self.liveCount += 1
        Self.madeCount += 1
    }
    isolated deinit { Self.liveCount -= 1 }

    func update(with model: Int) {
        shown = model
        updateCount += 1
        gtk_label_set_text(gcast(widget), String(model))
    }
}

/// A header or footer class for `String` models.
@MainActor
final class CaptionRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
    func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
}

/// Collects the anomalies a manager reports.
@MainActor
final class AnomalyRecorder {
    private(set) var reports: [ManagerAnomaly] = []

    init(_ manager: ListManager) {
        manager.anomalyHandler.action = { self.reports.append($0) }
    }
}

/// A manager over a fresh `MemoryStorage`, recording its anomalies, with `NumberRow` registered
/// for `Int` models unless told otherwise.
@MainActor
func makeManager(
    _ configuration: ListConfiguration = ListConfiguration(), registeringNumberRow: Bool = true
) -> (ListManager, MemoryStorage, AnomalyRecorder) {
    let storage = MemoryStorage()
    let manager = ListManager(storage: storage, configuration: configuration)
    if registeringNumberRow { manager.register(NumberRow.self) }
    return (manager, storage, AnomalyRecorder(manager))
}

/// How many watched GObjects were finalized: a weak-ref notify runs during finalization.
let finalizedObjects = Atomic<Int>(0)

/// Counts `object`'s finalization in ``finalizedObjects``.
@MainActor
func watchFinalization(of object: UnsafeMutableRawPointer) {
    g_object_weak_ref(
        object.assumingMemoryBound(to: GObject.self),
        { _, _ in
            finalizedObjects.add(1, ordering: .acquiringAndReleasing)
        }, nil)
}

extension BoundRow {
    /// The `GtkListBoxRow` a ``ListBoxHost`` shows the row in.
    var listBoxRow: UnsafeMutablePointer<GtkListBoxRow>? { hostWidget.map { gcast($0) } }
}
