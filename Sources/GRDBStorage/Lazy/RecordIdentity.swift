import GRDB

/// What ``LazyDatabaseStorage`` observes of a record: its id, its section and a value that
/// changes whenever the record does. The differ matches identities by id; a new change marker
/// makes an in-place update.
@usableFromInline
struct RecordIdentity<ID: Hashable & Sendable, SectionKey: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    @usableFromInline let id: ID
    @usableFromInline let section: SectionKey
    @usableFromInline let changeMarker: DatabaseValue

    @inlinable
    init(id: ID, section: SectionKey, changeMarker: DatabaseValue) {
        self.id = id
        self.section = section
        self.changeMarker = changeMarker
    }

    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.section == rhs.section && lhs.changeMarker == rhs.changeMarker
    }
}
