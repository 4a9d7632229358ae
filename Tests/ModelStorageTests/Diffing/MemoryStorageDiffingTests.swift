import DifferChecks
import ModelStorage
import Testing

// Diffed replacement in MemoryStorage: observers receive the differ's minimal changes (with the
// models attached) instead of a reload, and a host applying them reaches the storage's state.

/// A model that is Identifiable and Equatable but not Diffable: identified by `id`, compared whole.
private struct Note: Identifiable, Equatable {
    let id: Int
    var text: String
}

/// A model with no identity at all: not Diffable, Identifiable, Hashable, nor a class.
private struct Plain {
    let value: Int
}

@Suite("MemoryStorage diffed replacement")
@MainActor
struct MemoryStorageDiffingTests {
    @Test("setItems(_:forSection:diffing:) delivers the fewest deletes, moves and inserts, with the inserted models")
    func setItemsDiffsOneSection() throws {
        let (storage, recorder, anomalies) = observedStorage([[1, 2, 3]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setItems([3, 1, 4], diffing: true)

        #expect(
            recorder.updates == [
                .changes([
                    .deleteItem(at: ip(1, 0)),
                    .moveItem(from: ip(1, 0), to: ip(0, 0)),
                    .insertItem(at: ip(2, 0), model: 4),
                ])
            ])
        #expect(intContents(of: storage) == [[3, 1, 4]])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
        #expect(anomalies.anomalies.isEmpty)
    }

    @Test("A model whose content changed under the same identity is updated in place with its new value")
    func setItemsUpdatesChangedContent() {
        let (storage, recorder, _) = observedStorage([[Note(id: 1, text: "a"), Note(id: 2, text: "b")]])

        storage.setItems([Note(id: 1, text: "a"), Note(id: 2, text: "B")], diffing: true)

        #expect(recorder.updates == [.changes([.updateItem(at: ip(1, 0), model: Note(id: 2, text: "B"))])])
    }

    @Test("An unchanged list delivers nothing")
    func setItemsUnchanged() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.setItems([1, 2, 3], diffing: true)

        #expect(recorder.updates.isEmpty)
    }

    @Test("Diffed items for a section that does not exist yet insert the missing sections first")
    func setItemsIntoMissingSection() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.setItems([5], forSection: 2, diffing: true)

