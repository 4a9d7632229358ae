import ModelStorage
import Testing

/// The header of every section of `storage`, as Strings (nil where there is none).
@MainActor
private func headerStrings(of storage: MemoryStorage) -> [String?] {
    (0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) as? String }
}

@Suite("Supplementary models: stored models and their sections")
@MainActor
struct SupplementaryStoredModelTests {
    @Test("Header and footer models set before any section exists read back by section index")
    func modelsSetBeforeSectionsReadBack() {
        let storage = MemoryStorage()

        storage.setSectionHeaderModels(["H0", "H1"])
        storage.setSectionFooterModels(["F0"])

        #expect(storage.headerModel(forSection: 0) as? String == "H0")
        #expect(storage.headerModel(forSection: 1) as? String == "H1")
        #expect(storage.footerModel(forSection: 0) as? String == "F0")
        #expect(storage.footerModel(forSection: 1) == nil)
        #expect(storage.headerModel(forSection: -1) == nil)
    }

    @Test("A header set before its section exists stays with it when setItems creates the section")
    func pendingHeaderShowsAfterSetItems() {
        let storage = MemoryStorage()
        storage.setSectionHeaderModels(["Fruit", "Vegetables"])

        storage.setItems(["leek"], forSection: 1)

        #expect(headerStrings(of: storage) == ["Fruit", "Vegetables"])
    }

