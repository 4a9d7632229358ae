/// Computes the ordered, minimal ``EditScript`` between two states of a list.
///
/// - Items are matched by identity (``Diffable/diffIdentifier``) in O(n): the common prefix and
///   suffix by comparison, the rest through one hash table (Heckel). An unchanged list costs one
///   comparison per item.
/// - Moves are the fewest possible: what stays is a longest increasing subsequence of the matched
///   items. On a `GtkListBox` every move is a widget removed and inserted again, so an extra
///   move is real work, not a matter of style.
/// - Matched items whose content differs become updates: their rows refresh in place.
/// - With sections, sections are matched, moved and updated the same way, and items may move
///   from one section to another.
///
/// Identities should be unique within a state (items across all its sections). When they are
/// not, occurrences in the common prefix and suffix pair in place, and in between the k-th old
/// occurrence of an identity pairs with its k-th new occurrence; the surplus is deleted or
/// inserted. Nothing is lost, and ``EditScript/duplicateItemCount`` says when the changed middle
/// held duplicates. Storages check the uniqueness of the new state themselves and report
/// ``StorageAnomaly/duplicateIdentifiers(kind:count:)``.
///
/// The differ is a `Sendable` value with no state: run it on any thread.
///
/// ```swift
/// let script = Differ().script(from: ["a", "b", "c"], to: ["c", "a", "d"])
/// // delete [1, 0]; move [0, 1] → [0, 0]; insert [2, 0]
/// ```
public struct Differ: Sendable {
    // The entry points are @inlinable so that hashing and comparing identities is specialized
    // for the caller's types (CONTRIBUTING, Hot paths: 7); the index work after matching is
    // shared, non-generic code. How they run: Differ+Running.

    /// A differ; it has no settings and keeps nothing between calls.
    @inlinable
    public init() {}

    /// The script that turns `old` into `new`, one section (index `section`) of items.
    @inlinable
    public func script<Item: Diffable>(from old: [Item], to new: [Item], inSection section: Int = 0) -> EditScript {
        flatScript(
            from: old, to: new, reading: DiffableIdentity<Item>.self, inSection: section,
            contentEqual: { old[$0].isContentEqual(to: new[$1]) })
    }

    /// The script that turns the sections `old` into `new`, items moving across sections.
    @inlinable
    public func script<Section: Diffable, Item: Diffable>(
        from old: [DiffSection<Section, Item>], to new: [DiffSection<Section, Item>]
    ) -> EditScript {
        sectionedScript(
            from: old, DiffSectionItems(old), to: new, DiffSectionItems(new), reading: SectionModelIdentity<Section, Item>.self,
            sectionContentEqual: { old[$0].model.isContentEqual(to: new[$1].model) },
            itemContentEqual: { oldSection, oldItem, newSection, newItem in
                old[oldSection].items[oldItem].isContentEqual(to: new[newSection].items[newItem])
            })
    }

    /// The script between two states given as identities, with content compared by closures:
    /// for models that are not ``Diffable`` themselves (type-erased storages, snapshots).
    ///
    /// - Parameters:
    ///   - oldSections: the sections' identities before.
    ///   - oldItems: the items' identities before, section by section.
    ///   - newSections: the sections' identities after.
    ///   - newItems: the items' identities after, section by section.
    ///   - sectionContentEqual: (old section, new section) → whether their own content is equal.
    ///   - itemContentEqual: (old index path, new index path) of two matched items → whether
    ///     their content is equal.
    @inlinable
    public func script<SectionID: Hashable, ItemID: Hashable>(
        fromSections oldSections: [SectionID], items oldItems: [[ItemID]],
        toSections newSections: [SectionID], items newItems: [[ItemID]],
        sectionContentEqual: (Int, Int) -> Bool = { _, _ in true },
        itemContentEqual: (IndexPath, IndexPath) -> Bool = { _, _ in true }
    ) -> EditScript {
        precondition(
            oldSections.count == oldItems.count && newSections.count == newItems.count,
            "One array of item identities per section identity.")
        return sectionedScript(
            from: oldSections, IdentitiesBySection(oldItems), to: newSections, IdentitiesBySection(newItems),
            reading: OwnIdentity<SectionID>.self,
            sectionContentEqual: sectionContentEqual,
            itemContentEqual: { oldSection, oldItem, newSection, newItem in
                itemContentEqual(IndexPath(item: oldItem, section: oldSection), IndexPath(item: newItem, section: newSection))
            })
    }

    /// The script between two flat lists given as identities, addressed in `section`.
    @inlinable
    public func script<ItemID: Hashable>(
        fromIdentities old: [ItemID], to new: [ItemID], inSection section: Int = 0,
        contentEqual: (Int, Int) -> Bool = { _, _ in true }
    ) -> EditScript {
        flatScript(from: old, to: new, reading: OwnIdentity<ItemID>.self, inSection: section, contentEqual: contentEqual)
    }
}
