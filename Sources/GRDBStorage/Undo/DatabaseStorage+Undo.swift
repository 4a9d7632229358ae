import GRDB
import ModelStorage

// Undo: the app writes the database through the storage, which records in the same transaction
// the rows of its records' table the write touches (`TouchedRows`) and reports what takes them
// back to the history as the action that asked for it. An undo or redo writes the records back
// in one transaction. The lazy storage runs the same code on its storage of identities, with
// its own records' `undoWriting`.
extension DatabaseStorage: UndoReportingStorage {
    /// Runs `updates` in one transaction of the storage's database (a `DatabaseWriter`), then
    /// calls `completion` on the main actor with its result. Inside a group of an `UndoHistory`
    /// tracking the storage, the rows of the records' table the write inserts, updates or
    /// deletes are recorded in the same transaction, with their values before it, and written
    /// back by ``undoWriting`` on undo. A write that fails changes nothing and records nothing.
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
        guard steps.contains(where: { if case .storageDefined = $0 { true } else { false } }) else { return completion() }
        let action = undoReporter?.actionForChange()
        guard let updates = undoRecording?.restoring(steps), let writer = database as? any DatabaseWriter else {
            if let action { undoReporter?.report(nil, for: action) }
            return completion()
        }
        // Recorded only for a history, which keeps the inverse (a redo).
        recordedWrite(updates, to: writer, recording: action != nil, whenShown: completion) { [weak self] result in
            guard let self else { return completion() }
            if case let .failure(error) = result {
                anomalyHandler.report(.writeFailed(reason: String(describing: error)))
                if let action { undoReporter?.report(nil, for: action) }
                return completion()
            }
            if let action { report(result, for: action) }
        }
    }

    /// Writes back the records `steps` recorded; see ``restore(_:completion:)``.
    public func restore(_ steps: [UndoStep]) {
        restore(steps) {}
    }

    /// How the storage records its writes: the lazy storage's records' ``undoWriting`` for its
    /// storage of identities, or this storage's own.
    var undoRecording: (any DatabaseChangeRecording)? { facadeUndoWriting ?? undoWriting }

    /// What a recorded write returned and the steps that take it back (empty when not recording
    /// or nothing changed; nil when it could not be recorded).
    struct RecordedWrite<Value: Sendable>: Sendable {
        let value: Value
        let steps: [UndoStep]?
    }

    /// Runs `updates` as an own write (results fetched before it committed are not applied),
    /// recording the rows it touches when `recording` (with ``undoRecording``); `ended` hears
    /// the outcome on the main actor, `whenShown` runs once the list shows a result that saw the
    /// write (at once when it failed).
    func recordedWrite<Value: Sendable>(
        _ updates: @escaping @Sendable (Database) throws -> Value, to writer: any DatabaseWriter, recording: Bool,
        whenShown: (@MainActor () -> Void)? = nil, ended: @escaping @MainActor (Result<RecordedWrite<Value>, any Error>) -> Void
    ) {
        ownWritesStarted += 1
        ownWritesRequired = ownWritesStarted
        let number = ownWritesStarted
        let ownWrites = ownWrites, handOff = handOff
        let recorder = recording ? undoRecording : nil
        writer.asyncWrite({ db -> RecordedWrite<Value> in
            guard recording else { return RecordedWrite(value: try updates(db), steps: []) }
            guard let recorder else { return RecordedWrite(value: try updates(db), steps: nil) }
            let (value, steps) = try recorder.recording(updates, in: db)
            return RecordedWrite(value: value, steps: steps)
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
    /// wrote nothing); a write that could not be recorded (no ``undoWriting``) cannot be taken
    /// back (the history is cleared).
    func report<Value>(_ result: Result<RecordedWrite<Value>, any Error>, for action: UndoActionToken) {
        guard case let .success(written) = result else { return undoReporter?.report([], for: action) ?? () }
        undoReporter?.report(written.steps, for: action)
    }

    /// Runs the completions of the writes a result shown now saw.
    func resultShown(seeingOwnWrites count: Int) {
        guard shownWaiters.contains(where: { $0.write <= count }) else { return }
        let done = shownWaiters.filter { $0.write <= count }
        shownWaiters.removeAll { $0.write <= count }
        for waiter in done { waiter.completion() }
    }
}