    // The example of MemoryStorage's own documentation: headers first, then items added to
    // sections that do not exist yet.
    @Test("A header set before its section exists shows on that section once adding items creates it")
    func pendingHeaderShowsAfterAddItems() {
        let (storage, recorder, _) = observedStorage()
        storage.setSectionHeaderModels(["Fruit", "Vegetables"])

        storage.performUpdates {
            storage.addItems(["apple", "pear"], toSection: 0)
            storage.addItems(["leek"], toSection: 1)
        }

        #expect(headerStrings(of: storage) == ["Fruit", "Vegetables"])
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0, supplements: [.header: "Fruit"]),
                    .insertItem(at: ip(0, 0), model: "apple"),
                    .insertItem(at: ip(1, 0), model: "pear"),
                    .insertSection(1, supplements: [.header: "Vegetables"]),
                    .insertItem(at: ip(0, 1), model: "leek"),
                ])
            ])
    }

    @Test("A header set before its section exists shows on it once the section is inserted at the end")
    func pendingHeaderShowsAfterInsertSectionAtTheEnd() {
        let (storage, recorder, _) = observedStorage([["apple"]])
        storage.setSectionHeaderModels(["Fruit", "Vegetables"])
        recorder.reset()

        storage.insertSection(SectionModel(items: ["leek"]), at: 1)

        #expect(headerStrings(of: storage) == ["Fruit", "Vegetables"])
        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(1, supplements: [.header: "Vegetables"]),
                    .insertItem(at: ip(0, 1), model: "leek"),
                ])
            ])
    }

    @Test("Inserting a section before others moves their models along with them")
    func modelsFollowTheirSectionOnInsert() {
        let storage = makeStorage([[1], [2]])
        storage.setSectionHeaderModels(["A", "B"])
        storage.setSectionFooterModels(["a", "b"])

        storage.insertSection(SectionModel(items: [9]), at: 1)

        #expect(headerStrings(of: storage) == ["A", nil, "B"])
        #expect(storage.footerModel(forSection: 2) as? String == "b")
        #expect(storage.footerModel(forSection: 1) == nil)
    }

    @Test("Deleting sections moves the models of the sections after them along with them")
    func modelsFollowTheirSectionOnDelete() {
        let storage = makeStorage([[1], [2], [3]])
        storage.setSectionHeaderModels(["A", "B", "C"])

        storage.deleteSections([0])

        #expect(headerStrings(of: storage) == ["B", "C"])
        #expect(storage.headerModel(forSection: 2) == nil)
    }

    @Test("Moving a section carries its models")
    func modelsFollowTheirSectionOnMove() {
        let storage = makeStorage([[1], [2], [3]])
        storage.setSectionHeaderModels(["A", "B", "C"])
        storage.setSectionFooterModels(["a"])

        storage.moveSection(0, toSection: 2)

        #expect(headerStrings(of: storage) == ["B", "C", "A"])
        #expect((0..<3).map { storage.footerModel(forSection: $0) as? String } == [nil, nil, "a"])
    }

    @Test("Changing stored models records a section update only for existing sections whose models changed")
    func changingStoredModelsRecordsUpdatesOnlyWhereChanged() {
        let (storage, recorder, _) = observedStorage([[1], [2], [3]])
        storage.setSectionHeaderModels(["A", "B", "C"])
        recorder.reset()

        storage.setSectionHeaderModels(["A", "X", "C", "D"])

        #expect(recorder.updates == [.changes([.updateSection(1, supplements: [.header: "X"])])])
        #expect(storage.headerModel(forSection: 3) as? String == "D")
    }

    @Test("Setting the same stored models again delivers nothing")
    func settingSameModelsDeliversNothing() {
        let (storage, recorder, _) = observedStorage([[1], [2]])
        storage.setSectionHeaderModels(["A", "B"])
        recorder.reset()

        storage.setSectionHeaderModels(["A", "B"])

        #expect(recorder.updates.isEmpty)
    }

    @Test("Replacing the models of a kind with fewer models removes the others, recording an update for each")
    func replacingWithFewerModelsClearsTheRest() {
        let (storage, recorder, _) = observedStorage([[1], [2], [3]])
        storage.setSectionHeaderModels(["A", "B", "C"])
        recorder.reset()

        storage.setSectionHeaderModels(["A"])

        #expect(recorder.updates == [.changes([.updateSection(1), .updateSection(2)])])
        #expect(headerStrings(of: storage) == ["A", nil, nil])
    }

    @Test("Setting one model for one section records an update carrying all of that section's models")
    func settingOneModelRecordsFullSupplements() {
        let (storage, recorder, _) = observedStorage([[1], [2]])
        storage.setSectionFooterModels(["a", "b"])
        recorder.reset()

        storage.setSupplementaryModel("B", ofKind: .header, forSection: 1)

        #expect(recorder.updates == [.changes([.updateSection(1, supplements: [.header: "B", .footer: "b"])])])
    }

    @Test("Models of any kind can be stored and are carried by section updates")
    func customKindsAreStored() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.setSupplementaryModels([3], ofKind: "badge")

        #expect(storage.supplementaryModel(ofKind: "badge", inSection: 0) as? Int == 3)
        #expect(recorder.updates == [.changes([.updateSection(0, supplements: ["badge": 3])])])
    }

    @Test("A host that applies the log in order ends with the storage's headers on the right sections")
    func replayedLogCarriesHeaders() throws {
        let (storage, recorder, _) = observedStorage([[1], [2], [3]])
        var replica = ChangeLogReplica(snapshotOf: storage)

        storage.setSectionHeaderModels(["A", "B", "C", "D"])
        storage.performUpdates {
            storage.insertSection(SectionModel(items: [9]), at: 1)
            storage.setSupplementaryModel("new", ofKind: .header, forSection: 1)
            storage.moveSection(0, toSection: 3)
            storage.deleteSections([0])
            storage.addItem(4, toSection: 3)
        }
        try replica.apply(recorder.updates, reloadingFrom: storage)

        #expect(headerStrings(of: storage) == ["B", "C", "A", "D"])
        #expect(replica.supplements.map { $0.header as? String } == ["B", "C", "A", "D"])
        #expect(replica.matchesItems(of: storage))
    }

    @Test("Changing stored models inside a transaction joins its log in order")
    func storedModelChangesJoinTheTransaction() {
        let (storage, recorder, _) = observedStorage([[1]])

        storage.performUpdates {
            storage.addItem(2)
            storage.setSectionHeaderModels(["A"])
        }

        #expect(
            recorder.updates == [
                .changes([.insertItem(at: ip(1, 0), model: 2), .updateSection(0, supplements: [.header: "A"])])
            ])
    }
}

@Suite("Supplementary models: providers")
@MainActor
struct SupplementaryProviderTests {
    @Test("The kind's own provider comes first, then the general provider, then the stored models")
    func providerPrecedence() {
        let storage = MemoryStorage()
        storage.setSectionHeaderModels(["stored 0", "stored 1", "stored 2"])
        storage.supplementaryModelProvider = { kind, section in section <= 1 ? "general \(kind) \(section)" : nil }
        storage.headerModelProvider = { section in section == 0 ? "header provider 0" : nil }

        #expect(storage.headerModel(forSection: 0) as? String == "header provider 0")
        #expect(storage.headerModel(forSection: 1) as? String == "general header 1")
        #expect(storage.headerModel(forSection: 2) as? String == "stored 2")
    }

    @Test("The footer provider takes precedence over the general provider for footers only")
    func footerProviderPrecedence() {
        let storage = MemoryStorage()
        storage.supplementaryModelProvider = { kind, _ in "general \(kind)" }
        storage.footerModelProvider = { _ in "footer provider" }

        #expect(storage.footerModel(forSection: 0) as? String == "footer provider")
        #expect(storage.headerModel(forSection: 0) as? String == "general header")
    }

