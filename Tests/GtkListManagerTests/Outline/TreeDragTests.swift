import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Drags within a tree on the list-box and virtualized hosts, with real pointer input: a row
/// dropped on the middle of a row with children goes into it, on the lower half of a leaf after
/// it; a closed row hovered for half a second opens on the way.
final class TreeDragTests: XCTestCase {
    private static let hosts = TreeFixture.hosts

    /// The file tree with home open, its rows movable.
    @MainActor private static func makeTree(_ host: any ListHost) -> (ListManager, OutlineStorage<String, String>, ShownList) {
        var outline = TreeFixture.files()
        outline.expand(["home"])
        return TreeFixture.show(outline, on: host) { $0.register(TreeFixture.NameRow.self) { $0.canMove { _, _, _ in true } } }
    }

    @MainActor private static func shown(_ manager: ListManager) -> [String] { TreeFixture.shown(manager) }

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
