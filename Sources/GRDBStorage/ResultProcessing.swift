import ModelStorage

/// What a storage does with every result off the main thread: group it in sections, then diff
/// it against the result shown.
///
/// Both steps touch every record, so they are made where the record and section types are
/// known (the storages' public `@inlinable` initializers) and run specialized (CONTRIBUTING,
/// Hot paths: 7).
@usableFromInline
struct ResultProcessing<Record: Identifiable & Equatable & Sendable, SectionKey: Hashable & Sendable>: Sendable
where Record.ID: Sendable {
    @usableFromInline typealias Sections = FetchedSections<Record, SectionKey>

    /// Groups fetched records in sections.
    @usableFromInline let group: @Sendable ([Record]) -> Sections
    /// The transition from the first sections to the second.
    @usableFromInline let diff: @Sendable (Sections, Sections) -> FetchedTransition<Record, SectionKey>

    /// Grouping by `sectionKey`, diffing with the `Differ`.
    @inlinable
    init(sectionKey: @escaping @Sendable (Record) -> SectionKey) {
        group = { records in Sections(grouping: records, by: sectionKey) }
        diff = { base, new in FetchedTransition(from: base, to: new) }
    }
}