    @Test("Header and footer providers are not asked for other kinds")
    func kindProvidersOnlyAnswerTheirKind() {
        let storage = MemoryStorage()
        storage.headerModelProvider = { _ in "header" }
        storage.footerModelProvider = { _ in "footer" }
        storage.setSupplementaryModels(["stored badge"], ofKind: "badge")

        #expect(storage.supplementaryModel(ofKind: "badge", inSection: 0) as? String == "stored badge")
    }

    @Test("Providers are not asked for negative sections")
    func providersNotAskedForNegativeSections() {
        let storage = MemoryStorage()
        var askedSections: [Int] = []
        storage.headerModelProvider = { section in
            askedSections.append(section)
            return "header"
        }

        #expect(storage.headerModel(forSection: -1) == nil)
        #expect(askedSections.isEmpty)
    }

    @Test("Assigning a provider records a section update for every existing section")
    func assigningProviderUpdatesEverySection() {
        let (storage, recorder, _) = observedStorage([[1], [2]])

        storage.headerModelProvider = { "H\($0)" }

        #expect(
            recorder.updates == [
                .changes([
                    .updateSection(0, supplements: [.header: "H0"]),
                    .updateSection(1, supplements: [.header: "H1"]),
                ])
            ])
    }

    @Test("Assigning a provider to a storage without sections delivers nothing")
    func assigningProviderWithoutSections() {
        let (storage, recorder, _) = observedStorage()

        storage.footerModelProvider = { _ in "F" }
        storage.supplementaryModelProvider = { _, _ in "S" }

        #expect(recorder.updates.isEmpty)
    }

    @Test("Section inserts carry the supplementary models the section has at that time")
    func sectionInsertsCarrySupplements() {
        let (storage, recorder, _) = observedStorage([[1]])
        storage.headerModelProvider = { "H\($0)" }
        storage.setSectionFooterModels(["F0"])
        recorder.reset()

        storage.insertSection(SectionModel(items: [5]), at: 0)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0, supplements: [.header: "H0"]),
                    .insertItem(at: ip(0, 0), model: 5),
                ])
            ])
        #expect(storage.footerModel(forSection: 1) as? String == "F0")
    }

    @Test("Sections created on the way to a later section carry their supplementary models too")
    func createdSectionsCarrySupplements() {
        let (storage, recorder, _) = observedStorage()
        storage.headerModelProvider = { "H\($0)" }

        storage.addItem(1, toSection: 1)

        #expect(
            recorder.updates == [
                .changes([
                    .insertSection(0, supplements: [.header: "H0"]),
                    .insertSection(1, supplements: [.header: "H1"]),
                    .insertItem(at: ip(0, 1), model: 1),
                ])
            ])
    }
}

@Suite("Supplementary models: reloading sections")
@MainActor
struct ReloadSectionsTests {
    @Test("Reloading sections records one update per section, in the order asked, with its current models")
    func reloadSectionsRecordsUpdates() {
        let (storage, recorder, _) = observedStorage([[1], [2], [3]])
        storage.setSectionHeaderModels(["A", "B", "C"])
        recorder.reset()

        storage.reloadSections([2, 0])

        #expect(
            recorder.updates == [
                .changes([
                    .updateSection(2, supplements: [.header: "C"]),
                    .updateSection(0, supplements: [.header: "A"]),
                ])
            ])
    }

    @Test("Reloading sections picks up what a provider answers now")
    func reloadSectionsReadsProvidersAgain() {
        let (storage, recorder, _) = observedStorage([[1]])
        var title = "old"
        storage.headerModelProvider = { _ in title }
        recorder.reset()

        title = "new"
        storage.reloadSections([0])

        #expect(recorder.updates == [.changes([.updateSection(0, supplements: [.header: "new"])])])
    }

    @Test("Reloading a section that does not exist is refused as a whole")
    func reloadMissingSection() {
        let (storage, recorder, anomalies) = observedStorage([[1]])

        storage.reloadSections([0, 3])

        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .reloadSections, index: 3, numberOfSections: 1)])
        #expect(recorder.updates.isEmpty)
    }

    @Test("A supplementary model for a negative section is refused with an anomaly")
    func negativeSectionIsRefused() {
        let (storage, recorder, anomalies) = observedStorage([[1]])
        storage.setSupplementaryModel("H", ofKind: .header, forSection: -1)
        #expect(anomalies.anomalies == [.sectionIndexOutOfRange(operation: .setSupplementaryModel, index: -1, numberOfSections: 1)])
        #expect(recorder.updates.isEmpty)
        #expect(storage.headerModel(forSection: 0) == nil)
    }
}
