import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Drags within a tree on the list-box and virtualized hosts, with real pointer input: a row
/// dropped on the middle of a row with children goes into it, on the lower half of a leaf after
/// it; a closed row hovered for half a second opens on the way.
final class TreeDragTests: XCTestCase {
    final class NameRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with model: String) { gtk_label_set_text(gcast(widget), model) }
    }

    private static let hosts: [(name: String, make: @MainActor () -> any ListHost)] = [
        ("list box", { ListBoxHost() }), ("virtualized list", { VirtualListHost() }),
    ]

    /// home ▸ docs ▸ a, b; home ▸ music; etc ▸ hosts; home open.
    @MainActor private static func makeTree(_ host: any ListHost) -> (ListManager, OutlineStorage<String, String>, ShownList) {
        var outline = OutlineSnapshot<String>()
        outline.append(["home", "etc"])
        outline.append(["docs", "music"], to: "home")
        outline.append(["a", "b"], to: "docs")
        outline.append(["hosts"], to: "etc")
        outline.expand(["home"])
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "Places")
        let manager = ListManager(host: host, storage: storage)
        manager.register(NameRow.self) { $0.canMove { _, _, _ in true } }
        let list = ShownList(manager, width: 300, height: 400)
        list.settleFrame()
        return (manager, storage, list)
    }

    @MainActor private static func shown(_ manager: ListManager) -> [String] {
        (0..<manager.rowCount).compactMap {
            (manager.boundRow(at: IndexPath(item: $0, section: 0))?.view as? NameRow).map {
                String(cString: gtk_label_get_text(gcast($0.widget)))
            }
        }
    }

    /// The screen point at `fraction` of the height of the row at `item`.
    @MainActor private static func point(ofRow item: Int, at fraction: Double, in manager: ListManager, list: ShownList) throws -> (
        Int32, Int32
    ) {
        let container = try XCTUnwrap(manager.boundRow(at: IndexPath(item: item, section: 0))?.hostWidget)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(container, &allocation)
        return list.screenPoint(in: container, x: allocation.width / 2, y: Int32(Double(allocation.height) * fraction))
    }

    func testARowDroppedOnTheMiddleOfAFolderGoesIntoIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, storage, list) = Self.makeTree(make())
                defer { list.close() }
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc"], name)
                let start = try Self.point(ofRow: 2, at: 0.5, in: manager, list: list)
                let end = try Self.point(ofRow: 1, at: 0.5, in: manager, list: list)
                list.drag(from: start, to: end)
                list.settleFrame()
                XCTAssertEqual(storage.outline(of: "Places").children(of: "docs"), ["a", "b", "music"], name)
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "etc"], "\(name): music went into the closed docs")
            }
        }
    }

    func testAClosedFolderHoveredByADragOpensAndTheDropLandsAfterTheLeaf() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for (name, make) in Self.hosts {
                let (manager, storage, list) = Self.makeTree(make())
                defer { list.close() }
                let start = try Self.point(ofRow: 2, at: 0.5, in: manager, list: list)
                let etc = try Self.point(ofRow: 3, at: 0.5, in: manager, list: list)
                // Past the drag threshold, then a rest on etc: it opens, showing hosts below it.
                list.xdotoolWhileRunning([
                    "mousemove", "--sync", String(start.0), String(start.1), "mousedown", "1",
                    "mousemove", String(start.0), String(start.1 + 12), "sleep", "0.1",
                    "mousemove", String(etc.0), String(etc.1 - 2), "sleep", "0.1",
                    "mousemove", String(etc.0), String(etc.1), "sleep", "0.9",
                ])
                list.settleFrame()
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "music", "etc", "hosts"], "\(name): etc opened under the drag")
                let hosts = try Self.point(ofRow: 4, at: 0.8, in: manager, list: list)
                list.xdotoolWhileRunning([
                    "mousemove", String(hosts.0), String(hosts.1 - 1), "sleep", "0.1", "mousemove", String(hosts.0), String(hosts.1),
                    "sleep", "0.1", "mouseup", "1",
                ])
                list.settleFrame()
                XCTAssertEqual(storage.outline(of: "Places").children(of: "etc"), ["hosts", "music"], name)
                XCTAssertEqual(Self.shown(manager), ["home", "docs", "etc", "hosts", "music"], name)
            }
        }
    }
}
