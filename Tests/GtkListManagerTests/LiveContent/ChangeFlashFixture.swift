import CGtk
import ModelStorage
import XCTest

@testable import GtkListManager

/// What the change flash suites share: rows of strings on every host that refreshes rows in
/// place, shown with a flash of the given duration, and the flash read back from GTK.
@MainActor
enum ChangeFlashFixture {
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("flow box grid", { FlowBoxGridHost() }),
        ("virtualized list", { VirtualListHost() }),
        ("virtualized grid", { VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 140, height: 40))) }),
    ]

    /// `count` strings `item 0`, `item 1`, … shown on `host` with `flash`, a frame drawn.
    static func show(_ count: Int, on host: any ListHost, flash: ChangeFlash?) -> (ListManager, ShownList) {
        var configuration = ListConfiguration()
        configuration.changeFlash = flash
        let manager = ListManager(host: host, configuration: configuration)
        manager.register(LabelRow.self)
        manager.memoryStorage?.setItems((0..<count).map { "item \($0)" })
        let list = ShownList(manager)
        list.settleFrame()
        return (manager, list)
    }

    /// Whether `widget` carries the flash's style class, as GTK reads it.
    static func flashes(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), ListTheme.StyleClass.changed) != 0
    }

    /// The items whose bound rows' host widgets flash now.
    static func flashingItems(of manager: ListManager, count: Int) -> [Int] {
        (0..<count).filter { item in
            manager.boundRow(at: IndexPath(item: item, section: 0))?.hostWidget.map(flashes) ?? false
        }
    }

    /// Whether the host widget of any row bound now flashes.
    static func anyRowWidgetFlashes(in manager: ListManager) -> Bool {
        (0..<manager.rowCount).contains { position in
            manager.boundRow(atPosition: position)?.hostWidget.map(flashes) ?? false
        }
    }

    /// Replaces the model of `item` with `text`: an update the list refreshes in place.
    static func change(_ item: Int, to text: String, in manager: ListManager) throws {
        try manager.memoryStorage?.replaceItem(at: IndexPath(item: item, section: 0), with: text)
    }
}
