// Undo: an outline records its user actions at the operation, where it knows each item's parent
// and the sibling it followed (its change sets are rows: a collapsed subtree's delete has none).
extension OutlineStorage: UndoReportingStorage {
    /// Applies `steps` as one update: a deleted item is put back under its parent after the
    /// sibling it followed (first among its siblings when it had none; at its old place among
    /// them when that sibling is gone too), with what was under it and its expansion; a moved
    /// one goes back there; an inserted one is deleted. An item back already, or whose parent is
    /// gone, is skipped.
    public func restore(_ steps: [UndoStep]) {
        checkConfinement()
        performUpdates {
            for case let .storageDefined(step) in steps {
                guard let undo = step.value as? OutlineUndo<SectionID, ItemID> else { continue }
                switch undo {
                case let .remove(items):
                    delete(items)
                case let .putBack(subtree, item, section, place):
                    if putBack(subtree, item: item, inSection: section, at: place) { reportUndo([.remove([item])]) }
                case let .moveBack(places):
                    let current = self.places(of: places.map(\.item))
                    for place in places {
                        guard let placement = placement(of: place) else { continue }
                        _ = performMove([place.item], to: placement)
                    }
                    reportUndo([.moveBack(current)])
                }
            }
        }
    }

    /// Reports `steps` to the history tracking the storage, as the open group's.
    func reportUndo(_ steps: [OutlineUndo<SectionID, ItemID>]) {
        guard let reporter = undoReporter, let action = reporter.actionForChange() else { return }
        reporter.report(steps.map { .storageDefined(StorageUndoStep($0, touching: $0.touchedIdentities)) }, for: action)
    }

    /// Runs `insertion`, then reports the step that deletes what it added.
    func recordingInsertion(of items: [ItemID], _ insertion: () -> Void) {
        guard undoReporter?.isRecording == true else { return insertion() }
        let absent = items.filter { section(holding: $0) == nil }
        insertion()
        let added = absent.filter { section(holding: $0) != nil }
        reportUndo(added.isEmpty ? [] : [.remove(added)])
    }

    /// The step that puts `item`, in section `index`, back where it is now, with its subtree.
    func putBackStep(for item: ItemID, inSection index: Int) -> OutlineUndo<SectionID, ItemID> {
        let outline = outlines[index]
        return .putBack(
            outline.snapshot(of: item, includingParent: true), item: item, section: sectionIDs[index],
            place: Self.place(of: item, in: outline))
    }

    /// Where `items` are now, in the order of their section's tree (so that moving them back in
    /// that order finds each one's sibling already back).
    func places(of items: [ItemID]) -> [OutlineUndoPlace<ItemID>] {
        // An item's rank among all its section's items, in tree order. O(items of the sections).
        var rank: [ItemID: Int] = [:]
        var places: [OutlineUndoPlace<ItemID>] = []
        for section in Set(items.compactMap { section(holding: $0) }) {
            for (position, item) in outlines[section].items.enumerated() { rank[item] = position }
            places += items.filter { outlines[section].contains($0) }.map { Self.place(of: $0, in: outlines[section]) }
        }
        return places.sorted { rank[$0.item, default: 0] < rank[$1.item, default: 0] }
    }

    private static func place(of item: ItemID, in outline: OutlineSnapshot<ItemID>) -> OutlineUndoPlace<ItemID> {
        let parent = outline.parent(of: item)
        let siblings = outline.children(of: parent)
        let index = siblings.firstIndex(of: item) ?? 0
        return OutlineUndoPlace(item: item, parent: parent, after: index > 0 ? siblings[index - 1] : nil, index: index)
    }

    /// Where to move an item to put it back at `place`; nil when it is there already or its
    /// parent is gone.
    private func placement(of place: OutlineUndoPlace<ItemID>) -> OutlinePlacement<ItemID>? {
        guard let index = section(holding: place.item) else { return nil }
        let outline = outlines[index]
        if let parent = place.parent, !outline.contains(parent) { return nil }
        let siblings = outline.children(of: place.parent).filter { $0 != place.item }
        if let after = place.after, siblings.contains(after) { return .after(after) }
        let at = place.after == nil ? 0 : min(place.index, siblings.count)
        if at < siblings.count { return .before(siblings[at]) }
        if let last = siblings.last { return .after(last) }
        return .into(place.parent)
    }

    /// Grafts `subtree` (`item` at its top) back at `place` in `section`; false when the section,
    /// the parent is gone or an item of it is back already.
    private func putBack(_ subtree: OutlineSnapshot<ItemID>, item: ItemID, inSection section: SectionID, at place: OutlineUndoPlace<ItemID>)
        -> Bool
    {
        guard let index = sectionIDs.firstIndex(of: section), !subtree.items.contains(where: { self.section(holding: $0) != nil })
        else { return false }
        let outline = outlines[index]
        guard let parentNode = place.parent.map({ outline.node(of: $0) }) ?? OutlineTree<ItemID>.root else { return false }
        let siblings = outline.children(of: place.parent)
        let at =
            if let after = place.after, let position = siblings.firstIndex(of: after) { position + 1 } else {
                place.after == nil ? 0 : min(place.index, siblings.count)
            }
        let old = outline.visibleRows
        outlines[index].graft(Array(subtree.tree.children(of: OutlineTree<ItemID>.root)), from: subtree, under: parentNode, at: at)
        keepSorted(placesOf: [item], inSection: index)
        recordDiff(from: old, inSection: index)
        return true
    }
}

/// What takes an outline's change back, recorded where the change is made.
enum OutlineUndo<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    /// Puts `item` and `subtree` (its descendants, with their expansion) back at `place`.
    case putBack(OutlineSnapshot<ItemID>, item: ItemID, section: SectionID, place: OutlineUndoPlace<ItemID>)
    /// Moves the items back to their places, in this (tree) order.
    case moveBack([OutlineUndoPlace<ItemID>])
    /// Deletes the items (and what is under them).
    case remove([ItemID])

    var touchedIdentities: [ModelIdentity] {
        switch self {
        case let .putBack(_, item, _, _): ModelIdentity(of: item).map { [$0] } ?? []
        case let .moveBack(places): places.compactMap { ModelIdentity(of: $0.item) }
        case .remove: []
        }
    }
}

/// Where an item of an outline is: under `parent` (the top level when nil), after the sibling
/// `after` (first when nil), at `index` among its siblings.
struct OutlineUndoPlace<ItemID: Hashable & Sendable> {
    let item: ItemID
    let parent: ItemID?
    let after: ItemID?
    let index: Int
}
