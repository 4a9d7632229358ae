import ModelStorage
import Testing

/// An item named twice in one call means it once, on every operation that takes a list of
/// items or rows: the rows delivered stay the rows stored.
@Suite("OutlineStorage: an item named twice in one call counts once")
@MainActor
struct OutlineRepeatedItemTests {
    /// The rows an observer shows, following every entry it is handed; an entry that does not
    /// fit what it shows is recorded in `misfits` instead of trapping.
    private final class Replica: StorageObserver {
        private(set) var rows: [String]
        private(set) var misfits: [String] = []

        init(observing storage: OutlineStorage<String, String>) {
            rows = (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: IndexPath(item: $0, section: 0)) as! String }
            storage.addObserver(self)
        }

        func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
            for change in changes {
                switch change {
                case let .insertItem(at, model) where at.item <= rows.count: rows.insert(model as! String, at: at.item)
                case let .deleteItem(at) where rows.indices.contains(at.item): rows.remove(at: at.item)
                case let .moveItem(from, to) where rows.indices.contains(from.item) && to.item < rows.count:
                    rows.insert(rows.remove(at: from.item), at: to.item)
                case let .updateItem(at, model) where rows.indices.contains(at.item): rows[at.item] = model as! String
                default: misfits.append("\(change) on \(rows.count) rows")
                }
            }
        }

        func storageNeedsReload(_ storage: any Storage) { misfits.append("reload") }
    }

    private func rows(_ storage: OutlineStorage<String, String>) -> [String] {
        (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: IndexPath(item: $0, section: 0)) as! String }
    }

    @Test("expand([t1, t1]) opens t1 once: its children's rows are inserted once")
    func expandingTwiceOpensOnce() {
        let storage = OutlineFixtures.twoRoots()
        let replica = Replica(observing: storage)
        let recorder = UpdateRecorder(observing: storage)
        storage.expand(["t1", "t1"])
        #expect(rows(storage) == ["t1", "t11", "t12", "t2"])
        #expect(replica.rows == rows(storage))
        #expect(replica.misfits.isEmpty, "\(replica.misfits)")
        #expect(recorder.lastChanges.map(Array.init) == [.insertItem(at: ip(1, 0), model: "t11"), .insertItem(at: ip(2, 0), model: "t12")])
    }

    @Test("collapse([t1, t1]) closes t1 once: its children's rows are deleted once")
    func collapsingTwiceClosesOnce() {
        let storage = OutlineFixtures.twoRoots()
        storage.expand(["t1"])
        let replica = Replica(observing: storage)
        storage.collapse(["t1", "t1"])
        #expect(rows(storage) == ["t1", "t2"])
        #expect(replica.rows == rows(storage))
        #expect(replica.misfits.isEmpty, "\(replica.misfits)")
    }

    @Test("expanding an item and repeating it with another one between opens each once")
    func repeatsAmongOthers() {
        let storage = OutlineFixtures.twoRoots()
        storage.append(["t21"], to: "t2", inSection: "T")
        let replica = Replica(observing: storage)
        storage.expand(["t2", "t1", "t2", "t1"])
        #expect(rows(storage) == ["t1", "t11", "t12", "t2", "t21"])
        #expect(replica.rows == rows(storage))
        storage.collapse(["t1", "t2", "t1"])
        #expect(rows(storage) == ["t1", "t2"])
        #expect(replica.rows == rows(storage))
        #expect(replica.misfits.isEmpty, "\(replica.misfits)")
    }

    @Test("an outline's move([a, a]) moves a once, with what is under it")
    func snapshotMoveOfARepeatedItem() {
        var outline = fileOutline()
        #expect(outline.move(["docs", "docs"], to: .into("etc")) == nil)
        #expect(outline.children(of: "etc") == ["hosts", "docs"])
        #expect(outline.children(of: "docs") == ["a", "b"])
        #expect(outline.children(of: "home") == ["music"])
        #expect(outline.count == 7)
    }

    @Test("the storage's move of a repeated item, and moveRows of a repeated row, move it once")
    func storageMoveOfARepeatedItem() {
        let storage = OutlineStorage<String, String>()
        storage.apply(fileOutline(), to: "Places")
        storage.expand(["home", "etc"])
        let replica = Replica(observing: storage)
        #expect(storage.move(["music", "music"], to: .after("hosts")))
        #expect(rows(storage) == ["home", "docs", "etc", "hosts", "music"])
        #expect(replica.rows == rows(storage))
        #expect(storage.moveRows(at: [ip(1, 0), ip(1, 0)], to: .into(ip(4, 0))))
        #expect(rows(storage) == ["home", "etc", "hosts", "music"])
        #expect(storage.outline(of: "Places").children(of: "music") == ["docs"])
        #expect(replica.rows == rows(storage))
        #expect(replica.misfits.isEmpty, "\(replica.misfits)")
    }

    @Test("delete, markChildrenUnloaded and a snapshot's expand and collapse take repeats as one")
    func otherOperationsTakeRepeats() {
        let storage = OutlineFixtures.twoRoots()
        storage.expand(["t1"])
        let replica = Replica(observing: storage)
        storage.delete(["t11", "t11"])
        #expect(rows(storage) == ["t1", "t12", "t2"])
        #expect(replica.rows == rows(storage))
        #expect(replica.misfits.isEmpty, "\(replica.misfits)")
        var outline = fileOutline()
        #expect(outline.expand(["home", "home"]) == nil)
        #expect(outline.visibleItems == ["home", "docs", "music", "etc"])
        #expect(outline.collapse(["home", "home"]) == nil)
        #expect(outline.visibleItems == ["home", "etc"])
        #expect(outline.markChildrenUnloaded(["etc", "etc"]) == nil)
        #expect(outline.childrenState(of: "etc") == .unloaded)
        #expect(outline.delete(["docs", "docs", "a"]) == nil)
        #expect(outline.items == ["home", "music", "etc", "hosts"])
    }
}
