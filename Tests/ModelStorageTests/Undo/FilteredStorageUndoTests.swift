import ModelStorage
import Testing

/// Tracking a filtered list tracks its base: an undo restores the base, items the filter hides
/// included, and the filtered list shows again those that pass.
@MainActor
@Suite struct FilteredStorageUndoTests {
    /// Fruits a:1 … f:6 sorted by size, shown filtered to even sizes, and a history tracking the
    /// filtered list.
    func evenFruits() async -> (SortedStorage<Fruit, Unsectioned>, FilteredStorage<Fruit>, UndoHistory) {
        let base = SortedStorage<Fruit, Unsectioned>(sortedBy: bySize)
        base.reset(["a", "b", "c", "d", "e", "f"].enumerated().map { Fruit(id: $0.element, size: $0.offset + 1) }, execution: .immediate)
        let filtered = FilteredStorage<Fruit>(base, filter: { $0.size % 2 == 0 })
        _ = await waitUntil { filtered.count == 3 }
        let history = UndoHistory()
        history.track(filtered)
        return (base, filtered, history)
    }

    func shown(_ filtered: FilteredStorage<Fruit>) -> [String] {
        (0..<filtered.count).compactMap { (filtered.item(at: IndexPath(item: $0, section: 0)) as? Fruit)?.description }
    }

    @Test func anUndoThroughAFilteredListRestoresItemsTheFilterHides() async {
        let (base, filtered, history) = await evenFruits()
        // "Delete all small ones": a shown item (b) and a hidden one (a, c).
        history.group(named: "Delete") { base.remove(identifiers: ["a", "b", "c"]) }
        await base.upsertAndWait([])
        #expect(shown(filtered) == ["d:4", "f:6"])

        await withCheckedContinuation { continuation in history.undo { _ in continuation.resume() } }
        #expect(base.items.map(\.description) == ["a:1", "b:2", "c:3", "d:4", "e:5", "f:6"])
        #expect(shown(filtered) == ["b:2", "d:4", "f:6"])
    }

    @Test func aMemoryBaseIsTrackedThroughItsFilteredList() async {
        let base = MemoryStorage()
        base.setItems([Fruit(id: "a", size: 1), Fruit(id: "b", size: 2), Fruit(id: "c", size: 3)])
        let filtered = FilteredStorage<Fruit>(base, filter: { $0.size > 1 })
        _ = await waitUntil { filtered.count == 2 }
        let history = UndoHistory()
        history.track(filtered)
        history.group(named: "Delete") { base.removeItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)]) }
        #expect(shown(filtered) == ["c:3"])

        history.undo()
        #expect(base.models(inSection: 0).map { ($0 as! Fruit).description } == ["a:1", "b:2", "c:3"])
        #expect(shown(filtered) == ["b:2", "c:3"])
    }
}
