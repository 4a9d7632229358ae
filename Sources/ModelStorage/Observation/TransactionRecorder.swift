/// Collects the changes of the outermost open transaction of a storage.
///
/// Mutations apply to the storage at once and record their entries here. When the outermost
/// transaction ends, the recorder hands back one ``StorageUpdate``: the ordered change set, or a
/// reload if any whole-content replacement happened (a reload supersedes every entry of its
/// transaction, before or after it, because the observer re-reads everything anyway).
struct TransactionRecorder {
    private var depth = 0
    private var pending = ChangeSet()
    private var needsReload = false

    /// True while a transaction is open.
    var isRecording: Bool { depth > 0 }

    /// True when the open transaction has something to deliver.
    var hasPendingUpdate: Bool { needsReload || !pending.isEmpty }

    /// What the open transaction will deliver if it ends now.
    var pendingUpdate: StorageUpdate? {
        if needsReload { return .reload }
        return pending.isEmpty ? nil : .changes(pending)
    }

    mutating func begin() {
        depth += 1
    }

    /// Closes one level; returns the update to deliver when the outermost level closes.
    mutating func end() -> StorageUpdate? {
        precondition(depth > 0, "TransactionRecorder.end() without begin()")
        depth -= 1
        guard depth == 0 else { return nil }
        defer {
            pending = ChangeSet()
            needsReload = false
        }
        return pendingUpdate
    }

    mutating func record(_ change: StorageChange) {
        if !needsReload { pending.append(change) }
    }

    /// Records the entries of `changes`, runs kept as runs.
    mutating func record(_ changes: ChangeSet) {
        if !needsReload { pending.append(contentsOf: changes) }
    }

    /// Records `models` inserted one after the other from `indexPath`, as one run.
    mutating func recordInsertion(of models: ModelRun, at indexPath: IndexPath) {
        if !needsReload { pending.appendInsertion(of: models, at: indexPath) }
    }

    /// Records the deletion of the items at `items` of `section`, as one run.
    mutating func recordDeletion(of items: Range<Int>, inSection section: Int) {
        if !needsReload { pending.appendDeletion(of: items, inSection: section) }
    }

    mutating func recordReload() {
        needsReload = true
        pending = ChangeSet()
    }
}
