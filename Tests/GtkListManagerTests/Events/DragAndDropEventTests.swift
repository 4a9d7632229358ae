import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Drags between lists and from other drag sources, with real pointer drags under Xvfb.
final class DragAndDropEventTests: XCTestCase {
    typealias NameRow = ReorderingEventTests.NameRow

    @MainActor private static func items(_ manager: ListManager) -> [String] {
        ReorderingEventTests.items(manager)
    }

    /// Two lists side by side, each in its own window (the second at x = 500).
    @MainActor private static func twoLists(
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
        XCTAssertEqual(host.visibleRange?.lowerBound, 5_000)

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
        XCTAssertEqual(host.visibleRange?.lowerBound, 5_000, "the rows on screen stayed")
        host.forEachBoundRow { position, row in
            XCTAssertEqual(String(cString: gtk_label_get_text(gcast(row.widget))), names[position])
        }
        XCTAssertEqual(
            (destination.boundRow(at: IndexPath(item: target + 1, section: 0))?.view as? NameRow)
                .map { String(cString: gtk_label_get_text(gcast($0.widget))) }, "b", "the dropped row is bound where it landed")
        XCTAssertEqual(items(source), ["a", "b", "c"], "a copy leaves the source as it was")
    }

    func testAMoveProposalEndsTheSourceSessionWithMove() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.moveProposal(sourceAllowsMove: true)
        }
    }

    func testASourceThatRefusesMovesGetsNoMoveDrop() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.moveProposal(sourceAllowsMove: false)
        }
    }

    /// The destination proposes a move; the source allows it (or not, through
    /// dragSessionAllowsMoveOperation) and removes the moved item itself when told.
    @MainActor private static func moveProposal(sourceAllowsMove: Bool) throws {
        let source = ListManager(), destination = ListManager()
        source.register(NameRow.self)
        source.itemsForBeginningDrag(NameRow.self) { _, model, _ in [DragItem(model: model)] }
        var allowsMoveAsked: [IndexPath] = []
        source.dragSessionAllowsMoveOperation { session in
            allowsMoveAsked.append(session.sourceIndexPath)
            return sourceAllowsMove
        }
        var ended: [DropProposal.Operation] = []
        source.dragSessionDidEnd { [unowned source] session in
            ended.append(session.operation)
            if session.operation == .move { source.memoryStorage?.removeItems(at: [session.sourceIndexPath]) }
        }
        destination.register(NameRow.self)
        var proposals: [DropProposal.Operation] = []
        destination.dropSessionDidUpdate { session, _ in
            proposals.append(session.allowsMove ? .move : .cancel)
            return .move
        }
        var performed: [(String, IndexPath?)] = []
        destination.performDrop { [unowned destination] session in
            performed += session.models(of: String.self).map { ($0, session.destinationIndexPath) }
            guard let indexPath = session.destinationIndexPath else { return }
            for model in session.models(of: String.self) {
                destination.drop(DragItem(model: model), toPlaceholderAt: indexPath).commitInsertion(ofItem: model)
            }
        }
        let (first, second) = twoLists(source: source, destination: destination)
        defer { first.close(); second.close() }

        let start = first.screenPoint(in: gcast(first.listRow(at: IndexPath(item: 0, section: 0))), x: 60)
        let target = second.listRow(at: IndexPath(item: 0, section: 0))
        let end = second.screenPoint(in: gcast(target), x: 60, y: 4)
        first.drag(from: start, to: end, steps: 6)

        XCTAssertEqual(allowsMoveAsked, [IndexPath(item: 0, section: 0)])
        XCTAssertFalse(proposals.isEmpty)
        XCTAssertEqual(Set(proposals), [sourceAllowsMove ? .move : .cancel], "the session says whether the source allows a move")
        if sourceAllowsMove {
            XCTAssertEqual(performed.map(\.0), ["a"])
            XCTAssertEqual(performed.map(\.1), [IndexPath(item: 0, section: 0)])
            XCTAssertEqual(items(destination), ["a", "x", "y", "z"])
            XCTAssertEqual(ended, [.move])
            XCTAssertEqual(items(source), ["b", "c"], "the source removed the moved item in dragSessionDidEnd")
            XCTAssertEqual(ReorderingEventTests.listBoxOrder(source), ["b", "c"])
        } else {
            XCTAssertTrue(performed.isEmpty, "a move the source refuses is no drop")
            XCTAssertEqual(items(destination), ["x", "y", "z"])
            XCTAssertEqual(ended, [.cancel])
            XCTAssertEqual(items(source), ["a", "b", "c"])
        }
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

    func testTextAndURIsFromAnotherDragSourceArriveAtDrop() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.textAndURIsArrive()
        }
    }

    /// A plain GTK drag source (an event box offering text and a URI list), not a list: the
    /// data arrives through GTK's selection transfer, as from another application.
    @MainActor private static func textAndURIsArrive() throws {
        let destination = ListManager()
        destination.register(NameRow.self)
        destination.memoryStorage?.setItems(["x", "y", "z"])
        var dropped: (text: String?, uris: [String], isLocal: Bool, offersText: Bool, offersURIs: Bool)?
        var placeholder: DropPlaceholder?
        var entered: [(Bool, Bool, Int)] = []
        destination.dropSessionDidEnter { entered.append(($0.offersText, $0.offersURIs, $0.items.count)) }
        destination.performDrop { [unowned destination] session in
            let item = session.items.first
            dropped = (item?.text, item?.uris ?? [], session.isLocal, session.offersText, session.offersURIs)
            guard let item, let indexPath = session.destinationIndexPath else { return }
            placeholder = destination.drop(item, toPlaceholderAt: indexPath, showing: "loading")
        }
        let list = ShownList(destination)
        let (sourceWindow, eventBox) = makeTextSource()
        defer { list.close(); gtk_widget_destroy(sourceWindow) }

        var sourceX: Int32 = 0, sourceY: Int32 = 0
        gdk_window_get_origin(gtk_widget_get_window(eventBox), &sourceX, &sourceY)
        let target = list.listRow(at: IndexPath(item: 1, section: 0))
        let end = list.screenPoint(in: gcast(target), x: 60, y: 4)
        list.drag(from: (sourceX + 40, sourceY + 20), to: end, steps: 6)

        XCTAssertEqual(entered.map(\.0), [true])
        XCTAssertEqual(entered.map(\.1), [true])
        XCTAssertEqual(entered.map(\.2), [0], "another source's data is known only at the drop")
        XCTAssertEqual(dropped?.text, "dropped text")
        XCTAssertEqual(dropped?.uris, ["file:///tmp/dropped.txt"])
        XCTAssertEqual(dropped?.isLocal, false)
        XCTAssertEqual(items(destination), ["x", "loading", "y", "z"], "the placeholder model is shown at the drop point")

        destination.memoryStorage?.addItems(["new first"].map { $0 as Any }, toSection: 0)
        try destination.memoryStorage?.insertItem("top", to: IndexPath(item: 0, section: 0))
        XCTAssertEqual(placeholder?.indexPath, IndexPath(item: 2, section: 0), "the placeholder follows its row")
        XCTAssertEqual(placeholder?.commitInsertion(ofItem: dropped?.text ?? ""), IndexPath(item: 2, section: 0))
        XCTAssertEqual(items(destination), ["top", "x", "dropped text", "y", "z", "new first"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(destination), items(destination), "committed through the change log")
        XCTAssertNil(placeholder?.commitInsertion(ofItem: "again"), "a placeholder commits once")
    }

    /// A window with an event box that is a GTK drag source of text and a URI list.
    @MainActor private static func makeTextSource() -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let eventBox = gtk_event_box_new()!
        gtk_widget_set_size_request(eventBox, 200, 80)
        gtk_container_add(gcast(eventBox), gtk_label_new("drag me"))
        gtk_container_add(gcast(window), eventBox)
        gtk_drag_source_set(eventBox, GDK_BUTTON1_MASK, nil, 0, GDK_ACTION_COPY)
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 1)
        gtk_target_list_add_uri_targets(targets, 2)
        gtk_drag_source_set_target_list(eventBox, targets)
        gtk_target_list_unref(targets)
        let dataGet: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, UInt32, UInt32, gpointer?) -> Void = {
            _, _, selection, info, _, _ in
            if info == 2 {
                var uris: [UnsafeMutablePointer<CChar>?] = [strdup("file:///tmp/dropped.txt"), nil]
                _ = uris.withUnsafeMutableBufferPointer { gtk_selection_data_set_uris(selection, $0.baseAddress) }
                free(uris[0])
            } else {
                gtk_selection_data_set_text(selection, "dropped text", -1)
            }
        }
        g_signal_connect_data(eventBox, "drag-data-get", unsafeBitCast(dataGet, to: GCallback.self), nil, nil, GConnectFlags(0))
        gtk_widget_show_all(window)
        gtk_window_move(gcast(window), 500, 0)
        _ = GtkRuntime.iterate(
            until: {
                var x: Int32 = 0, y: Int32 = 0
                gdk_window_get_origin(gtk_widget_get_window(window), &x, &y)
                return gtk_widget_get_mapped(eventBox) != 0 && x >= 500
            }, timeout: .seconds(2))
        return (window, eventBox)
    }

    func testAMovableRowThatOffersItemsIsReorderedInItsOwnList() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.aMovableRowThatOffersItemsIsReordered()
        }
    }

    /// Over its own list, a drag of a movable row is a move (targetIndexPathForMove, move), not
    /// a drop: the list's drop events are not asked.
    @MainActor private static func aMovableRowThatOffersItemsIsReordered() throws {
        let manager = ListManager()
        manager.register(NameRow.self) { mapping in
            mapping.canMove { _, _, _ in true }
            mapping.itemsForBeginningDrag { _, model, _ in [DragItem(text: model, model: model)] }
        }
        var dropEvents: [String] = []
        manager.dropSessionDidEnter { _ in dropEvents.append("enter") }
        manager.performDrop { _ in dropEvents.append("perform") }
        var ended: [(DropProposal.Operation, Bool, Bool)] = []
        manager.dragSessionDidEnd { ended.append(($0.operation, $0.endedInSameList, $0.isReordering)) }
        manager.memoryStorage?.setItems(["a", "b", "c"])
        let list = ShownList(manager)
        defer { list.close() }

        list.drag(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0), lowerHalf: false)

        XCTAssertEqual(items(manager), ["c", "a", "b"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(manager), ["c", "a", "b"])
        XCTAssertEqual(dropEvents, [])
        XCTAssertEqual(ended.map(\.0), [.move])
        XCTAssertEqual(ended.map(\.1), [true])
        XCTAssertEqual(ended.map(\.2), [true])
    }

    func testAPlaceholderIsDeletedOrInsertedThroughTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.placeholderDeleteAndInsert()
        }
    }

    @MainActor private static func placeholderDeleteAndInsert() throws {
        let manager = ListManager()
        manager.register(NameRow.self)
        manager.memoryStorage?.setItems(["x", "y"])
        var changes = 0
        manager.didUpdateContent = { _ in changes += 1 }

        let shown = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 1, section: 0), showing: "loading")
        XCTAssertEqual(items(manager), ["x", "loading", "y"])
        shown.deletePlaceholder()
        XCTAssertEqual(items(manager), ["x", "y"])
        XCTAssertNil(shown.indexPath)
        XCTAssertNil(shown.commitInsertion(ofItem: "late"), "a deleted placeholder commits nothing")

        let hidden = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 9, section: 0))
        XCTAssertEqual(items(manager), ["x", "y"], "without a placeholder model nothing is shown before the commit")
        XCTAssertEqual(hidden.commitInsertion(ofItem: "t"), IndexPath(item: 2, section: 0), "clamped to the section's end")
        XCTAssertEqual(items(manager), ["x", "y", "t"])
        XCTAssertEqual(ReorderingEventTests.listBoxOrder(manager), ["x", "y", "t"])
        XCTAssertEqual(changes, 3, "insert, removal, insert: each an ordinary storage change")
    }

    func testAPlaceholderOnAVirtualListFollowsTheChangesMadeWhileItWaits() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.placeholderFollowsChanges()
        }
    }

    /// No row is bound for a placeholder off screen: it is found by the changes it followed.
    @MainActor private static func placeholderFollowsChanges() throws {
        let manager = ListManager(host: .virtualized)
        manager.register(NameRow.self)
        let storage = try XCTUnwrap(manager.memoryStorage)
        storage.setItems((0..<5_000).map { "n\($0)" })

        let waiting = manager.drop(DragItem(text: "t"), toPlaceholderAt: IndexPath(item: 4_000, section: 0), showing: "loading")
        XCTAssertNil(manager.boundRow(at: IndexPath(item: 4_000, section: 0)), "off screen: no row bound")
        try storage.insertItem("above", to: IndexPath(item: 0, section: 0))
        storage.removeItems(at: [IndexPath(item: 10, section: 0), IndexPath(item: 11, section: 0)])
        try storage.insertItem("below", to: IndexPath(item: 4_500, section: 0))
        XCTAssertEqual(waiting.indexPath, IndexPath(item: 3_999, section: 0))

        XCTAssertEqual(waiting.commitInsertion(ofItem: "t"), IndexPath(item: 3_999, section: 0))
        XCTAssertEqual(storage.item(at: IndexPath(item: 3_999, section: 0)) as? String, "t")
        XCTAssertFalse((storage.items(inSection: 0) ?? []).contains { ($0 as? String) == "loading" }, "the placeholder itself was replaced")

        let removed = manager.drop(DragItem(text: "u"), toPlaceholderAt: IndexPath(item: 20, section: 0), showing: "loading")
        storage.removeItems(at: [IndexPath(item: 20, section: 0)])
        XCTAssertNil(removed.indexPath, "a change removed the placeholder")
        XCTAssertNil(removed.commitInsertion(ofItem: "u"), "so nothing takes its place")
        XCTAssertEqual(storage.numberOfItems(inSection: 0), 5_001, "5,000, above, below and t")
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
