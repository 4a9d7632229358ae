import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Drags between lists and from other drag sources, with real pointer drags under Xvfb.
final class DragAndDropEventTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    @MainActor static func items(_ manager: ListManager) -> [String] {
        ReorderingEventTests.items(manager)
    }

    /// Two lists side by side, each in its own window (the second at x = 500).
    @MainActor static func twoLists(
        source: ListManager, destination: ListManager
    ) -> (ShownList, ShownList) {
        source.memoryStorage?.setItems(["a", "b", "c"])
        destination.memoryStorage?.setItems(["x", "y", "z"])
        let first = ShownList(source)
        let second = ShownList(destination)
        second.moveWindow(toX: 500)
        return (first, second)
    }

    func testAModelDraggedToAnotherListArrivesThroughPerformDropAndThePlaceholder() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aModelDraggedToAnotherListArrives()
        }
    }

    @MainActor private static func aModelDraggedToAnotherListArrives() throws {
        let source = ListManager(), destination = ListManager()
        var offered: [(String, IndexPath, Bool)] = []
        source.register(NameRow.self) { mapping in
            mapping.itemsForBeginningDrag { row, model, indexPath in
                let label = String(cString: gtk_label_get_text(gcast(row.widget)))
                offered.append((model, indexPath, label == model))
                return [DragItem(text: model, model: model)]
            }
        }
        var began: [IndexPath] = [], ended: [(IndexPath, DropProposal.Operation)] = []
        source.dragSessionWillBegin { began.append($0.sourceIndexPath) }
        source.dragSessionDidEnd { ended.append(($0.sourceIndexPath, $0.operation)) }

        destination.register(NameRow.self)
        var log: [String] = []
        var updates: [IndexPath?] = []
        var dropped: (items: [String], destination: IndexPath?, isLocal: Bool, sourceIndexPath: IndexPath?, fromSource: Bool)?
        destination.canHandleDrop { session in
            log.append("canHandle")
            return session.isLocal
        }
        destination.dropSessionDidEnter { _ in log.append("enter") }
        destination.dropSessionDidUpdate { _, indexPath in
            updates.append(indexPath)
            return .copy
        }
        destination.dropSessionDidExit { _ in log.append("exit") }
        destination.dropSessionDidEnd { _ in log.append("end") }
        destination.performDrop { [unowned destination] session in
            log.append("perform")
            dropped = (
                session.models(of: String.self), session.destinationIndexPath, session.isLocal, session.sourceIndexPath,
                session.sourceManager === source
            )
            guard let indexPath = session.destinationIndexPath, let item = session.items.first else { return }
            destination.drop(item, toPlaceholderAt: indexPath).commitInsertion(ofItem: item.model ?? "")
        }
        let (first, second) = twoLists(source: source, destination: destination)
        defer { first.close(); second.close() }

        // "b" onto the lower half of "y": inserted after it.
        let start = first.screenPoint(in: gcast(first.listRow(at: IndexPath(item: 1, section: 0))), x: 60)
        let target = second.listRow(at: IndexPath(item: 1, section: 0))
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gcast(target), &allocation)
        let end = second.screenPoint(in: gcast(target), x: 60, y: allocation.height * 3 / 4)
        first.drag(from: start, to: end, steps: 6)

        XCTAssertEqual(offered.map(\.0), ["b"])
        XCTAssertEqual(offered.map(\.1), [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(offered.map(\.2), [true])
        XCTAssertEqual(began, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(log, ["canHandle", "enter", "perform", "end"])
        XCTAssertEqual(updates.last, IndexPath(item: 2, section: 0))
        XCTAssertEqual(dropped?.items, ["b"])
        XCTAssertEqual(dropped?.destination, IndexPath(item: 2, section: 0))
        XCTAssertEqual(dropped?.isLocal, true)
        XCTAssertEqual(dropped?.sourceIndexPath, IndexPath(item: 1, section: 0))
        XCTAssertEqual(dropped?.fromSource, true)
        XCTAssertEqual(items(destination), ["x", "y", "b", "z"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(destination), ["x", "y", "b", "z"], "committed through the change log")
        XCTAssertEqual(items(source), ["a", "b", "c"], "a copy leaves the source as it was")
        XCTAssertEqual(ended.map(\.0), [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(ended.map(\.1), [.copy])
    }

    func testAModelDroppedOnAVirtualListLandsBetweenTheRowsUnderThePointer() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aModelDroppedOnAVirtualList()
        }
    }

    /// From a list box to the middle of 10,000 rows on the virtualized host: the destination
    /// comes from the bound row under the pointer, the placeholder's insertion shows there.
    @MainActor private static func aModelDroppedOnAVirtualList() throws {
        let source = ListManager()
        source.register(NameRow.self)
        source.itemsForBeginningDrag(NameRow.self) { _, model, _ in [DragItem(model: model)] }
        let host = VirtualListHost()
        let destination = ListManager(host: host)
        destination.register(NameRow.self)
        var updates: [IndexPath?] = []
        destination.dropSessionDidUpdate { _, indexPath in
            updates.append(indexPath)
            return .copy
        }
        var performed: [(String, IndexPath?)] = []
        destination.performDrop { [unowned destination] session in
            performed += session.models(of: String.self).map { ($0, session.destinationIndexPath) }
            guard let indexPath = session.destinationIndexPath, let item = session.items.first else { return }
            destination.drop(item, toPlaceholderAt: indexPath).commitInsertion(ofItem: item.model ?? "")
        }
        let (first, second) = twoLists(source: source, destination: destination)
        defer { first.close(); second.close() }
        destination.memoryStorage?.setItems((0..<10_000).map { "n\($0)" })
        XCTAssertTrue(destination.scrollTo(IndexPath(item: 5_000, section: 0), alignment: .top))
        second.settle()
        XCTAssertEqual(host.positionsOnScreen?.lowerBound, 5_000)

        // "b" onto the lower half of the third row on screen: inserted after it.
        let target = 5_002
        let frame = try XCTUnwrap(host.rowFrame(at: target))
        let start = first.screenPoint(in: gcast(first.listRow(at: IndexPath(item: 1, section: 0))), x: 60)
        let end = second.screenPoint(in: host.widget, x: 60, y: Int32(frame.y + frame.height * 3 / 4))
        first.drag(from: start, to: end, steps: 6)

        XCTAssertEqual(updates.last, IndexPath(item: target + 1, section: 0))
        XCTAssertEqual(performed.map(\.0), ["b"])
        XCTAssertEqual(performed.map(\.1), [IndexPath(item: target + 1, section: 0)])
        let names = items(destination)
        XCTAssertEqual(names.count, 10_001)
        XCTAssertEqual(names[target...target + 2], ["n5002", "b", "n5003"])
        XCTAssertEqual(host.positionsOnScreen?.lowerBound, 5_000, "the rows on screen stayed")
        host.forEachBoundRow { position, row in
            XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), names[position])
        }
        XCTAssertEqual(
            (destination.boundRow(at: IndexPath(item: target + 1, section: 0))?.view as? NameRow)
                .map { String(cString: gtk_label_get_text(gcast($0.widget))) }, "b", "the dropped row is bound where it landed")
        XCTAssertEqual(items(source), ["a", "b", "c"], "a copy leaves the source as it was")
    }

    func testADragThatLeavesWithoutDroppingIsToldExitAndEnd() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aDragThatLeaves()
        }
    }

    @MainActor private static func aDragThatLeaves() throws {
        let source = ListManager(), destination = ListManager()
        source.register(NameRow.self) { mapping in
            mapping.itemsForBeginningDrag { _, model, _ in [DragItem(text: model)] }
        }
        var ended: [DropProposal.Operation] = []
        source.dragSessionDidEnd { ended.append($0.operation) }
        destination.register(NameRow.self)
        var log: [String] = []
        destination.dropSessionDidEnter { _ in log.append("enter") }
        destination.dropSessionDidExit { _ in log.append("exit") }
        destination.dropSessionDidEnd { _ in log.append("end") }
        destination.performDrop { _ in log.append("perform") }
        let (first, second) = twoLists(source: source, destination: destination)
        defer { first.close(); second.close() }

        // Over the other list and back: released over the source list, which takes no drops.
        let start = first.screenPoint(in: gcast(first.listRow(at: IndexPath(item: 0, section: 0))), x: 60)
        let over = second.screenPoint(in: gcast(second.listRow(at: IndexPath(item: 1, section: 0))), x: 60)
        let back = first.screenPoint(in: gcast(first.listRow(at: IndexPath(item: 2, section: 0))), x: 60)
        first.drag(through: [start, over, back], steps: 4)

        XCTAssertEqual(log, ["enter", "exit", "end"])
        XCTAssertEqual(ended, [.cancel])
        XCTAssertEqual(items(destination), ["x", "y", "z"])
        XCTAssertEqual(items(source), ["a", "b", "c"])
    }
}

extension ShownList {
    /// A real pointer drag along `points` (screen coordinates), `steps` moves per leg.
    func drag(through points: [(Int32, Int32)], steps: Int) {
        guard let start = points.first else { return }
        xdotool(["mousemove", "--sync", String(start.0), String(start.1)])
        xdotool(["mousedown", "1"])
        for (from, to) in zip(points, points.dropFirst()) {
            for step in 1...steps {
                let x = from.0 + (to.0 - from.0) * Int32(step) / Int32(steps)
                let y = from.1 + (to.1 - from.1) * Int32(step) / Int32(steps)
                xdotool(["mousemove", String(x), String(y)])
            }
        }
        xdotool(["mouseup", "1"])
        settle(milliseconds: 100)
    }
}
