import ModelStorage
import Testing

/// A sorted storage applies a user action's changes in a job, after the group closed: they are
/// recorded as that action all the same, taken back by identity (the sort places what comes
/// back), and an undo shows once its own job applied. What the app changes outside a group (a
/// feed), even in the same job, is not taken back.
@MainActor
@Suite struct SortedStorageUndoTests {
    /// A tracked storage of fruits a:1 … e:5, sorted by size, and its history.
    func fruits() -> (SortedStorage<Fruit, Unsectioned>, UndoHistory) {
        let storage = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        storage.reset(["a", "b", "c", "d", "e"].enumerated().map { Fruit(id: $0.element, size: $0.offset + 1) }, execution: .immediate)
        let history = UndoHistory()
        history.track(storage)
        return (storage, history)
    }

    func shown(_ storage: SortedStorage<Fruit, Unsectioned>) -> [String] {
        storage.items.map(\.description)
    }

    /// Undoes the last action and returns once every storage applied it.
    @discardableResult
    func undo(_ history: UndoHistory) async -> [ModelIdentity] {
        await withCheckedContinuation { continuation in history.undo { continuation.resume(returning: $0) } }
    }

    @discardableResult
    func redo(_ history: UndoHistory) async -> [ModelIdentity] {
        await withCheckedContinuation { continuation in history.redo { continuation.resume(returning: $0) } }
    }

    @Test func aDeleteAppliedAfterItsGroupIsUndoneAndRedone() async {
        let (storage, history) = fruits()
        history.group(named: "Delete") { storage.remove(identifiers: ["b", "d"]) }
        #expect(history.undoActionName == "Delete", "on the stack at once, its job still to come")
        await storage.upsertAndWait([])
        #expect(shown(storage) == ["a:1", "c:3", "e:5"])

        let restored = await undo(history)
        #expect(shown(storage) == ["a:1", "b:2", "c:3", "d:4", "e:5"])
        #expect(Set(restored) == [ModelIdentity(of: Fruit(id: "b")), ModelIdentity(of: Fruit(id: "d"))])
        #expect(history.redoActionName == "Delete")

        await redo(history)
        #expect(shown(storage) == ["a:1", "c:3", "e:5"])
        #expect(history.canUndo && !history.canRedo)
    }

    @Test func anEditIsTakenBackAfterAReSortAndANewItemIsRemoved() async {
        let (storage, history) = fruits()
        history.group(named: "Edit") {
            storage.upsert([Fruit(id: "a", size: 9), Fruit(id: "x", size: 0)])
        }
        await storage.setComparatorAndWait(bySizeDescending)
        #expect(shown(storage) == ["a:9", "e:5", "d:4", "c:3", "b:2", "x:0"])

        await undo(history)
        #expect(shown(storage) == ["e:5", "d:4", "c:3", "b:2", "a:1"], "a's old size, in the order sorted now")
        await redo(history)
        #expect(shown(storage) == ["a:9", "e:5", "d:4", "c:3", "b:2", "x:0"])
    }

    @Test func aFeedsUpsertsInTheSameJobAreNotTakenBack() async {
        let (storage, history) = fruits()
        storage.upsert([])  // a job runs: what comes next waits for the next one, together
        history.group(named: "Delete") { storage.remove(identifiers: ["c"]) }
        // The app's feed, outside any group, applied by the same job.
        storage.upsert([Fruit(id: "b", size: 2, version: 1), Fruit(id: "f", size: 6)])
        await storage.upsertAndWait([])
        storage.upsert([Fruit(id: "g", size: 7)])
        await storage.upsertAndWait([])
        #expect(shown(storage) == ["a:1", "b:2v1", "d:4", "e:5", "f:6", "g:7"])

        await undo(history)
        #expect(shown(storage) == ["a:1", "b:2v1", "c:3", "d:4", "e:5", "f:6", "g:7"])
        #expect(!history.canUndo, "the feed recorded nothing")
    }

    @Test func actionsAppliedByOneJobStayApart() async {
        let (storage, history) = fruits()
        storage.upsert([])  // a job runs: both actions wait for the next one, together
        history.group(named: "Delete a") { storage.remove(identifiers: ["a"]) }
        history.group(named: "Delete b") { storage.remove(identifiers: ["b"]) }
        await storage.upsertAndWait([])
        #expect(shown(storage) == ["c:3", "d:4", "e:5"])

        await undo(history)
        #expect(shown(storage) == ["b:2", "c:3", "d:4", "e:5"])
        #expect(history.undoActionName == "Delete a")
    }

    @Test func anUndoAskedBeforeTheActionAppliedWaitsForIt() async {
        let (storage, history) = fruits()
        history.group(named: "Delete") { storage.remove(identifiers: ["e"]) }
        // Ctrl+Z at once: the delete's job has not come back yet.
        #expect(storage.hasPendingChanges)
        let restored = await undo(history)
        #expect(shown(storage) == ["a:1", "b:2", "c:3", "d:4", "e:5"])
        #expect(restored == [ModelIdentity(of: Fruit(id: "e"))])
        #expect(history.redoActionName == "Delete")
    }

    @Test func aRedoAskedBeforeTheUndoAppliedWaitsForIt() async {
        let (storage, history) = fruits()
        history.group(named: "Delete") { storage.remove(identifiers: ["a"]) }
        await storage.upsertAndWait([])
        history.undo()
        // Shift+Ctrl+Z at once: the undo's job has not come back yet.
        #expect(history.redoActionName == "Delete")
        await redo(history)
        #expect(shown(storage) == ["b:2", "c:3", "d:4", "e:5"])
        await undo(history)
        #expect(shown(storage) == ["a:1", "b:2", "c:3", "d:4", "e:5"])
    }

    @Test func aGroupThatChangedNothingIsNoAction() async {
        let (storage, history) = fruits()
        history.group(named: "Delete") { storage.remove(identifiers: ["nothing"]) }
        await storage.upsertAndWait([])
        #expect(!history.canUndo)
    }
}
