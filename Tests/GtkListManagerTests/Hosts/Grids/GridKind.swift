import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The two grid hosts, for the tests that must hold on both.
enum GridKind: CaseIterable, CustomStringConvertible {
    case flowBox
    case virtualized

    var description: String { self == .flowBox ? "flow-box grid" : "virtualized grid" }

    /// Whether each step waits for a frame (the host binds when it lays out): such tests run
    /// fewer random seeds on it.
    var isVirtualized: Bool { self == .virtualized }

    /// A host laying out four columns of ``TileCell``s in a 440-pixel window.
    @MainActor func makeHost() -> any ListHost {
        switch self {
        case .flowBox:
            var layout = FlowBoxGridLayout()
            layout.minimumColumns = 4
            layout.maximumColumns = 4
            return FlowBoxGridHost(layout: layout)
        case .virtualized:
            var layout = VirtualGridLayout()
            layout.minimumColumns = 4
            layout.maximumColumns = 4
            return VirtualListHost(gridLayout: layout)
        }
    }

    /// The manager's grid in a tall window when the host binds only what it shows; nil for the
    /// flow-box grid, which binds every cell at once.
    @MainActor func showIfNeeded(_ manager: ListManager) -> ShownList? {
        isVirtualized ? ShownList(manager, width: 440, height: 1000) : nil
    }
}

/// A fixed-size tile showing an `Int`: four fit on a line of the test window.
@MainActor
final class TileCell: RowView, ModelTransfer {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() { gtk_widget_set_size_request(widget, 90, 40) }
    func update(with model: Int) { gtk_label_set_text(gcast(widget), String(model)) }
}

/// The rows a list or grid shows, read from GTK: the flow boxes' children section by section,
/// or the list box's rows, or the virtualized host's bound rows (every one, in the small lists
/// of these tests), grouped by the section of their position.
@MainActor
func shownSections(of host: any ListHost, _ manager: ListManager) -> [[ExpectedRow]] {
    if let flowBox = host as? FlowBoxGridHost { return inspectSections(of: flowBox) }
    var sections: [[ExpectedRow]] = Array(repeating: [], count: manager.memoryStorage?.numberOfSections ?? 0)
    let rows: [(position: Int, row: ExpectedRow)] =
        if let listBox = manager.listBox {
            inspectRows(of: listBox).enumerated().map { ($0, ExpectedRow(role: $1.role, model: $1.model)) }
        } else {
            inspectBoundCells(of: host as! VirtualListHost).map { ($0.position, $0.row) }
        }
    if rows.count != host.rowCount { return [[ExpectedRow(role: .item, model: "\(host.rowCount - rows.count) rows unbound")]] }
    for (position, row) in rows {
        guard let section = manager.location(ofPosition: position)?.section else {
            return [[ExpectedRow(role: row.role, model: "position \(position) in no section")]]
        }
        while sections.count <= section { sections.append([]) }
        sections[section].append(row)
    }
    return sections
}

/// Whether GTK shows the widget of `row` selected.
@MainActor
func isShownSelected(_ row: BoundRow) -> Bool {
    gtk_widget_get_state_flags(row.hostWidget!).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
}
