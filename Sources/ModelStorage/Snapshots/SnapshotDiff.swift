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
    private enum Slot: Hashable {
        case kept(SnapshotKey)
        case renewed(SnapshotKey)
    }

    func script() -> EditScript {
        let oldItems = old.sections.map { $0.items.map { Slot.kept($0.key) } }
        let newItems = new.sections.map { section in
            let renewsAll = new.reloadedSectionKeys.contains(section.key)
            return section.items.map { item in
                renewsAll || new.reloadedItemKeys.contains(item.key) ? Slot.renewed(item.key) : .kept(item.key)
            }
        }
        return Differ().script(
            fromSections: old.sections.map { Slot.kept($0.key) }, items: oldItems,
            toSections: new.sections.map { new.reloadedSectionKeys.contains($0.key) ? Slot.renewed($0.key) : .kept($0.key) },
            items: newItems,
            sectionContentEqual: { oldSupplements[$0] == newSupplements[$1] },
            itemContentEqual: { oldPath, newPath in
                let before = old.sections[oldPath.section].items[oldPath.item]
                let after = new.sections[newPath.section].items[newPath.item]
                return !new.reconfiguredItemKeys.contains(after.key)
                    && ModelIdentity.contentIsEqual(before.identifier, after.identifier)
            })
    }
}
