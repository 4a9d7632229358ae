import CGtk
import GtkListManager

/// The virtualized list in the storm: a row class showing a model's 8 values in a box of labels,
/// registered for `StormRow` as the getting-started guide maps a model to a row, or of
/// `TextCell`s, as the Live content article has a row show values that change many times a
/// second, over the side's storage, in a 1280×800 window.
@MainActor
final class StormListSide {
    /// A row of 8 labels, 160 px each, set from the model in `update(with:)`.
    final class ValuesRow: RowView, ModelTransfer {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        private let labels: [UnsafeMutablePointer<GtkWidget>]

        init() {
            labels = (0..<StormRow.columnCount).map { _ in gtk_label_new(nil)! }
            gtk_box_set_homogeneous(gcast(widget), 1)
            for label in labels {
                gtk_label_set_xalign(gcast(label), 0)
                gtk_container_add(gcast(widget), label)
            }
        }

        func update(with row: StormRow) {
            for column in 0..<StormRow.columnCount { gtk_label_set_text(gcast(labels[column]), String(row[column])) }
        }
    }

    /// A row of 8 text cells, 160 px each, set from the model in `update(with:)`.
    final class CellsRow: RowView, ModelTransfer {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        private let cells = (0..<StormRow.columnCount).map { _ in TextCell() }

        init() {
            gtk_box_set_homogeneous(gcast(widget), 1)
            for cell in cells { gtk_container_add(gcast(widget), cell.widget) }
        }

        func update(with row: StormRow) {
            for column in 0..<StormRow.columnCount { cells[column].text = String(row[column]) }
        }
    }

    let host = VirtualListHost.virtualized
    let manager: ListManager
    let shown: BenchmarkWindow

    init(storage: StormStorage, textCells: Bool) {
        manager = ListManager(host: host, storage: storage.storage)
        if textCells { manager.register(CellsRow.self) } else { manager.register(ValuesRow.self) }
        shown = BenchmarkWindow(showing: manager.widget, width: StormScenario.width, height: StormScenario.height)
    }
}
