import ModelStorage

/// The storage behind ``ListManager/update(animated:completion:_:)``: what the list shows of the declared
/// sections (per section its id, header and footer, and an item per visible row) and the delivery
/// of each transition to the manager.
///
/// Its items are ``DeclaredItem``s; the manager shows each with the mapping of the item's row class.
/// Only the manager's ``DeclarativeState`` changes it.
@MainActor
final class DeclarativeStorage: SupplementaryStorage, BroadcastingStorage {
    /// One section as the list shows it.
    struct ShownSection {
        let id: AnyHashable
        let supplements: SectionSupplements
        /// The visible rows: none while the section is folded.
        let items: [DeclaredItem]
        /// The tree of the visible rows; nil when the section declares none.
        var outline: DeclaredOutline? = nil
    }

    private(set) var sections: [ShownSection] = []
    /// Where duplicate identities and models without identity are reported.
    let anomalyHandler = AnomalyHandler<StorageAnomaly>()

    /// Delivers updates in order; one installed while observers still apply the previous one
    /// (an event closure declaring new sections) is queued and delivered after it.
    /// The storage's observers (see `BroadcastingStorage`).
    let broadcaster = UpdateBroadcaster()
    private var isDelivering = false
    private var pendingCompletions: [() -> Void] = []
    /// Opens or closes a declared row for the list (an arrow, a key): the row, whether to open
    /// it, and whether everything under it too. Set by the manager's
    /// ``DeclarativeState``.
    var expansionRequest: ((_ row: AnyRow, _ expanded: Bool, _ descendants: Bool) -> Void)?

    // MARK: - Storage

    var numberOfSections: Int { sections.count }

    func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    func item(at indexPath: IndexPath) -> Any? {
        guard indexPath.isItemPosition, sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    func supplementaryModel(ofKind kind: SupplementaryKind, inSection section: Int) -> Any? {
        sections.indices.contains(section) ? sections[section].supplements[kind] : nil
    }

    // MARK: - Changing and telling

    /// Installs `newSections`, then tells the observers `update` (nil: nothing to tell), which
    /// must lead from the sections shown before to these.
    /// Shows `newSections`, telling observers `update`, then runs `completion`: at once, or,
    /// when this is called while observers handle an earlier update of this storage (from an
    /// event closure), after the queued update reached them too.
    func install(_ newSections: [ShownSection], announcing update: StorageUpdate?, then completion: (() -> Void)? = nil) {
        sections = newSections
        if let completion { pendingCompletions.append(completion) }
        let isOutermost = !isDelivering
        isDelivering = true
        if let update { broadcaster.deliver(update, from: self) }
        guard isOutermost else { return }
        isDelivering = false
        while !pendingCompletions.isEmpty {
            pendingCompletions.removeFirst()()
        }
    }

}
