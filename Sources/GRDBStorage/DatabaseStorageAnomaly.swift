import ModelStorage

/// What went wrong with a ``DatabaseStorage`` after it was made. The storage keeps showing its
/// last good result and loses nothing: the database stays the truth, and the list follows it
/// again once it can be read.
public enum DatabaseStorageAnomaly: Anomaly {
    /// Running the request again failed: a table or column was dropped or renamed, the schema
    /// changed under the query, the database was locked past its busy timeout, or the file was
    /// damaged. The storage tries again when the database changes.
    case fetchFailed(reason: String)
    /// Writing a reorder, a dropped record, or an undo or redo failed (a constraint, a read-only
    /// or locked database): nothing was written, and the list returns to the database's content.
    /// A failed undo or redo also clears the `UndoHistory`.
    case writeFailed(reason: String)
    /// The request returned `count` records whose id appeared earlier in the same result; only
    /// the first record of each id is shown.
    case duplicateIdentifiers(count: Int)
    /// A move asked for a source or destination that is not in the storage.
    case invalidMove(source: IndexPath, destination: IndexPath)
    /// A move was asked of a storage made without ``DatabaseReordering`` or over a read-only
    /// `DatabaseReader`: it has no way to write the order.
    case notReorderable
    /// A move was asked while a drop's placeholder was shown or its record was being written:
    /// moves wait until the drop settled.
    case moveWhileDropping(source: IndexPath, destination: IndexPath)
    /// A drop was refused (the same anomaly is thrown to the caller): an index path outside the
    /// list, no placeholder at the index path, or an item the storage does not store.
    case dropRefused(StorageAnomaly)
    /// A sort named a column the orderings do not declare: that key was left out, the others
    /// applied.
    case unknownSortColumn(column: String, knownColumns: [String])
    /// A sort was asked of a ``DatabaseStorage`` whose request is not a `QueryInterfaceRequest`
    /// (SQL, or another `FetchRequest`): the storage cannot change its `ORDER BY`, and keeps it.
    case requestNotSortable

    public var description: String {
        switch self {
        case .fetchFailed: "fetchFailed"
        case .writeFailed: "writeFailed"
        case let .duplicateIdentifiers(count): "duplicateIdentifiers(\(count))"
        case let .invalidMove(source, destination): "invalidMove(\(source.shortDescription) → \(destination.shortDescription))"
        case .notReorderable: "notReorderable"
        case let .moveWhileDropping(source, destination): "moveWhileDropping(\(source.shortDescription) → \(destination.shortDescription))"
        case let .dropRefused(anomaly): "dropRefused(\(anomaly.description))"
        case let .unknownSortColumn(column, _): "unknownSortColumn(\(column))"
        case .requestNotSortable: "requestNotSortable"
        }
    }

    public var debugDescription: String {
        switch self {
        case let .fetchFailed(reason):
            "The storage's request failed, so the list keeps its last good content until the database changes again: \(reason)"
        case let .writeFailed(reason):
            "Writing the new order, a dropped record, or an undo or redo failed and nothing was written; the list returns to the database's content (a failed undo or redo also cleared the undo history): \(reason)"
        case let .duplicateIdentifiers(count):
            "The request returned \(count) record(s) with an id seen earlier in the same result (a join that repeats rows?); only the first of each id is shown."
        case let .invalidMove(source, destination):
            "A move from \(source.shortDescription) to \(destination.shortDescription) addresses no record or no place in the storage; nothing moved."
        case .notReorderable:
            "The storage was asked to move a record but cannot write the order: make it with a DatabaseReordering and a DatabaseWriter (a DatabaseQueue or DatabasePool)."
        case let .moveWhileDropping(source, destination):
            "A move from \(source.shortDescription) to \(destination.shortDescription) was asked while a drop is not settled (a placeholder shown, or a dropped record being written); nothing moved. Move after the drop settled."
        case let .dropRefused(anomaly):
            "A drop was refused and nothing changed: \(anomaly.debugDescription)"
        case let .unknownSortColumn(column, known):
            "The sort names column \"\(column)\", which has no ordering (declared: \(known.isEmpty ? "none" : known.joined(separator: ", "))); that key was left out and the others applied. Declare it in the DatabaseColumnOrderings, or make the column unsortable."
        case .requestNotSortable:
            "The storage was asked to sort, but its request is not a QueryInterfaceRequest, whose ORDER BY it could change; the order stays. Make the storage (or call setRequest) with a request of the query interface, such as Book.order(Column(\"title\"))."
        }
    }
}
