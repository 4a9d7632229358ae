import ModelStorage
import SeededRandom
import Testing

@Suite("OutlineStorage: trees in sections, expanded and collapsed as row changes")
@MainActor
struct OutlineStorageTests {
    /// The rows a host shows after applying every update in order, from an empty start.
    private final class Replica: StorageObserver {
        var sections: [[String]] = []

        func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
            for change in changes {
                switch change {
                case let .insertSection(index, _): sections.insert([], at: index)
                case let .deleteSection(index): sections.remove(at: index)
                case let .insertItem(at, model): sections[at.section].insert(model as! String, at: at.item)
                case let .deleteItem(at): sections[at.section].remove(at: at.item)
                case let .moveItem(from, to): sections[to.section].insert(sections[from.section].remove(at: from.item), at: to.item)
                case let .updateItem(at, model): sections[at.section][at.item] = model as! String
                case .moveSection, .updateSection: Issue.record("unexpected \(change)")
                }
            }
        }

        func storageNeedsReload(_ storage: any Storage) {
            Issue.record("an outline storage never reloads")
        }
    }

    private func rows(of storage: OutlineStorage<String, String>) -> [[String]] {
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).map { storage.item(at: IndexPath(item: $0, section: section)) as! String }
        }
    }

    @Test("expanding inserts the rows under the item, collapsing deletes them; flags below are kept")
    func expandAndCollapse() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        storage.apply(fileOutline(), to: "Places")
        #expect(replica.sections == [["home", "etc"]])
        storage.expand(["home"])
        storage.expand(["docs"])
        #expect(replica.sections == [["home", "docs", "a", "b", "music", "etc"]])
        storage.collapse(["home"])
        #expect(replica.sections == [["home", "etc"]])
        #expect(storage.outline(of: "Places").isExpanded("docs"))
        storage.expand(["home"])
        #expect(replica.sections == [["home", "docs", "a", "b", "music", "etc"]], "docs opens as it was")
        #expect(replica.sections == rows(of: storage))
        #expect(storage.indexPath(of: "b") == IndexPath(item: 3, section: 0))
    }

    @Test("expanding 200,000 children is one run of the list, read only where a row is shown")
    func expandingIsOneRun() {
        let storage = OutlineStorage<String, Int>()
        var outline = OutlineSnapshot<Int>()
        outline.append([-1, -2])
        outline.append(Array(0..<200_000), to: -1)
        storage.apply(outline, to: "big")
        let recorder = UpdateRecorder(observing: storage)
        storage.expand([-1])
        let changes = recorder.lastChanges ?? []
        #expect(changes.segments.count == 1)
        #expect(changes.count == 200_000)
        #expect(changes[0] == .insertItem(at: ip(1, 0), model: 0))
        #expect(changes[199_999] == .insertItem(at: ip(200_000, 0), model: 199_999))
        storage.collapse([-1])
        #expect(recorder.lastChanges?.segments.count == 1)
        #expect(recorder.lastChanges?.first == .deleteItem(at: ip(200_000, 0)))
        #expect(storage.numberOfItems(inSection: 0) == 2)
    }

    @Test("expanding everything under an item opens one run per closed branch; rows shown stay")
    func expandDescendantsKeepsShownRows() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home"])
        let recorder = UpdateRecorder(observing: storage)
        storage.expandDescendants(of: "home")
        #expect(replica.sections == rows(of: storage))
        let changes = recorder.lastChanges ?? []
        #expect(changes.allSatisfy { if case .insertItem = $0 { true } else { false } }, "nothing shown before moves or goes")
        #expect(
            changes.segments.count
                == storage.outline(of: "Places").children(of: "home").filter {
                    !storage.outline(of: "Places").children(of: $0).isEmpty
                }.count)
    }

    @Test("expand all opens every item of every section, collapse all closes every one; rows shown before stay")
    func expandAllAndCollapseAll() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        storage.apply(fileOutline(), to: "Places")
        var other = OutlineSnapshot<String>()
        other.append(["disk"])
        other.append(["boot"], to: "disk")
        storage.apply(other, to: "Devices")
        storage.expand(["home"])
        let shownBefore = rows(of: storage)
        let recorder = UpdateRecorder(observing: storage)

        storage.expandAll()
        #expect(replica.sections == rows(of: storage))
        let everything = [fileOutline(), other].map { outline -> [String] in
            var open = outline
            open.expandDescendants()
            return open.visibleItems
        }
        #expect(rows(of: storage) == everything)
        let changes = recorder.lastChanges ?? []
        #expect(changes.allSatisfy { if case .insertItem = $0 { true } else { false } }, "nothing shown before moves or goes")
        #expect(shownBefore.indices.allSatisfy { Set(shownBefore[$0]).isSubset(of: rows(of: storage)[$0]) })

        storage.collapseAll()
        #expect(replica.sections == rows(of: storage))
        #expect(rows(of: storage) == [fileOutline().rootItems, ["disk"]], "the top-level rows stay")
        storage.expand(["home"])
        #expect(storage.outline(of: "Places").children(of: "home").allSatisfy { !storage.isExpanded($0) }, "everything was closed")
    }

    @Test("collapse all closes leaves too: children added to an opened leaf later stay hidden")
    func collapseAllClosesLeaves() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home", "music"])  // music is a leaf
        #expect(storage.isExpanded("music"))
        storage.collapseAll()
        #expect(!storage.isExpanded("music"), "every item is closed, leaves too")
        storage.expand(["home"])
        storage.append(["song"], to: "music", inSection: "Places")
        #expect(rows(of: storage) == [["home", "docs", "music", "etc"]], "the leaf's new child waits for it to open")
        #expect(replica.sections == rows(of: storage))
    }

    @Test("an index path that addresses no row is refused by every call that takes one, never read as another row's")
    func malformedIndexPathsAreRefused() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home"])
        for path: IndexPath in [[0, 0, 5], [0, 1, 7], [0], [], [-1, 0], [0, -1]] {
            #expect(storage.outlinePlace(at: path) == nil, "\(path)")
            #expect(storage.item(at: path) == nil, "\(path)")
            #expect(storage.parentIndexPath(of: path) == nil, "\(path)")
            #expect(storage.itemIdentity(at: path) == nil, "\(path)")
            #expect(storage.visibleDescendantCount(at: path) == 0, "\(path)")
            storage.setExpanded(false, at: path)
            storage.expandDescendants(at: path)
            #expect(!storage.moveRows(at: [path], to: .into(ip(3, 0))), "\(path)")
            #expect(!storage.moveRows(at: [ip(1, 0)], to: .into(path)), "\(path)")
        }
        #expect(rows(of: storage) == [["home", "docs", "music", "etc"]])
        #expect(storage.isExpanded("home") && !storage.isExpanded("docs"))
    }

    @Test("a new tree applied keeps what the user opened; an item moved to another parent is a move, refreshed at its new level")
    func applyKeepsExpansion() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home", "docs"])
        let recorder = UpdateRecorder(observing: storage)
        var refreshed = fileOutline()  // fresh: nothing expanded
        refreshed.delete(["b"])
        refreshed.append(["b"], to: "home")  // b moves up a level
        storage.apply(refreshed, to: "Places")
        #expect(replica.sections == [["home", "docs", "a", "music", "b", "etc"]])
        let changes = recorder.lastChanges.map(Array.init) ?? []
        #expect(changes.count == 2, "\(changes)")
        #expect(changes.first.map { if case .moveItem = $0 { true } else { false } } == true, "one move: \(changes)")
        #expect(changes.last == .updateItem(at: ip(4, 0), model: "b"), "b's row refreshed at its new level: \(changes)")
    }

    @Test("an item re-parented without its row moving is an update: the row is refreshed at its new level")
    func reparentedInPlaceIsAnUpdate() {
        var outline = OutlineSnapshot<String>()
        outline.append(["p", "c", "q"])
        outline.append(["a"], to: "p")
        outline.expand(["p"])
        let storage = OutlineStorage<String, String>()
        storage.apply(outline, to: "T")
        let recorder = UpdateRecorder(observing: storage)
        var reparented = storage.outline(of: "T")
        reparented.move(["c"], to: .into("p"))
        storage.apply(reparented, to: "T")
        #expect(recorder.lastChanges.map(Array.init) == [.updateItem(at: ip(2, 0), model: "c")])
        #expect(storage.outlinePlace(at: ip(2, 0))?.level == 1)
        #expect(storage.move(["c"], to: .after("p")))
        #expect(recorder.lastChanges.map(Array.init) == [.updateItem(at: ip(2, 0), model: "c")], "a storage move the same")
        #expect(storage.outlinePlace(at: ip(2, 0))?.level == 0)
    }

    @Test("sections come and go; a missing item is reported, not expanded")
    func sectionsAndRefusals() {
        let storage = OutlineStorage<String, String>()
        let replica = Replica()
        storage.addObserver(replica)
        var reported: [SnapshotAnomaly] = []
        storage.anomalyHandler.action = { reported.append($0) }
        storage.apply(fileOutline(), to: "Places")
        var devices = OutlineSnapshot<String>()
        devices.append(["disk"])
        storage.apply(devices, to: "Devices")
        #expect(replica.sections == [["home", "etc"], ["disk"]])
        storage.expand(["nowhere"])
        #expect(reported == [.itemsNotFound(operation: .expand, identifiers: ["nowhere"])])
        storage.deleteSection("Places")
        #expect(replica.sections == [["disk"]])
        #expect(storage.sections == ["Devices"])
    }

    @Test("random expansions, collapses and new trees: the rows delivered are the rows stored")
    func randomized() {
        for seed in SeedCount.seeds(30).map({ $0 + 1 }) {
            var random = SplitMix64(seed: seed)
            let storage = OutlineStorage<String, String>()
            let replica = Replica()
            storage.addObserver(replica)
            var outline = OutlineSnapshot<String>()
            let names = (0..<24).map { "n\($0)" }
            for _ in 0..<40 {
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    // A new tree of the same names, shaped at random.
                    outline = OutlineSnapshot()
                    for name in names.shuffled(using: &random) {
                        let parents = outline.items
                        let parent = parents.isEmpty || Bool.random(using: &random) ? nil : parents.randomElement(using: &random)
                        outline.append([name], to: parent)
                    }
                    storage.apply(outline, to: "S")
                case 1, 2:
                    guard let name = storage.outline(of: "S").items.randomElement(using: &random) else { continue }
                    storage.expand([name])
                default:
                    guard let name = storage.outline(of: "S").items.randomElement(using: &random) else { continue }
                    storage.collapse([name])
                }
                #expect(replica.sections == rows(of: storage), "seed \(seed)")
                #expect(rows(of: storage) == [storage.outline(of: "S").visibleItems].filter { _ in storage.numberOfSections > 0 })
            }
        }
    }
}
