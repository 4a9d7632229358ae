import ModelStorage
import SeededRandom
import Testing

/// A script read as the collection it is: the same steps as `steps`, with plain-integer places.
@Suite("EditScript read as a collection of edits")
struct EditScriptReadingTests {
    @Test("Every kind of step reads back as the edit it is")
    func everyKind() {
        let script = EditScript(steps: [
            .insertSection(1, newSection: 2), .deleteSection(3), .moveSection(from: 0, to: 4), .updateSection(5),
            .insertItem(at: IndexPath(item: 1, section: 2), newItem: IndexPath(item: 3, section: 4)),
            .deleteItem(IndexPath(item: 5, section: 6)),
            .moveItem(from: IndexPath(item: 7, section: 8), to: IndexPath(item: 9, section: 10)),
            .updateItem(IndexPath(item: 11, section: 12)),
        ])
        typealias Place = EditScript.ItemIndex
        #expect(
            Array(script) == [
                .insertSection(1, newSection: 2), .deleteSection(3), .moveSection(from: 0, to: 4), .updateSection(5),
                .insertItem(at: Place(item: 1, section: 2), newItem: Place(item: 3, section: 4)),
                .deleteItem(Place(item: 5, section: 6)),
                .moveItem(from: Place(item: 7, section: 8), to: Place(item: 9, section: 10)),
                .updateItem(Place(item: 11, section: 12)),
            ])
        #expect(script.count == script.stepCount)
        #expect(Place(item: 7, section: 8).indexPath == IndexPath(item: 7, section: 8))
    }

    @Test("Random diffs: the edits, replayed on the old list, give the new one")
    func randomDiffsReplay() {
        var random = SplitMix64(seed: 31)
        for _ in 0..<200 {
            let old = Array(Set((0..<Int(random.next() % 40)).map { _ in Int(random.next() % 30) }))
            let new = Array(Set((0..<Int(random.next() % 40)).map { _ in Int(random.next() % 30) }))
            var list = old
            for edit in Differ().script(fromIdentities: old, to: new) {
                switch edit {
                case let .insertItem(at, newItem): list.insert(new[newItem.item], at: at.item)
                case let .deleteItem(place): list.remove(at: place.item)
                case let .moveItem(from, to): list.insert(list.remove(at: from.item), at: to.item)
                case .updateItem, .insertSection, .deleteSection, .moveSection, .updateSection: continue
                }
            }
            #expect(list == new, "from \(old) to \(new)")
        }
    }

    @Test("Random diffs as a lazy change set: runs of insertions, the same entries, no model read until asked")
    func lazyRunsReplay() {
        var random = SplitMix64(seed: 32)
        for _ in 0..<200 {
            let old = Array(Set((0..<Int(random.next() % 60)).map { _ in Int(random.next() % 50) }))
            let new = Array(Set((0..<Int(random.next() % 60)).map { _ in Int(random.next() % 50) }))
            let script = Differ().script(fromIdentities: old, to: new)
            var reads = 0
            let lazy = script.changeSet(lazilyReading: { indexPath in
                reads += 1
                return new[indexPath.item]
            })
            #expect(reads == 0, "no model read while the change set is made")
            #expect(lazy.segments.count <= script.stepCount)
            var list = old
            for change in lazy {
                switch change {
                case let .insertItem(at, model): list.insert(model as! Int, at: at.item)
                case let .deleteItem(at): list.remove(at: at.item)
                case let .moveItem(from, to): list.insert(list.remove(at: from.item), at: to.item)
                default: continue
                }
            }
            #expect(list == new, "from \(old) to \(new)")
            let eager = script.changeSet(item: { new[$0.item] })
            #expect(lazy.count == eager.count, "the same entries, counted one by one")
        }
    }
}
