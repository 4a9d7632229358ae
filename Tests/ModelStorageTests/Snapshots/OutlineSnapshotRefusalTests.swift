import ModelStorage
import Testing

/// Inputs the outline fuzz target (Fuzz/OutlineFuzz) found wrong, kept as specifications.
@Suite("OutlineSnapshot: a refused operation changes nothing")
struct OutlineSnapshotRefusalTests {
    @Test("A refused insertion that reused free slots leaves every item in place")
    func refusedInsertionAmongFreeSlots() {
        // Items 2 and 4 leave free slots; the insertion below reuses them and adds one node at
        // the end, with item 5's node between: taking back the insertion must not take item 5.
        var outline = OutlineSnapshot<Int>()
        outline.append([1, 2, 3, 4, 5])
        outline.delete([2])
        outline.delete([4])
        #expect(outline.insert([9, 3, 10], after: 5) != nil, "3 is there already")
        #expect(outline.items == [1, 3, 5])
        #expect(outline.contains(5) && !outline.contains(9) && !outline.contains(10))
        #expect(outline.append([6, 7]) == nil)
        #expect(outline.items == [1, 3, 5, 6, 7])
        #expect(outline.index(of: 5) == 2)
    }
}
