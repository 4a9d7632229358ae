import GRDB

/// How a ``DatabaseStorage`` (or ``LazyDatabaseStorage``) stores a record dropped into its list.
///
/// A drop shows the record at once where it was dropped, then inserts it on the database's
/// writer queue, in one transaction with the order of its section when the storage has a
/// ``DatabaseReordering``. The list then follows the database: the record keeps its place, or
/// moves where the request's order puts it.
///
/// ```swift
/// storage.dropInsertion = .inserting { book, shelf in
///     if let shelf { book.shelf = shelf }   // nil: dropped into a list with no section yet
/// }
/// ```
public struct DatabaseInsertion<Record: Sendable, SectionKey: Sendable>: Sendable {
    /// Inserts a dropped record and returns it as stored (with the id the database gave it).
    /// `section` is the key of the section it was dropped into; nil when it opens a new section.
    public typealias Insert = @Sendable (_ db: Database, _ record: Record, _ section: SectionKey?) throws -> Record

    let insert: Insert

    /// Stores a dropped record with `insert`, inside the storage's transaction.
    public init(_ insert: @escaping Insert) {
        self.insert = insert
    }
}

extension DatabaseInsertion where Record: MutablePersistableRecord {
    /// Inserts the dropped record with GRDB's `inserted(_:)`, after `prepare` gave it what its
    /// place needs (the section it was dropped into, a fresh id).
    public static func inserting(
        _ prepare: @escaping @Sendable (_ record: inout Record, _ section: SectionKey?) -> Void = { _, _ in }
    ) -> Self {
        Self { db, record, section in
            var record = record
            prepare(&record, section)
            return try record.inserted(db)
        }
    }
}
