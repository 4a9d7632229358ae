import CGtk
import GtkListManager
import ModelStorage

/// What the bulk load fills, with plain C calls on one side and through a manager on the
/// other, ending with the same widgets.
@MainActor
enum BulkLoadTarget: String, CaseIterable {
    /// A `GtkListBox` of label rows; the manager on its list-box host.
    case listBox = "list"
    /// Ten sections, each a title over a `GtkFlowBox` of cells (an icon and a label); the
    /// manager on its flow-box grid host.
    case flowBoxGrid = "grid"

    static let gridSections = 10

    var title: String {
        switch self {
        case .listBox: "Bulk load into an unrealized GtkListBox, then destroy it"
        case .flowBoxGrid:
            "Bulk load into a grid of \(Self.gridSections) sections (a title over a GtkFlowBox of icon-and-label cells each), then destroy it"
        }
    }

    func loadWithPlainCalls(_ labels: [String]) {
        switch self {
        case .listBox: Self.listWithPlainCalls(labels)
        case .flowBoxGrid: Self.gridWithPlainCalls(labels)
        }
    }

    func loadWithManager(_ labels: [String]) {
        switch self {
        case .listBox:
            let manager = ListManager()
            manager.register(ManagerBenchmarks.LabelRow.self)
            manager.memoryStorage?.setItems(labels)
            gtk_widget_destroy(manager.widget)
        case .flowBoxGrid:
            let manager = ListManager(host: .flowBoxGrid)
            manager.register(IconLabelCell.self)
            let chunks = Self.sectioned(labels)
            manager.memoryStorage?.performUpdates {
                manager.memoryStorage?.setSectionHeaderModels(chunks.indices.map { "Section \($0)" })
                manager.memoryStorage?.setItemsForAllSections(chunks)
            }
            gtk_widget_destroy(manager.widget)
        }
    }

    /// What a C programmer writes: a label per row, appended to a shown list box.
    ///
    /// Shown, because the manager's list box is: GTK does more for each row added to a shown
    /// list (it updates the row's neighbours), and the two sides must end with the same widgets.
    private static func listWithPlainCalls(_ labels: [String]) {
        let list: UnsafeMutablePointer<GtkListBox> = gcast(gtk_list_box_new())
        g_object_ref_sink(list)
        gtk_widget_show(gcast(list))
        for label in labels {
            let widget = gtk_label_new(label)!
            gtk_widget_show(widget)
            gtk_list_box_insert(list, widget, -1)
        }
        gtk_widget_destroy(gcast(list))
        g_object_unref(list)
    }

    /// The same grid by hand: per section a vertical box with a title label and a shown flow
    /// box, a cell (an icon over a label) appended per item.
    private static func gridWithPlainCalls(_ labels: [String]) {
        let grid: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        g_object_ref_sink(grid)
        gtk_widget_show(gcast(grid))
        for (index, chunk) in sectioned(labels).enumerated() {
            let section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let title = gtk_label_new("Section \(index)")!
            let flowBox: UnsafeMutablePointer<GtkFlowBox> = gcast(gtk_flow_box_new())
            gtk_flow_box_set_homogeneous(flowBox, 1)
            gtk_box_pack_start(gcast(section), title, 0, 0, 0)
            gtk_box_pack_start(gcast(section), gcast(flowBox), 0, 0, 0)
            gtk_widget_show_all(section)
            gtk_box_pack_start(grid, section, 0, 0, 0)
            for label in chunk {
                let cell = IconLabelCell.makeWidget()
                IconLabelCell.fill(cell, with: label)
                gtk_widget_show_all(cell)
                gtk_flow_box_insert(flowBox, cell, -1)
            }
        }
        gtk_widget_destroy(gcast(grid))
        g_object_unref(grid)
    }

    /// The labels in `gridSections` consecutive chunks.
    static func sectioned(_ labels: [String]) -> [[String]] {
        let size = (labels.count + gridSections - 1) / gridSections
        return stride(from: 0, to: labels.count, by: size).map { Array(labels[$0..<min($0 + size, labels.count)]) }
    }
}

/// A grid cell: an icon over a label, built the same way on both sides.
@MainActor
final class IconLabelCell: RowView, ModelTransfer {
    let widget = IconLabelCell.makeWidget()

    init() {}

    func update(with text: String) { Self.fill(widget, with: text) }

    static func makeWidget() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_pack_start(gcast(box), gtk_image_new_from_icon_name("text-x-generic", GTK_ICON_SIZE_DND), 0, 0, 0)
        gtk_box_pack_start(gcast(box), gtk_label_new(nil), 0, 0, 0)
        return box
    }

    static func fill(_ box: UnsafeMutablePointer<GtkWidget>, with text: String) {
        let children = gtk_container_get_children(gcast(box))
        defer { g_list_free(children) }
        var widgets = GListSequence(children, of: GtkLabel.self)
        _ = widgets.next()  // the icon, then the label
        if let label = widgets.next() { gtk_label_set_text(label, text) }
    }
}
