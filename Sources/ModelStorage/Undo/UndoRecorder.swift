/// Follows one tracked storage for an ``UndoHistory``: keeps its own copy of the storage's items
/// (what a change set's positions meant before it applied) and, while the history records, turns
/// each change set into the steps that take it back, by identity. A storage that reports its own
/// steps (``UndoReportingStorage``) is not read: it reports through the recorder.
@MainActor
package final class UndoRecorder: StorageObserver {
    private(set) weak var storage: (any UndoableStorage)?
    private unowned let history: UndoHistory
    /// The storage's items by section as of the last change set (a copy: sharing the storage's
    /// arrays would make it copy them at its next change).
    private var mirror: [[Any]] = []

    init(_ storage: some UndoableStorage, history: UndoHistory) {
        self.storage = storage
        self.history = history
        if let reporting = storage as? any UndoReportingStorage {
            reporting.undoReporter = self
            return
        }
        readMirror(from: storage)
        storage.addObserver(self)
    }

    func stopFollowing() {
        if let reporting = storage as? any UndoReportingStorage {
            if reporting.undoReporter === self { reporting.undoReporter = nil }
            return
        }
        storage?.removeObserver(self)
    }

    // MARK: - Reporting storages

    /// Whether a group is open: a storage that reports its steps reads what it needs now.
    package var isRecording: Bool { history.isRecording }

    /// The user action a change asked for now belongs to (it waits for the change); nil when no
    /// group is open: the change is not recorded.
    package func actionForChange() -> UndoActionToken? {
        history.actionForLaterChange()
    }

    /// The steps that take back a change asked for in `action`, once it applied: empty when it
    /// changed nothing, nil when it cannot be taken back (the history is cleared).
    package func report(_ steps: [UndoStep]?, for action: UndoActionToken) {
        history.record(steps, by: self, into: action)
    }

    // MARK: - Change sets

    package func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        // Outside a group the copy alone follows: no identity is read, no step made.
        var steps: [UndoStep]? = history.isRecording ? [] : nil
        var undoable = true
        for segment in changes.segments {
            guard follow(segment, steps: &steps) else {
                // Positions that do not fit the copy, or a change that cannot be taken back: the
                // copy is read again from the storage as it is now.
                undoable = false
                readMirror(from: storage)
                break
            }
        }
        guard let steps else { return }
        if undoable { history.record(steps, by: self) } else { history.cannotRecord() }
    }

    package func storageNeedsReload(_ storage: any Storage) {
        readMirror(from: storage)
        // Replaced whole: nothing says what it was.
        if history.isRecording { history.cannotRecord() }
    }

    private func readMirror(from storage: any Storage) {
        mirror = (0..<storage.numberOfSections).map { section in
            storage.models(inSection: section).withUnsafeBufferPointer { Array($0) }
        }
    }

    /// Applies `segment` to the copy and, when `steps` is given, appends the steps that take it
    /// back; false when its positions do not fit the copy or it cannot be taken back (sections,
    /// and while recording, items without an identity).
    private func follow(_ segment: ChangeSet.Segment, steps: inout [UndoStep]?) -> Bool {
        switch segment {
        case let .insertion(models, start):
            guard mirror.indices.contains(start.section), (0...mirror[start.section].count).contains(start.item) else { return false }
            let inserted = Array(models)
            mirror[start.section].insert(contentsOf: inserted, at: start.item)
            guard steps != nil else { return true }
            let identities = inserted.compactMap(ModelIdentity.init(of:))
            steps?.append(.remove(identities))
            return identities.count == inserted.count
        case let .deletion(items, section):
            guard mirror.indices.contains(section), items.lowerBound >= 0, items.upperBound <= mirror[section].count else { return false }
            defer { mirror[section].removeSubrange(items) }
            guard steps != nil else { return true }
            let removed = Array(mirror[section][items])
            steps?.append(
                .insert(models: removed, after: identity(before: items.lowerBound, in: section), section: section, index: items.lowerBound))
            return removed.allSatisfy { ModelIdentity(of: $0) != nil }
        case let .entry(change):
            return follow(change, steps: &steps)
        case .reordering, .splices:
            return segment.entries.allSatisfy { follow($0, steps: &steps) }
        }
    }

    private func follow(_ change: StorageChange, steps: inout [UndoStep]?) -> Bool {
        switch change {
        case let .insertItem(indexPath, model):
            return follow(.insertion(of: ModelRun(CollectionOfOne(model)), at: indexPath), steps: &steps)
        case let .deleteItem(indexPath):
            return follow(.deletion(of: indexPath.item..<indexPath.item + 1, inSection: indexPath.section), steps: &steps)
        case let .moveItem(from, to):
            guard contains(from), mirror.indices.contains(to.section) else { return false }
            let model = mirror[from.section][from.item]
            if steps != nil {
                guard let moved = ModelIdentity(of: model) else { return false }
                steps?.append(.move(moved, after: identity(before: from.item, in: from.section), section: from.section, index: from.item))
            }
            mirror[from.section].remove(at: from.item)
            guard (0...mirror[to.section].count).contains(to.item) else { return false }
            mirror[to.section].insert(model, at: to.item)
            return true
        case let .updateItem(indexPath, model):
            guard contains(indexPath) else { return false }
            defer { mirror[indexPath.section][indexPath.item] = model }
            guard steps != nil else { return true }
            guard let updated = ModelIdentity(of: model) else { return false }
            steps?.append(.replace(updated, with: mirror[indexPath.section][indexPath.item]))
            return true
        case .updateSection:
            return true
        case let .insertSection(section, _):
            guard (0...mirror.count).contains(section) else { return false }
            mirror.insert([], at: section)
            return false
        case let .deleteSection(section):
            guard mirror.indices.contains(section) else { return false }
            mirror.remove(at: section)
            return false
        case let .moveSection(from, to):
            guard mirror.indices.contains(from), (0..<mirror.count).contains(to) else { return false }
            mirror.insert(mirror.remove(at: from), at: to)
            return false
        }
    }

    private func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && mirror.indices.contains(indexPath.section) && mirror[indexPath.section].indices.contains(indexPath.item)
    }

    /// The identity of the item before `item` in `section`; nil at the section's start.
    private func identity(before item: Int, in section: Int) -> ModelIdentity? {
        item > 0 ? ModelIdentity(of: mirror[section][item - 1]) : nil
    }
}
