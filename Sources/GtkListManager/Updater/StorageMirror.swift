import ModelStorage

/// Reads the models a list shows from its storage itself, so that the list keeps no copy of
/// them: a million models cost the list nothing, and a change costs it what the change touches.
///
/// The list may be behind its storage: while it applies a change set, by the entries it has not
/// applied yet; while the storage's transaction is open or updates wait in its queue, by those
/// (``ObservableStorage/updatesNotDelivered(to:)``). A model is read by following the list's
/// index path through these changes to the storage's. The entry being applied carries its own
/// models, read from it: the host binds the rows it inserts then.
///
/// Nil when the model the list shows there has left the storage (a change on its way removes
/// the row) or a pending reload replaces everything.
@MainActor
final class StorageMirror {
    private let storage: any ObservableStorage
    private unowned let observer: any StorageObserver
    /// The segments of the change set being applied that the row map has not applied yet, the
    /// first of them perhaps in part (a run of which the row map applied some entries).
    private var unapplied: [ChangeSet.Segment] = []
    private var firstUnapplied = 0
    /// The models that the entry applied last carries, at the items where the row map shows them.
    private var carried: (section: Int, items: Range<Int>, models: ModelRun)?
    /// The model that the update applied last carries, where the row map shows it: an update
    /// storm's path, without the run's allocations.
    private var carriedUpdate: (indexPath: IndexPath, model: Any)?

    /// A mirror of `storage` as `observer` sees it; nil when the storage cannot say what it
    /// has not delivered yet (the row map then keeps its own copy).
    init?(of storage: any Storage, seenBy observer: any StorageObserver) {
        guard let storage = storage as? any ObservableStorage, storage.updatesNotDelivered(to: observer) != nil
        else { return nil }
        self.storage = storage
        self.observer = observer
    }

    /// `changes` are being applied, entry by entry, from the first.
    func beginApplying(_ changes: ChangeSet) {
        unapplied = changes.segments
        firstUnapplied = 0
        carried = nil
        carriedUpdate = nil
    }

    /// The row map applied `count` more entries; the last carries `models` for the items from
    /// `indexPath` on. O(segments applied).
    func didApply(_ count: Int, carrying models: ModelRun? = nil, at indexPath: IndexPath? = nil) {
        skip(count)
        carriedUpdate = nil
        if let indexPath, let models {
            carried = (indexPath.section, indexPath.item..<indexPath.item + models.count, models)
        } else {
            carried = nil
        }
    }

    /// The row map applied one more entry, an update that carries `model` for `indexPath`.
    func didApplyUpdate(carrying model: Any, at indexPath: IndexPath) {
        skip(1)
        carried = nil
        carriedUpdate = (indexPath, model)
    }

    /// Moves past `count` entries of the change set. O(segments passed).
    private func skip(_ count: Int) {
        var left = count
        while left > 0, firstUnapplied < unapplied.count {
            // Whole segments first: a run applied at once is the common case, and its
            // remainder would copy it.
            let entryCount = unapplied[firstUnapplied].entryCount
            if left >= entryCount {
                left -= entryCount
                firstUnapplied += 1
            } else {
                unapplied[firstUnapplied] = unapplied[firstUnapplied].remainder(after: left)!
                left = 0
            }
        }
    }

    /// The change set is applied.
    func endApplying() {
        unapplied = []
        firstUnapplied = 0
        carried = nil
        carriedUpdate = nil
    }

    /// The model of the item the row map shows at `indexPath`.
    func model(at indexPath: IndexPath) -> Any? {
        if let model = carriedModel(at: indexPath) { return model }
        guard let path = pathPastUnapplied(indexPath) else { return nil }
        return storageModel(at: path, undelivered: storage.updatesNotDelivered(to: observer))
    }

    /// The models of the items the row map shows at `indexPaths`, in their order (nil for
    /// those `model(at:)` gives nil): the storage says once what it has not delivered, which
    /// per item cost more than the read itself (a copy of many rows: Hot paths: 19).
    func models(at indexPaths: [IndexPath]) -> [Any?] {
        let undelivered = storage.updatesNotDelivered(to: observer)
        var models: [Any?] = []
        models.reserveCapacity(indexPaths.count)
        for indexPath in indexPaths {
            if let model = carriedModel(at: indexPath) {
                models.append(model)
            } else if let path = pathPastUnapplied(indexPath) {
                models.append(storageModel(at: path, undelivered: undelivered))
            } else {
                models.append(nil)
            }
        }
        return models
    }

    /// The model the entry applied last carries for `indexPath`, if it carries one there.
    private func carriedModel(at indexPath: IndexPath) -> Any? {
        if let carriedUpdate { return carriedUpdate.indexPath == indexPath ? carriedUpdate.model : nil }
        guard let carried, carried.section == indexPath.section, carried.items.contains(indexPath.item) else { return nil }
        return carried.models[indexPath.item - carried.items.lowerBound]
    }

    /// Where the item at `indexPath` is once the change set's entries not applied yet are; nil
    /// when one of them removes it.
    private func pathPastUnapplied(_ indexPath: IndexPath) -> IndexPath? {
        var path = indexPath
        for segment in unapplied[firstUnapplied...] {
            guard let next = segment.destination(ofItemAt: path) else { return nil }
            path = next
        }
        return path
    }

    /// The storage's model at `path` as the list will see it once `undelivered` (the storage's
    /// updates not delivered yet; nil when it cannot say) are; nil when they remove it or
    /// reload.
    private func storageModel(at path: IndexPath, undelivered: [StorageUpdate]?) -> Any? {
        guard let undelivered else { return nil }
        var path = path
        for update in undelivered {
            guard case let .changes(changes) = update else { return nil }
            for segment in changes.segments {
                guard let next = segment.destination(ofItemAt: path) else { return nil }
                path = next
            }
        }
        return storage.item(at: path)
    }
}
