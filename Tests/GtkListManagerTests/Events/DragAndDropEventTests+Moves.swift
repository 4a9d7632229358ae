import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Move proposals between lists, and a movable row dragged within its own list.
extension DragAndDropEventTests {
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
}
