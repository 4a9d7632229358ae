import GRDB
import ModelStorage

// Undo: the lazy storage's writes run on its storage of identities, which records them with
// this storage's `undoWriting` (full records of the table) and reports to the history tracking
// this storage; undo and redo write the records back the same way (`DatabaseStorage+Undo.swift`).
extension LazyDatabaseStorage: UndoReportingStorage {
    /// The recorder of the `UndoHistory` tracking the storage, kept by its storage of identities.
    package var undoReporter: UndoRecorder? {
        get { identities.undoReporter }
        set { identities.undoReporter = newValue }
    }

    /// Runs `updates` in one transaction of the storage's database (a `DatabaseWriter`), then
    /// calls `completion` on the main actor with its result. Inside a group of an `UndoHistory`
    /// tracking the storage, the rows of the records' table the write inserts, updates or
    /// deletes are recorded in the same transaction, with their values before it (the table is
    /// not read whole), and written back by ``undoWriting`` on undo; see
    /// ``DatabaseStorage/write(_:completion:)``.
    ///
    /// ```swift
    /// history.group(named: "Delete") {
    ///     storage.write({ db in try Book.deleteAll(db, ids: ids) })
    /// }
    /// ```
    public func write<Value: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> Value,
        completion: @escaping @MainActor (Result<Value, any Error>) -> Void = { _ in }
    ) {
        identities.write(updates, completion: completion)
    }

    /// Runs `updates` as ``write(_:completion:)`` does and returns its value once the write
    /// ended; throws its error.
    public func write<Value: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await identities.write(updates)
    }

    /// Writes back the records `steps` recorded (an undo or a redo), in one transaction, and
    /// calls `completion` once the list shows the result; see
    /// ``DatabaseStorage/restore(_:completion:)``.
    public func restore(_ steps: [UndoStep], completion: @escaping @MainActor () -> Void) {
        identities.restore(steps, completion: completion)
    }

    /// Writes back the records `steps` recorded; see ``restore(_:completion:)``.
    public func restore(_ steps: [UndoStep]) {
        identities.restore(steps)
    }
}

// Finding the records an undo put back (to select them) without reading the table: they came
// with its change set, so they are in the cache.
extension LazyDatabaseStorage: IdentityLocatingStorage {
    /// Where the records with `identities` are, among the records read and kept; reads nothing.
    /// O(records shown).
    package func indexPaths(ofIdentities identities: Set<ModelIdentity>) -> [IndexPath] {
        var found: [IndexPath] = []
        for section in 0..<numberOfSections {
            for item in 0..<numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                guard let id = id(at: indexPath), let record = cachedRecord(withID: id),
                    let identity = ModelIdentity(of: record), identities.contains(identity)
                else { continue }
                found.append(indexPath)
            }
        }
        return found
    }
}
