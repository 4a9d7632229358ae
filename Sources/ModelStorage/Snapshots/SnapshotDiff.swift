/// The edit script from the snapshot a storage shows to the one applied, honouring the new
/// snapshot's reload and reconfigure marks.
///
/// - Sections and items are matched by diff identity (``SnapshotKey``).
/// - A section's content is its header and footer models: when they changed, the section updates.
/// - An item whose content changed (``ModelIdentity/contentIsEqual(_:_:)``) updates in place; so
///   does a reconfigured item, even with equal content.
/// - A reloaded item, and every item of a reloaded section, gets a fresh key in the new state: it
///   no longer matches its old self, so the differ deletes it and inserts it again (a new row).
///   A reloaded section is deleted and inserted again the same way, with its header and footer.
struct SnapshotDiff<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    typealias Snapshot = ListSnapshot<SectionID, ItemID>

    let old: Snapshot
    let oldSupplements: [SectionSupplements]
    let new: Snapshot
    let newSupplements: [SectionSupplements]

    /// How an identity takes part in the diff: as itself, or renewed so it matches nothing old.
    private enum DiffKey: Hashable {
        case kept(SnapshotKey)
        case renewed(SnapshotKey)
    }

    func script() -> EditScript {
        let oldSectionKeys = old.index.sectionKeys
        let newSectionKeys = new.index.sectionKeys
        let newItemKeys = new.index.itemKeys
        let newItems = zip(newSectionKeys, newItemKeys).map { section, items in
            let renewsAll = new.reloadedSectionKeys.contains(section)
            return items.map { renewsAll || new.reloadedItemKeys.contains($0) ? DiffKey.renewed($0) : .kept($0) }
        }
        return Differ().script(
            fromSections: oldSectionKeys.map(DiffKey.kept), items: old.index.itemKeys.map { $0.map(DiffKey.kept) },
            toSections: newSectionKeys.map { new.reloadedSectionKeys.contains($0) ? DiffKey.renewed($0) : .kept($0) },
            items: newItems,
            sectionContentEqual: { oldSupplements[$0] == newSupplements[$1] },
            itemContentEqual: { oldPath, newPath in
                !new.reconfiguredItemKeys.contains(newItemKeys[newPath.section][newPath.item])
                    && ModelIdentity.contentIsEqual(
                        old.itemValues[oldPath.section][oldPath.item], new.itemValues[newPath.section][newPath.item])
            })
    }
}
