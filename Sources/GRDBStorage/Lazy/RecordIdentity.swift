import GRDB

/// What ``LazyDatabaseStorage`` observes of a record: its id, its section and a value that
/// changes whenever the record does. The differ matches identities by id; a new change marker
/// makes an in-place update.
struct RecordIdentity<ID: Hashable & Sendable, SectionKey: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    let id: ID
    let section: SectionKey
    let changeMarker: DatabaseValue
}
