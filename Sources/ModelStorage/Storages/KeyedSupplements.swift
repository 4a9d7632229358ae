/// The supplementary models of sections made from their keys: a header, and models of other
/// kinds, each a closure of the key. Storages whose sections come from a key (``SortedStorage``,
/// the database storage, one of your own) answer ``SupplementaryStorage`` and fill their section
/// changes from it.
public struct KeyedSupplements<SectionKey> {
    /// The header model of a section, from its key; nil for no header.
    public var header: ((SectionKey) -> Any?)?
    /// The models of other kinds (a footer, a summary, …), by kind.
    public var others: [SupplementaryKind: (SectionKey) -> Any?]

    /// Supplements from a header closure and closures of other kinds; none by default.
    public init(header: ((SectionKey) -> Any?)? = nil, others: [SupplementaryKind: (SectionKey) -> Any?] = [:]) {
        self.header = header
        self.others = others
    }

    /// The model of `kind` for the section with `key`, or nil.
    public func model(ofKind kind: SupplementaryKind, forKey key: SectionKey) -> Any? {
        kind == .header ? header?(key) : others[kind]?(key) ?? nil
    }

    /// Every model of the section with `key`: what its insert or update carries.
    public func supplements(forKey key: SectionKey) -> SectionSupplements {
        var supplements = SectionSupplements()
        if let header = header?(key) { supplements[.header] = header }
        for (kind, model) in others where kind != .header {
            if let model = model(key) { supplements[kind] = model }
        }
        return supplements
    }

    /// The change set that refreshes the supplementary models of every section of `keys`.
    public func refreshing(_ keys: [SectionKey]) -> ChangeSet {
        ChangeSet(keys.indices.map { .updateSection($0, supplements: supplements(forKey: keys[$0])) })
    }
}
