import ModelStorage

/// What a host would show after applying a storage's updates one by one: items per section, and
/// the supplementary models the section inserts and updates carried.
///
/// A replica starts from a snapshot of the storage and then learns only from the updates it is
/// given, so it proves that a delivered log, applied in order, reaches the storage's state.
@MainActor
struct ChangeLogReplica {
    struct ReplayError: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var sections: [[Any]]
    private(set) var supplements: [SectionSupplements]

    /// A replica of the storage's current content.
    init(snapshotOf storage: MemoryStorage) {
        sections = []
        supplements = []
        reload(from: storage)
    }

    /// Applies every update in order; a reload re-reads `storage` as a host would.
    mutating func apply(_ updates: [StorageUpdate], reloadingFrom storage: MemoryStorage) throws {
        for update in updates {
            switch update {
            case let .changes(changeSet):
                for change in changeSet { try apply(change) }
            case .reload:
                reload(from: storage)
            }
        }
    }

    /// Applies one entry, failing (instead of trapping) when it does not fit the current state.
    mutating func apply(_ change: StorageChange) throws {
        let failure = ReplayError(description: "cannot apply \(change) to sections with counts \(sections.map(\.count))")
        switch change {
        case let .insertSection(index, sectionSupplements):
            guard (0...sections.count).contains(index) else { throw failure }
            sections.insert([], at: index)
            supplements.insert(sectionSupplements, at: index)
        case let .deleteSection(index):
            guard sections.indices.contains(index) else { throw failure }
            sections.remove(at: index)
            supplements.remove(at: index)
        case let .moveSection(from, to):
            guard sections.indices.contains(from), sections.indices.contains(to) else { throw failure }
            sections.insert(sections.remove(at: from), at: to)
            supplements.insert(supplements.remove(at: from), at: to)
        case let .updateSection(index, sectionSupplements):
            guard sections.indices.contains(index) else { throw failure }
            supplements[index] = sectionSupplements
        case let .insertItem(indexPath, model):
            guard sections.indices.contains(indexPath.section),
                (0...sections[indexPath.section].count).contains(indexPath.item)
            else { throw failure }
            sections[indexPath.section].insert(model, at: indexPath.item)
        case let .deleteItem(indexPath):
            guard contains(indexPath) else { throw failure }
            sections[indexPath.section].remove(at: indexPath.item)
        case let .moveItem(from, to):
            guard contains(from), sections.indices.contains(to.section) else { throw failure }
            let model = sections[from.section].remove(at: from.item)
            guard (0...sections[to.section].count).contains(to.item) else { throw failure }
            sections[to.section].insert(model, at: to.item)
        case let .updateItem(indexPath, model):
            guard contains(indexPath) else { throw failure }
            sections[indexPath.section][indexPath.item] = model
        }
    }

    /// True when the replica shows exactly the storage's items (compared as models).
    func matchesItems(of storage: MemoryStorage) -> Bool {
        sections.count == storage.numberOfSections
            && zip(sections, storage.sections).allSatisfy { replica, section in
                replica.count == section.items.count && zip(replica, section.items).allSatisfy { modelsAreEqual($0, $1) }
            }
    }

    private mutating func reload(from storage: MemoryStorage) {
        sections = storage.sections.map(\.items)
        supplements = storage.sections.indices.map { index in
            var result = SectionSupplements()
            for kind in [SupplementaryKind.header, .footer] {
                if let model = storage.supplementaryModel(ofKind: kind, inSection: index) { result[kind] = model }
            }
            return result
        }
    }

    private func contains(_ indexPath: IndexPath) -> Bool {
        sections.indices.contains(indexPath.section) && sections[indexPath.section].indices.contains(indexPath.item)
    }
}

/// The items of every section of `storage`, as Ints; nil when a model is not an Int.
@MainActor
func intContents(of storage: MemoryStorage) -> [[Int]]? {
    var result: [[Int]] = []
    for section in storage.sections {
        var ints: [Int] = []
        for model in section.items {
            guard let int = model as? Int else { return nil }
            ints.append(int)
        }
        result.append(ints)
    }
    return result
}

/// A storage holding `contents`, one section per array, built without recording anything.
@MainActor
func makeStorage(_ contents: [[Any]]) -> MemoryStorage {
    let storage = MemoryStorage()
    storage.setItemsForAllSections(contents)
    return storage
}

/// A storage holding `contents`, observed by a fresh recorder and reporting to a fresh anomaly
/// log: the starting point of most specifications. Building the content records nothing.
@MainActor
func observedStorage(_ contents: [[Any]] = []) -> (storage: MemoryStorage, recorder: UpdateRecorder, anomalies: AnomalyLog) {
    let storage = makeStorage(contents)
    return (storage, UpdateRecorder(observing: storage), AnomalyLog(installingOn: storage))
}
