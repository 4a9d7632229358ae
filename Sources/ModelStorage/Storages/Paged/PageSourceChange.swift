/// What changed in a ``PageSource``'s rows since they were read, as a notification from the
/// server tells it: how many rows were inserted, updated and deleted, or that changes may have
/// been missed (a connection lost and opened again). ``PagedStorage/sourceDidChange(_:)`` reads
/// the rows shown again and moves the count.
public struct PageSourceChange: Sendable, Equatable {
    /// Rows inserted.
    public var inserted: Int
    /// Rows updated.
    public var updated: Int
    /// Rows deleted.
    public var deleted: Int
    /// Whether changes may have happened that no notification told (notifications sent while
    /// disconnected are lost): the count is read again too.
    public var mayHaveMissedChanges: Bool

    /// A change of `inserted`, `updated` and `deleted` rows.
    public init(inserted: Int = 0, updated: Int = 0, deleted: Int = 0, mayHaveMissedChanges: Bool = false) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.mayHaveMissedChanges = mayHaveMissedChanges
    }

    /// Any number of changes, when no notification could tell them.
    public static var unknown: PageSourceChange { PageSourceChange(mayHaveMissedChanges: true) }

    /// This change and then `other`.
    public func merged(with other: PageSourceChange) -> PageSourceChange {
        PageSourceChange(
            inserted: inserted + other.inserted, updated: updated + other.updated, deleted: deleted + other.deleted,
            mayHaveMissedChanges: mayHaveMissedChanges || other.mayHaveMissedChanges)
    }

    /// How the number of rows moved: nil when it cannot be told.
    var countDelta: Int? { mayHaveMissedChanges ? nil : inserted - deleted }
}
