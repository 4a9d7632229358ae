import GRDB
import ModelStorage

// Undo: the app writes the database through the storage, which reads in the same transaction
// what the write changed in its request's records and reports it to the history as the action
// that asked for it. An undo or redo writes the records back in one transaction.
extension DatabaseStorage: UndoReportingStorage {
    /// Runs `updates` in one transaction of the storage's database (a `DatabaseWriter`), then
    /// calls `completion` on the main actor with its result. Inside a group of an `UndoHistory`
    /// tracking the storage, what the write changed in the request's records is recorded (read
    /// before and after `updates`, in the same transaction), written back by ``undoWriting``
    /// on undo. A write that fails changes nothing and records nothing.
    ///
    /// ```swift
    /// history.group(named: "Delete") {
    ///     storage.write({ db in try Favourite.deleteAll(db, ids: ids) })
    /// }
    /// ```
    public func write<Value: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> Value,
        completion: @escaping @MainActor (Result<Value, any Error>) -> Void = { _ in }
    ) {
        MainActorConfinement.check("DatabaseStorage was written")
        guard let writer = database as? any DatabaseWriter else {
            return completion(
                .failure(DatabaseError(resultCode: .SQLITE_READONLY, message: "the storage's database is not a DatabaseWriter")))
        }
        let action = undoReporter?.actionForChange()
        recordedWrite(updates, to: writer, recording: action != nil) { [weak self] result in
            if let self, let action { report(result, for: action) }
            completion(result.map(\.value))
        }
    }

    /// Runs `updates` as ``write(_:completion:)`` does and returns its value once the write
    /// ended; throws its error.
    public func write<Value: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            write(updates) { continuation.resume(with: $0) }
        }
    }

    /// Writes back the records `steps` recorded (an undo or a redo), in one transaction, and
    /// calls `completion` once the list shows the result. A write that fails (a constraint, a
    /// locked database) changes nothing: it is reported as
    /// ``DatabaseStorageAnomaly/writeFailed(reason:)`` and the history is cleared.
    public func restore(_ steps: [UndoStep], completion: @escaping @MainActor () -> Void) {
        let changes = steps.compactMap { step -> DatabaseChange<Record, SectionKey>? in
            guard case let .storageDefined(defined) = step else { return nil }
            return defined.value as? DatabaseChange<Record, SectionKey>
        }
        guard !changes.isEmpty else { return completion() }
        let action = undoReporter?.actionForChange()
        guard let writing = undoWriting, let writer = database as? any DatabaseWriter else {
            if let action { undoReporter?.report(nil, for: action) }
            return completion()
        }
        let reorder = reordering?.write, fetch = fetch
        let current: @Sendable (Database) throws -> Sections = { db in try fetch(db).sections }
        let updates: @Sendable (Database) throws -> Void = { db in
            for change in changes { try change.restore(in: db, with: writing, reorder: reorder, current: current) }
        }
        // Read before and after only for a history, which keeps the inverse (a redo).
        recordedWrite(updates, to: writer, recording: action != nil, whenShown: completion) { [weak self] result in
            guard let self else { return completion() }
            switch result {
            case let .success(written):
                if let action { undoReporter?.report(written.change.map { [$0.step] } ?? [], for: action) }
            case let .failure(error):
                anomalyHandler.report(.writeFailed(reason: String(describing: error)))
                if let action { undoReporter?.report(nil, for: action) }
                completion()
            }
        }
    }

    /// Writes back the records `steps` recorded; see ``restore(_:completion:)``.
    public func restore(_ steps: [UndoStep]) {
        restore(steps) {}
    }

    /// What a recorded write returned and what it changed (nil when not recording or nothing).
    struct RecordedWrite<Value: Sendable>: Sendable {
        let value: Value
        let change: DatabaseChange<Record, SectionKey>?
    }

    /// Runs `updates` as an own write (results fetched before it committed are not applied),
    /// reading the request's records before and after it when `recording`; `ended` hears the
    /// outcome on the main actor, `whenShown` runs once the list shows a result that saw the
    /// write (at once when it failed).
    func recordedWrite<Value: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> Value, to writer: any DatabaseWriter, recording: Bool,
        whenShown: (@MainActor () -> Void)? = nil, ended: @escaping @MainActor (Result<RecordedWrite<Value>, any Error>) -> Void
    ) {
        ownWritesStarted += 1
        ownWritesRequired = ownWritesStarted
        let number = ownWritesStarted
        let ownWrites = ownWrites, handOff = handOff, fetch = fetch
        writer.asyncWrite({ db -> RecordedWrite<Value> in
            guard recording else { return RecordedWrite(value: try updates(db), change: nil) }
            let before = try fetch(db).sections
            let value = try updates(db)
            return RecordedWrite(value: value, change: DatabaseChange(from: before, to: try fetch(db).sections))
        }) { [weak self] _, result in
            ownWrites.increment()
            handOff.handOff { [weak self] in
                guard let self else { return }
                ownWritesFinished += 1
                if let whenShown, case .success = result { shownWaiters.append((number, whenShown)) }
                ended(result)
                refetch()
            }
        }
    }

    /// Tells the history what a write asked for in `action` changed: nothing when it failed (it
    /// wrote nothing); a change without ``undoWriting`` cannot be taken back (the history is
    /// cleared).
    func report<Value>(_ result: Result<RecordedWrite<Value>, any Error>, for action: UndoActionToken) {
        guard case let .success(written) = result, let change = written.change else {
            return undoReporter?.report([], for: action) ?? ()
        }
        undoReporter?.report(undoWriting == nil ? nil : [change.step], for: action)
    }

    /// Runs the completions of the writes a result shown now saw.
    func resultShown(seeingOwnWrites count: Int) {
        guard shownWaiters.contains(where: { $0.write <= count }) else { return }
        let done = shownWaiters.filter { $0.write <= count }
        shownWaiters.removeAll { $0.write <= count }
        for waiter in done { waiter.completion() }
    }
}