        #expect(
            recorder.updates == [
                .changes([.insertSection(1), .insertSection(2), .insertItem(at: ip(0, 2), model: 5)])
            ])
        #expect(intContents(of: storage) == [[1], [], [5]])
    }

    @Test("A negative section is refused and changes nothing")
    func setItemsNegativeSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.setItems([5], forSection: -1, diffing: true)

        #expect(anomalies.anomalies == [.invalidIndexPath(indexPath: ip(0, -1))])
        #expect(recorder.updates.isEmpty)
        #expect(intContents(of: storage) == [[1]])
    }

    @Test("setItemsForAllSections(_:diffing:) moves items across sections, sections matched by index")
    func setItemsForAllSectionsMovesAcrossSections() throws {
        let (storage, recorder, _) = observedStorage([[1, 2], [3]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setItemsForAllSections([[3], [1, 2, 4]], diffing: true)

        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(0, 1), to: ip(0, 0)),
                    .moveItem(from: ip(1, 0), to: ip(0, 1)),
                    .moveItem(from: ip(1, 0), to: ip(1, 1)),
                    .insertItem(at: ip(2, 1), model: 4),
                ])
            ])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
    }

    @Test(
        "setItemsForAllSections(_:diffing:) adds and removes sections at the end; an item of a removed section moves out before it goes, the others go with it"
    )
    func setItemsForAllSectionsChangesSectionCount() throws {
        let (storage, recorder, _) = observedStorage([[1], [2], [3]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setItemsForAllSections([[3, 1]], diffing: true)

        #expect(
            recorder.updates == [
                .changes([
                    .moveItem(from: ip(0, 2), to: ip(0, 0)),
                    .deleteSection(2),
                    .deleteSection(1),
                ])
            ])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
        #expect(intContents(of: storage) == [[3, 1]])
    }

    @Test("setSections(_:diffing:) matches sections by identifier; stored headers follow their sections")
    func setSectionsHeadersFollowSections() throws {
        let storage = MemoryStorage()
        storage.setSections([SectionModel(id: "a", items: [1, 2]), SectionModel(id: "b", items: [3])])
        storage.setSectionHeaderModels(["A", "B"])
        let recorder = UpdateRecorder(observing: storage)
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setSections([SectionModel(id: "b", items: [3, 2]), SectionModel(id: "c", items: [1])], diffing: true)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(2),
                    .moveItem(from: ip(1, 0), to: ip(1, 1)),
                    .moveItem(from: ip(0, 0), to: ip(0, 2)),
                    .deleteSection(0),
                ])
            ])
        #expect(storage.supplementaryModel(ofKind: .header, inSection: 0) as? String == "B")
        #expect(storage.supplementaryModel(ofKind: .header, inSection: 1) == nil)
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
        #expect(replica.supplements.map { $0.header as? String } == ["B", nil])
    }

    @Test("Without animation each diffing API still replaces the content, and observers reload")
    func notAnimatedReloads() {
        let (storage, recorder, _) = observedStorage([[1, 2]])

        storage.setItems([2, 1], diffing: false)
        storage.setItemsForAllSections([[1], [2]], diffing: false)
        storage.setSections([SectionModel(id: 1, items: [3])], diffing: false)

        #expect(recorder.updates == [.reload, .reload, .reload])
        #expect(intContents(of: storage) == [[3]])
    }

    @Test("Duplicate item identities are reported; every model is kept and the changes still replay")
    func duplicateItemsAreReported() throws {
        let (storage, recorder, anomalies) = observedStorage([[5, 6]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setItems([1, 2, 1], diffing: true)

        #expect(anomalies.anomalies == [.duplicateIdentifiers(kind: .items, count: 1)])
        #expect(intContents(of: storage) == [[1, 2, 1]])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
    }

    @Test("Duplicate section identifiers are reported; every section is kept")
    func duplicateSectionsAreReported() throws {
        let storage = makeStorage([])
        storage.setSections([SectionModel(id: "z", items: [1])])
        let recorder = UpdateRecorder(observing: storage)
        let anomalies = AnomalyLog(installingOn: storage)
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setSections(
            [SectionModel(id: "x", items: [2]), SectionModel(id: "y"), SectionModel(id: "x", items: [1])], diffing: true)

        #expect(anomalies.anomalies == [.duplicateIdentifiers(kind: .sections, count: 1)])
        #expect(intContents(of: storage) == [[2], [], [1]])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
    }

    @Test("A model without identity is reported once per type, deleted and inserted again, never lost")
    func modelWithoutIdentity() throws {
        let (storage, recorder, anomalies) = observedStorage([[Plain(value: 1)]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setItems([Plain(value: 1), Plain(value: 2)], diffing: true)

        #expect(anomalies.anomalies == [.modelWithoutIdentity(typeName: String(reflecting: Plain.self))])
        #expect(
            recorder.updates == [
                .changes([
                    .deleteItem(at: ip(0, 0)),
                    .insertItem(at: ip(0, 0), model: Plain(value: 1)),
                    .insertItem(at: ip(1, 0), model: Plain(value: 2)),
                ])
            ])
        #expect(storage.sections[0].items(ofType: Plain.self).map(\.value) == [1, 2])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
    }

    @Test("Inside performUpdates a diffed replacement is logged between the other mutations, in order, as one update")
    func transactionBatchesDiffWithOtherMutations() throws {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.performUpdates {
            storage.addItem(4)
            storage.setItems([4, 3, 2, 1], diffing: true)
            storage.removeItems([2])
        }

        #expect(
            recorder.updates == [
                .changes([
                    .insertItem(at: ip(3, 0), model: 4),
                    .moveItem(from: ip(3, 0), to: ip(0, 0)),
                    .moveItem(from: ip(3, 0), to: ip(1, 0)),
                    .moveItem(from: ip(3, 0), to: ip(2, 0)),
                    .deleteItem(at: ip(2, 0)),
                ])
            ])
        #expect(intContents(of: storage) == [[4, 3, 1]])
        try replica.apply(recorder.updates, reloadingFrom: storage)
        #expect(replica.matchesItems(of: storage))
    }

    @Test("A non-animated replacement in the same transaction turns the whole transaction into a reload")
    func transactionWithReload() {
        let (storage, recorder, _) = observedStorage([[1, 2, 3]])

        storage.performUpdates {
            storage.setItems([3, 2], diffing: true)
            storage.setItems([9], forSection: 1, diffing: false)
        }

        #expect(recorder.updates == [.reload])
        #expect(intContents(of: storage) == [[3, 2], [9]])
    }

    @Test(
        "Random sectioned replacements: the replica reaches the storage, headers stay with their sections",
        arguments: [21, 22] as [UInt64])
    func randomReplacementsReplay(seed: UInt64) throws {
        var states = RandomShelfStates(seed: seed)
        for round in 0..<300 {
            let (old, new, shape) = states.next()
            let storage = MemoryStorage()
            storage.setSections(old.map { SectionModel(id: $0.model.id, items: $0.items) })
            storage.setSectionHeaderModels(old.map { "header \($0.model.id)" })
            let recorder = UpdateRecorder(observing: storage)
            let anomalies = AnomalyLog(installingOn: storage)
            var replica = ChangeLogReplica(snapshotOf: storage)

            storage.setSections(new.map { SectionModel(id: $0.model.id, items: $0.items) }, diffing: true)

            let context = "seed \(seed) round \(round) (\(shape)): \(old) → \(new)"
            try inContext(context) { try replica.apply(recorder.updates, reloadingFrom: storage) }
            try #require(recorder.reloadCount == 0 && anomalies.anomalies.isEmpty, "\(context)")
            try #require(replica.matchesItems(of: storage), "\(context)")
            let oldIDs = Set(old.map(\.model.id))
            let expectedHeaders = new.map { oldIDs.contains($0.model.id) ? "header \($0.model.id)" : nil }
            let headers = new.indices.map { storage.supplementaryModel(ofKind: .header, inSection: $0) as? String }
            try #require(headers == expectedHeaders, "\(context)")
            try #require(replica.supplements.map { $0.header as? String } == expectedHeaders, "\(context)")
        }
    }
}
