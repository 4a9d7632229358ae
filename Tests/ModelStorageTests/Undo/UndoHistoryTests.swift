import ModelStorage
import Testing

/// An undo history takes user actions back through the storages they changed, by identity: a
/// deleted item returns after the item it followed whatever changed since, an edit gets its old
/// value, a move goes back; redo does the action again; only grouped changes are recorded, at
/// most `limit` actions, and what cannot be taken back clears the history.
@MainActor
@Suite struct UndoHistoryTests {
    struct Note: Identifiable, Equatable, CustomStringConvertible {
        let id: Int
        var text: String
        var description: String { text }
    }

    /// A tracked storage of notes "a" … "e" (ids 1 … 5) in one section, and its history.
    func notes(limit: Int = 100) -> (MemoryStorage, UndoHistory) {
        let storage = MemoryStorage()
        storage.setItems(["a", "b", "c", "d", "e"].enumerated().map { Note(id: $0.offset + 1, text: $0.element) })
        let history = UndoHistory(limit: limit)
        history.track(storage)
        return (storage, history)
    }

    func texts(_ storage: MemoryStorage, section: Int = 0) -> [String] {
        storage.models(inSection: section).map { ($0 as! Note).text }
    }

    @Test func aDeleteIsUndoneWhereTheItemsWereAndRedone() {
        let (storage, history) = notes()
        history.group(named: "Delete") {
            storage.removeItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        }
        #expect(texts(storage) == ["a", "c", "e"])
        #expect(history.undoActionName == "Delete")

        let restored = history.undo()
        #expect(texts(storage) == ["a", "b", "c", "d", "e"])
        #expect(Set(restored) == [ModelIdentity(of: Note(id: 2, text: "b")), ModelIdentity(of: Note(id: 4, text: "d"))])
        #expect(!history.canUndo && history.redoActionName == "Delete")

        history.redo()
        #expect(texts(storage) == ["a", "c", "e"])
        #expect(history.canUndo && !history.canRedo)
    }

    @Test func anUndoChangesOnlyWhatTheActionChanged() {
        let (storage, history) = notes()
        history.group(named: "Delete") { storage.removeItems(at: [IndexPath(item: 2, section: 0)]) }
        // What the app changes outside a group stays, and moves nothing back to old places.
        try? storage.insertItem(Note(id: 9, text: "x"), to: IndexPath(item: 0, section: 0))
        try? storage.replaceItem(at: IndexPath(item: 3, section: 0), with: Note(id: 4, text: "D"))
        #expect(texts(storage) == ["x", "a", "b", "D", "e"])

        history.undo()
        #expect(texts(storage) == ["x", "a", "b", "c", "D", "e"], "c back after b, the item it followed")
    }

    @Test func anEditAndAMoveAreTakenBack() {
        let (storage, history) = notes()
        history.group(named: "Rename") { try? storage.replaceItem(at: IndexPath(item: 0, section: 0), with: Note(id: 1, text: "A")) }
        history.group(named: "Move") { storage.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0)) }
        #expect(texts(storage) == ["b", "c", "d", "e", "A"])

        history.undo()
        #expect(texts(storage) == ["A", "b", "c", "d", "e"])
        history.undo()
        #expect(texts(storage) == ["a", "b", "c", "d", "e"])
        history.redo()
        history.redo()
        #expect(texts(storage) == ["b", "c", "d", "e", "A"])
    }

    @Test func nestedGroupsAreOneActionAndChangesOutsideGroupsAreNotRecorded() {
        let (storage, history) = notes()
        storage.removeItems(at: [IndexPath(item: 0, section: 0)])
        #expect(!history.canUndo)
        history.group(named: "Clean up") {
            history.group(named: "inner") { storage.removeItems(at: [IndexPath(item: 0, section: 0)]) }
            storage.removeItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(texts(storage) == ["d", "e"])
        #expect(history.undoActionName == "Clean up")
        history.undo()
        #expect(texts(storage) == ["b", "c", "d", "e"])
        #expect(!history.canUndo)
    }

    @Test func aNewActionClearsWhatCouldBeRedoneAndTheLimitDropsTheOldest() {
        let (storage, history) = notes(limit: 2)
        for name in ["one", "two", "three"] {
            history.group(named: name) { storage.removeItems(at: [IndexPath(item: 0, section: 0)]) }
        }
        #expect(texts(storage) == ["d", "e"])
        history.undo()
        #expect(history.canRedo)
        history.group(named: "four") { storage.removeItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(!history.canRedo)
        history.undo()
        history.undo()
        #expect(!history.canUndo, "two actions kept")
        #expect(texts(storage) == ["b", "c", "d", "e"], "the first delete was dropped, not undone")
    }

    @Test func whatCannotBeTakenBackClearsTheHistory() {
        let (storage, history) = notes()
        history.group(named: "Delete") { storage.removeItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(history.canUndo)
        // Strings of no identity are Hashable: items without one are values of no such kind.
        struct Plain { let text: String }
        history.group(named: "Add") { storage.addItem(Plain(text: "p")) }
        #expect(!history.canUndo && !history.canRedo)
        // A reload without a diff says nothing of what was there.
        history.group(named: "Delete") { storage.removeItems(at: [IndexPath(item: 0, section: 0)]) }
        history.group(named: "Replace") { storage.setItems([Note(id: 7, text: "z")]) }
        #expect(!history.canUndo)
    }

    @Test func aDeleteThroughTheBaseOfAFilteredListIsUndoneThere() async {
        let (storage, history) = notes()
        let filtered = FilteredStorage<Note>(storage, filter: { $0.id % 2 == 1 })
        #expect(await waitUntil { filtered.count == 3 })
        history.group(named: "Delete") { storage.removeItems(at: [IndexPath(item: 2, section: 0)]) }
        #expect(filtered.count == 2)
        history.undo()
        #expect(texts(storage) == ["a", "b", "c", "d", "e"])
        #expect(filtered.count == 3)
        #expect((filtered.item(at: IndexPath(item: 1, section: 0)) as? Note)?.text == "c")
    }
}
