import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The snapshot the list specifications use: String sections, Int items shown by `NumberRow`.
typealias NumberSnapshot = ListSnapshot<String, Int>

/// A package identified by its name; its version is content.
struct VersionedPackage: Identifiable, Hashable, Sendable, CustomStringConvertible {
    let id: String
    var version: Int
    var description: String { "\(id)@\(version)" }
}

/// A row for ``VersionedPackage`` models showing `name@version`.
@MainActor
final class VersionedPackageRow: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    private(set) var updateCount = 0
    init() {}

    func update(with model: VersionedPackage) {
        updateCount += 1
        gtk_label_set_text(gcast(widget), model.description)
    }

    var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
}

/// A snapshot built from `layout`, one section per pair.
func numberSnapshot(_ layout: KeyValuePairs<String, [Int]>) -> NumberSnapshot {
    var result = NumberSnapshot()
    for (section, items) in layout {
        result.appendSections([section])
        result.appendItems(items, toSection: section)
    }
    return result
}

/// The header model the specifications give every section.
func sectionTitle(_ section: String) -> Any? { "Section \(section)" }

/// The footer model the specifications give sections whose name ends in an even digit.
func sectionFooter(_ section: String) -> Any? {
    section.last?.wholeNumberValue.map { $0.isMultiple(of: 2) } == true ? "End of \(section)" : nil
}

/// The rows `snapshot` implies with ``sectionTitle(_:)`` headers and ``sectionFooter(_:)``
/// footers (shown on empty sections too, the default), as `role model (RowClass)` lines.
func expectedRowLines(of snapshot: NumberSnapshot, withFooters: Bool = false) -> [String] {
    snapshot.sectionIdentifiers.flatMap { section in
        ["header Section \(section) (SectionTitleRow)"]
            + snapshot.itemIdentifiers(inSection: section).map { "item \($0) (NumberRow)" }
            + (withFooters ? sectionFooter(section).map { ["footer \($0) (SectionTitleRow)"] } ?? [] : [])
    }
}

/// A manager showing a `SnapshotStorage<String, Int>` with ``sectionTitle(_:)`` headers.
@MainActor
func makeSnapshotManager(
    _ configuration: ListConfiguration = ListConfiguration(), withFooters: Bool = false
) -> (ListManager, SnapshotStorage<String, Int>, AnomalyRecorder) {
    let footer: ((String) -> Any?)? = withFooters ? { sectionFooter($0) } : nil
    let storage = SnapshotStorage<String, Int>(headerModel: { sectionTitle($0) }, footerModel: footer)
    let manager = ListManager(storage: storage, configuration: configuration)
    manager.register(NumberRow.self)
    return (manager, storage, AnomalyRecorder(manager))
}

/// The widget of each item row, by its Int model.
@MainActor
func itemWidgets(_ manager: ListManager) -> [Int: UnsafeMutableRawPointer] {
    var result: [Int: UnsafeMutableRawPointer] = [:]
    for position in 0..<manager.rowCount {
        guard let row = manager.boundRow(atPosition: position), row.role == .item, let model = row.model as? Int else { continue }
        result[model] = UnsafeMutableRawPointer(row.widget)
    }
    return result
}

/// The `GtkListBoxRow` holding each item row, by its Int model.
@MainActor
func itemListRows(_ manager: ListManager) -> [Int: UnsafeMutableRawPointer] {
    var result: [Int: UnsafeMutableRawPointer] = [:]
    for index in 0..<manager.rowCount {
        guard let listRow = gtk_list_box_get_row_at_index(manager.listBox!, Int32(index)),
            let row = ListBoxHost.boundRow(of: listRow), row.role == .item, let model = row.model as? Int
        else { continue }
        result[model] = UnsafeMutableRawPointer(listRow)
    }
    return result
}

/// A toplevel window showing the manager's list, mapped.
@MainActor
func showInWindow(_ manager: ListManager) -> UnsafeMutablePointer<GtkWidget> {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(gcast(window), 300, 400)
    gtk_container_add(gcast(window), manager.widget)
    gtk_widget_show_all(window)
    _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(manager.widget) != 0 })
    return window
}

/// The number of children GTK holds in the list box (leaving rows included).
@MainActor
func listBoxChildCount(_ manager: ListManager) -> Int {
    let children = gtk_container_get_children(gcast(manager.listBox!))
    defer { g_list_free(children) }
    return Int(g_list_length(children))
}

/// Tags every `GtkListBoxRow` and row widget now in the list. A destroyed GObject's address is
/// soon reused by a new one, so pointer comparison alone cannot tell a kept row from a rebuilt
/// one; a tag can: only the objects that were there carry it.
@MainActor
func tagRows(_ manager: ListManager) {
    for index in 0..<manager.rowCount {
        guard let listRow = gtk_list_box_get_row_at_index(manager.listBox!, Int32(index)) else { continue }
        g_object_set_data(gcast(listRow), rowTag, UnsafeMutableRawPointer(bitPattern: 1))
        if let row = ListBoxHost.boundRow(of: listRow) {
            g_object_set_data(gcast(row.widget), rowTag, UnsafeMutableRawPointer(bitPattern: 1))
        }
    }
}

/// True when `object` (a list row or a row widget) was tagged by ``tagRows(_:)``.
@MainActor
func isTagged(_ object: UnsafeMutableRawPointer?) -> Bool {
    guard let object else { return false }
    return g_object_get_data(object.assumingMemoryBound(to: GObject.self), rowTag) != nil
}

private let rowTag = "snapshot-test-tag"
