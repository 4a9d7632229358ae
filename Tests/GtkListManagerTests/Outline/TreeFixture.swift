import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// What the tree suites share: a label row for `String` items, the two list hosts that show
/// trees, the file tree they start from, and what a shown tree's rows read in GTK.
enum TreeFixture {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("virtualized list", { VirtualListHost() }),
    ]

    /// home ▸ docs ▸ a, b; home ▸ music; etc ▸ hosts; nothing open.
    static func files() -> OutlineSnapshot<String> {
        var outline = OutlineSnapshot<String>()
        outline.append(["home", "etc"])
        outline.append(["docs", "music"], to: "home")
        outline.append(["a", "b"], to: "docs")
        outline.append(["hosts"], to: "etc")
        return outline
    }

    /// `outline` shown on `host` in a 300×400 window, the manager set up by `configure` (which
    /// registers the rows), a frame drawn.
    @MainActor static func show(_ outline: OutlineSnapshot<String>, on host: any ListHost, _ configure: (ListManager) -> Void)
        -> (ListManager, OutlineStorage<String, String>, ShownList)
    {
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Places")
        let manager = ListManager(host: host, storage: storage)
        configure(manager)
        let list = ShownList(manager, width: 300, height: 400)
        list.settleFrame()
        return (manager, storage, list)
    }

    /// The labels of the bound rows, in order, read from GTK.
    @MainActor static func shown(_ manager: ListManager) -> [String] {
        (0..<manager.rowCount).compactMap {
            (manager.boundRow(at: IndexPath(item: $0, section: 0))?.view as? NameRow).map {
                String(cString: gtk_label_get_text(gcast($0.widget)))
            }
        }
    }

    /// The screen point of the arrow of the row at `item`.
    @MainActor static func arrowPoint(of item: Int, in manager: ListManager, list: ShownList) throws -> (Int32, Int32) {
        let row = try XCTUnwrap(manager.boundRow(at: IndexPath(item: item, section: 0)))
        let container = try XCTUnwrap(row.hostWidget)
        var content = GtkAllocation(), outer = GtkAllocation()
        gtk_widget_get_allocation(row.widget, &content)
        gtk_widget_get_allocation(container, &outer)
        // Just before the content's start edge, where GTK draws the arrow.
        let x = TestTextDirection.isRightToLeft ? content.x + content.width - outer.x + 8 : content.x - outer.x - 8
        return list.screenPoint(in: container, x: x, y: outer.height / 2)
    }

    /// The arrow's square in its container.
    @MainActor static func arrowRegion(of row: BoundRow) -> (x: Int32, y: Int32, size: Int32) {
        var content = GtkAllocation(), outer = GtkAllocation()
        gtk_widget_get_allocation(row.widget, &content)
        gtk_widget_get_allocation(row.hostWidget!, &outer)
        let x = TestTextDirection.isRightToLeft ? content.x + content.width - outer.x : content.x - outer.x - 16
        return (x, (outer.height - 16) / 2, 16)
    }
}
