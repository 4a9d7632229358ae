import ModelStorage
import Testing

@Suite("SnapshotStorage: applying snapshots")
@MainActor
struct SnapshotStorageApplyTests {
    @Test("The first snapshot inserts its sections, with their header models, then its items")
    func firstApply() {
        let (storage, recorder, anomalies) = observedSnapshotStorage(headerModel: { "Header \($0)" })

        storage.apply(snapshot(["A": [1, 2], "B": [3]]))

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0, supplements: [.header: "Header A"]),
                    .insertSection(1, supplements: [.header: "Header B"]),
                    .insertItem(at: ip(0, 0), model: 1),
                    .insertItem(at: ip(1, 0), model: 2),
                    .insertItem(at: ip(0, 1), model: 3),
                ])
            ])
        #expect(storage.numberOfSections == 2)
        #expect(storage.numberOfItems(inSection: 0) == 2)
        #expect(storage.item(at: ip(0, 1)) as? Int == 3)
        #expect(storage.headerModel(forSection: 1) as? String == "Header B")
        #expect(storage.footerModel(forSection: 1) == nil)
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("Deletes, moves and inserts: the minimal ordered log, items moving across sections")
    func diffedApply() throws {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1, 2, 3], "B": [4, 5]]))

        storage.apply(snapshot(["B": [4, 3], "A": [1, 6, 2]]))

        #expect(
            recorder.updates == [
                .changes([
                    .deleteItem(at: ip(1, 1)),
                    .moveSection(from: 1, to: 0),
                    .moveItem(from: ip(2, 1), to: ip(1, 0)),
                    .insertItem(at: ip(1, 1), model: 6),
                ])
            ])
        #expect(layout(storage.snapshot()) == "B[4,3] A[1,6,2]")
    }

    @Test("Applying the state shown delivers nothing")
    func unchangedApply() {
        let initial = snapshot(["A": [1, 2]])
        let (storage, recorder, _) = observedSnapshotStorage(initial)
        var completions = 0

        storage.apply(initial) { completions += 1 }
        storage.apply(storage.snapshot())

        #expect(recorder.updates.isEmpty)
        #expect(completions == 1, "the completion runs even when there is nothing to deliver")
    }

    @Test("An item whose content changed but whose identity did not is updated in place with its new value")
    func contentChangeIsUpdate() {
        let storage = SnapshotStorage<String, Package>()
        var first = ListSnapshot<String, Package>()
        first.appendSections(["S"])
        first.appendItems([Package(id: "curl", version: 1), Package(id: "git", version: 1)])
        storage.apply(first)
        let recorder = UpdateRecorder(observing: storage)

        var second = ListSnapshot<String, Package>()
        second.appendSections(["S"])
        second.appendItems([Package(id: "git", version: 1), Package(id: "curl", version: 2)])
        storage.apply(second)

        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(1, 0), to: ip(0, 0)),
                    .updateItem(at: ip(1, 0), model: Package(id: "curl", version: 2)),
                ])
            ])
        #expect(storage.item(at: ip(1, 0)) as? Package == Package(id: "curl", version: 2))
    }

    @Test("reconfigureItems updates the rows in place even when their content is equal")
    func reconfigureIsUpdate() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1, 2], "B": [3]]))
        var next = storage.snapshot()
        next.reconfigureItems([3, 1])

        storage.apply(next)

        #expect(
            recorder.updates == [
                .changes([.updateItem(at: ip(0, 0), model: 1), .updateItem(at: ip(0, 1), model: 3)])
            ])
        #expect(storage.snapshot().reconfiguredItemIdentifiers.isEmpty, "the storage keeps the state, not the marks")
    }

    @Test("reloadItems recreates the rows: a delete and an insert of the same item at the same place")
    func reloadIsDeleteAndInsert() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1, 2, 3]]))
        var next = storage.snapshot()
        next.reloadItems([2])

        storage.apply(next)

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(1, 0)), .insertItem(at: ip(1, 0), model: 2)])
            ])
        #expect(storage.snapshot().reloadedItemIdentifiers.isEmpty)
    }

    @Test("A reloaded item that also changed content and moved is still deleted and inserted, never updated")
    func reloadWinsOverUpdate() {
        let storage = SnapshotStorage<String, Package>()
        var first = ListSnapshot<String, Package>()
        first.appendSections(["S"])
        first.appendItems([Package(id: "a", version: 1), Package(id: "b", version: 1)])
        storage.apply(first)
        let recorder = UpdateRecorder(observing: storage)

        var next = storage.snapshot()
        next.moveItem(Package(id: "a", version: 1), afterItem: Package(id: "b", version: 1))
        next.reconfigureItems([Package(id: "a", version: 2)])
        next.reloadItems([Package(id: "a", version: 3)])
        storage.apply(next)

        #expect(
            recorder.updates == [
                .changes([.deleteItem(at: ip(0, 0)), .insertItem(at: ip(1, 0), model: Package(id: "a", version: 3))])
            ])
    }

    @Test("reloadSections recreates the section: deleted and inserted again with its header and items")
    func reloadSectionIsDeleteAndInsert() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1], "B": [2, 3], "C": [4]]), headerModel: { $0 })
        var next = storage.snapshot()
        next.reloadSections(["B"])

        storage.apply(next)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(1, supplements: [.header: "B"]),
                    .insertItem(at: ip(0, 1), model: 2),
                    .insertItem(at: ip(1, 1), model: 3),
                    .deleteSection(2),
                ])
            ])
        #expect(layout(storage.snapshot()) == "A[1] B[2,3] C[4]")
    }

    @Test("A section whose header or footer model changed is updated with its new models")
    func sectionContentChange() {
        var titles = ["A": "Fruit", "B": "Leaves"]
        let (storage, recorder, _) = observedSnapshotStorage(
            snapshot(["A": [1], "B": [2]]), headerModel: { titles[$0] }, footerModel: { $0 == "B" ? "end" : nil })
        titles["B"] = "Vegetables"

        storage.apply(storage.snapshot())

        #expect(recorder.updates == [.changes([.updateSection(1, supplements: [.header: "Vegetables", .footer: "end"])])])
        #expect(storage.headerModel(forSection: 1) as? String == "Vegetables")
    }

    @Test("Setting a provider updates the sections whose models it changes")
    func providerChange() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1], "B": [2]]), headerModel: { $0 })

        storage.headerModel = { $0 == "A" ? "A" : "Second" }
        storage.footerModel = { _ in nil }

        #expect(recorder.updates == [.changes([.updateSection(1, supplements: [.header: "Second"])])])
    }

    @Test("applyUsingReloadData replaces the state and observers reload")
    func reloadData() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1]]), headerModel: { "H\($0)" })

        storage.applyUsingReloadData(snapshot(["B": [2, 3]]))

        #expect(recorder.updates == [.reload])
        #expect(layout(storage.snapshot()) == "B[2,3]")
        #expect(storage.headerModel(forSection: 0) as? String == "HB")
    }

    @Test("The anomalies a snapshot recorded are reported when it is applied, and not kept")
    func anomaliesReportedOnApply() {
        let (storage, recorder, anomalies) = observedSnapshotStorage()
        var next = storage.snapshot()
        next.appendItems([1])
        next.appendSections(["A"])
        next.appendItems([1, 1])
        next.appendItems([2])
        #expect(anomalies.anomalies.isEmpty, "a snapshot is a value: nothing is reported before it is applied")

        storage.apply(next)

        #expect(
            anomalies.anomalies == [
                .noSectionToAppendTo(itemCount: 1),
                .itemIdentifiersNotUnique(operation: .appendItems, identifiers: ["1"]),
            ])
        #expect(recorder.updates == [.changes([.insertSection(0), .insertItem(at: ip(0, 0), model: 2)])])
        #expect(storage.snapshot().anomalies.isEmpty)
        storage.apply(storage.snapshot())
        #expect(anomalies.anomalies.count == 2, "applying the kept snapshot reports nothing again")
    }

    @Test("Lookups by index path and by identifier answer for the state shown")
    func lookups() {
        let (storage, _, _) = observedSnapshotStorage(snapshot(["A": [1, 2], "B": [3]]))
        #expect(storage.itemIdentifier(at: ip(0, 1)) == 3)
        #expect(storage.itemIdentifier(at: ip(2, 0)) == nil)
        #expect(storage.indexPath(for: 2) == ip(1, 0))
        #expect(storage.indexPath(for: 9) == nil)
        #expect(storage.sectionIdentifier(at: 1) == "B")
        #expect(storage.sectionIdentifier(at: 2) == nil)
        #expect(storage.item(at: ip(5, 5)) == nil)
        #expect(storage.numberOfItems(inSection: 7) == 0)
    }

    @Test("The completion runs after every observer applied the update, also for an apply made during a delivery")
    func completionOrder() {
        let (storage, recorder, _) = observedSnapshotStorage(snapshot(["A": [1]]))
        var events: [String] = []
        recorder.onUpdate = { [unowned recorder] update in
            events.append("delivered \(recorder.updates.count)")
            if recorder.updates.count == 1 {
                var next = storage.snapshot()
                next.appendItems([3])
                storage.apply(next) { events.append("inner completion") }
                events.append("inner apply returned")
            }
        }

        var next = storage.snapshot()
        next.appendItems([2])
        storage.apply(next) { events.append("outer completion") }

        // The inner apply returns before its update is delivered (it queues behind the current
        // one), so its completion waits for that delivery.
        #expect(events == ["delivered 1", "inner apply returned", "delivered 2", "outer completion", "inner completion"])
        #expect(layout(storage.snapshot()) == "A[1,2,3]")
    }
}
