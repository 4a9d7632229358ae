import ModelStorage
import SeededRandom
import Testing

@Suite("What an observer has not been handed yet, and where an index path goes through a change")
@MainActor
struct UndeliveredUpdatesTests {
    @Test("Nothing is undelivered outside a transaction; inside one, what it recorded so far")
    func openTransaction() {
        let storage = MemoryStorage()
        let recorder = UpdateRecorder(observing: storage)
        storage.setItems(["a", "b"])
        #expect(storage.updatesNotDelivered(to: recorder) == [])

        storage.performUpdates {
            storage.addItems(["c"])
            #expect(storage.updatesNotDelivered(to: recorder) == [.changes([.insertItem(at: ip(2, 0), model: "c")])])
            storage.setItems(["x"])
            #expect(storage.updatesNotDelivered(to: recorder) == [.reload], "a replacement reads as a reload")
        }
        #expect(storage.updatesNotDelivered(to: recorder) == [])
        #expect(storage.updatesNotDelivered(to: UpdateRecorder()) == nil, "nil for an object that does not observe it")
    }

    @Test("During a delivery: updates queued behind the current one, and the current one for observers not handed it yet")
    func reentrantDelivery() {
        let storage = MemoryStorage()
        let first = UpdateRecorder(observing: storage), second = UpdateRecorder(observing: storage)
        storage.setItems(["a"])
        var seenByFirst: [[StorageUpdate]?] = [], seenBySecond: [[StorageUpdate]?] = []
        first.onUpdate = { [unowned first] _ in
            guard first.updates.count == 2 else { return }
            storage.addItems(["c"])  // queued behind the update being delivered
            seenByFirst.append(storage.updatesNotDelivered(to: first))
            seenBySecond.append(storage.updatesNotDelivered(to: second))
        }

        storage.addItems(["b"])

        let b = StorageUpdate.changes([.insertItem(at: ip(1, 0), model: "b")])
        let c = StorageUpdate.changes([.insertItem(at: ip(2, 0), model: "c")])
        #expect(seenByFirst == [[c]], "the first observer is handling b: only c is ahead of it")
        #expect(seenBySecond == [[b, c]], "the second has been handed neither")
        #expect(first.updates.suffix(2) == [b, c] && second.updates.suffix(2) == [b, c])
        #expect(storage.updatesNotDelivered(to: second) == [])
    }

    @Test("An observer added during a delivery starts from the storage as it is then")
    func observerAddedDuringDelivery() {
        let storage = MemoryStorage()
        let first = UpdateRecorder(observing: storage)
        let late = UpdateRecorder()
        first.onUpdate = { [unowned first] _ in
            guard first.updates.count == 1 else { return }
            storage.addItems(["b"])  // queued
            storage.addObserver(late)
            #expect(storage.updatesNotDelivered(to: late) == [])
        }
        storage.addItems(["a"])
        #expect(late.updates == [], "it read a and b when added: neither is handed to it again")
        storage.addItems(["c"])
        #expect(late.updates == [.changes([.insertItem(at: ip(2, 0), model: "c")])])
    }

    @Test("An observer that removes itself or another while handling an update: the others are each handed it once")
    func observersRemovedDuringDelivery() {
        let storage = MemoryStorage()
        let first = UpdateRecorder(observing: storage), second = UpdateRecorder(observing: storage)
        let third = UpdateRecorder(observing: storage)
        first.onUpdate = { [unowned first] _ in
            guard first.updates.count == 1 else { return }
            storage.removeObserver(first)
            storage.removeObserver(third)
        }
        storage.addItems(["a"])
        storage.addItems(["b"])

        let a = StorageUpdate.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: "a")])
        let b = StorageUpdate.changes([.insertItem(at: ip(1, 0), model: "b")])
        #expect(first.updates == [a], "removed while handling a: not handed b")
        #expect(second.updates == [a, b], "after the removed one: still handed a, once")
        #expect(third.updates == [], "removed before its turn")
    }

    @Test("Sorted, snapshot and single-section storages tell as well; a single-section transaction reads as a reload")
    func otherStorages() {
        let single = SingleSectionStorage(items: [Fruit(id: "a")])
        let recorder = UpdateRecorder(observing: single)
        #expect(single.updatesNotDelivered(to: recorder) == [])
        single.performUpdates {
            single.addItems([Fruit(id: "b")])
            #expect(single.updatesNotDelivered(to: recorder) == [.reload])
        }
        let snapshots = SnapshotStorage<String, String>()
        #expect(snapshots.updatesNotDelivered(to: UpdateRecorder(observing: snapshots)) == [])
        let sorted = SortedStorage<Fruit, Unsectioned>(sortedBy: { $0.id < $1.id })
        #expect(sorted.updatesNotDelivered(to: UpdateRecorder(observing: sorted)) == [])
    }

    @Test("Following an index path entry by entry lands where the item is after a random change set")
    func destinationsFollowRandomChanges() {
        for seed in SeedCount.seeds(200) {
            var random = SplitMix64(seed: seed)
            let storage = MemoryStorage()
            storage.anomalyHandler.action = { _ in }
            let sectionCount = Int(random.next() % 4) + 1
            var next = 0
            storage.setItemsForAllSections(
                (0..<sectionCount).map { _ in
                    (0..<Int(random.next() % 6)).map { _ in
                        defer { next += 1 }; return next
                    }
                })
            let before = Self.locations(in: storage)
            let recorder = UpdateRecorder(observing: storage)
            storage.performUpdates {
                for _ in 0..<Int(random.next() % 6) + 1 {
                    Self.randomChange(storage, &random, next: &next)
                }
            }
            guard let changes = recorder.lastChanges else { continue }
            let after = Self.locations(in: storage)
            for (model, path) in before {
                var followed: IndexPath? = path
                for change in changes { followed = followed.flatMap(change.destination(ofItemAt:)) }
                #expect(followed == after[model], "seed \(seed): \(model) at \(path) through \(changes)")
            }
        }
    }

    private static func locations(in storage: MemoryStorage) -> [Int: IndexPath] {
        var locations: [Int: IndexPath] = [:]
        for section in 0..<storage.numberOfSections {
            for (item, model) in storage.models(inSection: section).enumerated() {
                locations[model as! Int] = IndexPath(item: item, section: section)
            }
        }
        return locations
    }

    private static func randomChange(_ storage: MemoryStorage, _ random: inout SplitMix64, next: inout Int) {
        let sections = storage.numberOfSections
        func anyPath() -> IndexPath? {
            let section = Int(random.next() % UInt64(max(sections, 1)))
            let count = storage.numberOfItems(inSection: section)
            return count == 0 ? nil : IndexPath(item: Int(random.next() % UInt64(count)), section: section)
        }
        switch random.next() % 6 {
        case 0:
            let section = Int(random.next() % UInt64(sections + 1))
            storage.insertSection(SectionModel(items: [next]), at: section)
            next += 1
        case 1 where sections > 1:
            storage.deleteSections([Int(random.next() % UInt64(sections))])
        case 2 where sections > 1:
            storage.moveSection(Int(random.next() % UInt64(sections)), toSection: Int(random.next() % UInt64(sections)))
        case 3:
            if let path = anyPath() { storage.removeItems(at: [path]) }
        case 4:
            if let from = anyPath(), let to = anyPath() { storage.moveItem(at: from, to: to) }
        default:
            let section = Int(random.next() % UInt64(sections))
            try? storage.insertItem(
                next, to: IndexPath(item: Int(random.next() % UInt64(storage.numberOfItems(inSection: section) + 1)), section: section))
            next += 1
        }
    }
}
