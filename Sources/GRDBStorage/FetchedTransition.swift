import ModelStorage

/// A new result and the script from the state the storage showed when the diff began: computed
/// on the background queue, applied on the main actor if that state is still current.
@usableFromInline
struct FetchedTransition<Record: Identifiable & Equatable & Sendable, SectionKey: Hashable & Sendable>: Sendable
where Record.ID: Sendable {
    @usableFromInline typealias Sections = FetchedSections<Record, SectionKey>

    @usableFromInline let sections: Sections
    /// Minimal: records matched by id (moves stay moves, the fewest of them), changed records
    /// as in-place updates, sections matched by key.
    @usableFromInline let script: EditScript

    @inlinable
    init(from base: Sections, to new: Sections) {
        let oldRecords = base.records, newRecords = new.records
        script = Differ().script(
            fromSections: base.keys, items: base.identities,
            toSections: new.keys, items: new.identities,
            itemContentEqual: { old, updated in oldRecords[old.section][old.item] == newRecords[updated.section][updated.item] })
        sections = new
    }

    /// The records the script inserts or updates, which the change set carries as models.
    var broughtRecords: [Record] {
        script.compactMap { edit in
            switch edit {
            case let .insertItem(_, newItem): sections.record(at: newItem.indexPath)
            case let .updateItem(place): sections.record(at: place.indexPath)
            default: nil
            }
        }
    }
}
