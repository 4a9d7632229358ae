/// The result of a background job: the state after a run of operations and the changes from
/// the state the job started from. Both are `Sendable`, so the job hands them to the main actor
/// as they are.
struct SortedTransition<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>: Sendable
where Item.DiffIdentifier: Sendable {
    typealias State = SortedState<Item, SectionKey>

    /// The state after the operations.
    let state: State
    /// How to get from the base state to ``state``, minimal (moves by longest increasing
    /// subsequence, content changes as in-place updates); empty when the operations only
    /// reordered and gave stored items new values.
    let script: EditScript
    /// When the operations only changed the order (re-sorts) and gave stored items new values
    /// in their sections: each section's new order, for the sections whose order changed. No
    /// identity is hashed again and nothing is diffed for them.
    let reorderings: [ItemReordering]
    /// With ``reorderings``: the flat indices in ``state`` of the items given new content, in
    /// order.
    let updates: [Int]
    /// Duplicates and missing identities the operations met.
    let findings: State.Findings

    /// Applies `operations` in order to `base` and diffs the result against it.
    init(from base: State, applying operations: [SortedOperation<Item>]) {
        var state = base
        var findings = State.Findings()
        // While every operation only re-sorted or gave stored items new values in place: the
        // order as flat indices of `base`, and the identities given new values.
        var order: [Int]?
        var inPlace = true
        var updated = Set<Item.DiffIdentifier>()
        var index = operations.startIndex
        while index < operations.endIndex {
            let operation = operations[index]
            index += 1
            if case let .setComparator(comparator, ordering) = operation {
                let step = state.reorder(by: comparator, ordering: ordering)
                // Orders compose only while no entry came or went between them: after an
                // insertion or a removal a step counts other entries, and the result is diffed.
                guard inPlace else { continue }
                order = order.map { earlier in step.map { earlier[$0] } } ?? step
            } else if case .upsert = operation {
                // Upserts in a row, one pass over the entries.
                let start = index - 1
                while index < operations.endIndex, case .upsert = operations[index] { index += 1 }
                let run = operations[start..<index]
                if inPlace, let step = state.reorderUpdating(run, findings: &findings) {
                    order = order.map { earlier in step.map { earlier[$0] } } ?? step
                    for case let .upsert(items, _) in run { updated.formUnion(items.lazy.map(\.diffIdentifier)) }
                } else {
                    inPlace = false
                    state.applyUpserts(run, findings: &findings)
                }
            } else {
                inPlace = false
                state.apply(operation, findings: &findings)
            }
        }
        let new = state
        self.state = new
        self.findings = findings
        if inPlace {
            script = EditScript()
            reorderings = order.map { Self.reorderings(of: $0, in: base) } ?? []
            updates = Self.contentChanges(of: updated, from: base, to: new)
            return
        }
        reorderings = []
        updates = []
        script = Differ().script(
            fromSections: base.sectionKeys, items: base.identitiesBySection,
            toSections: new.sectionKeys, items: new.identitiesBySection,
            itemContentEqual: { old, updated in
                guard let oldIndex = base.flatIndex(of: old), let newIndex = new.flatIndex(of: updated) else { return false }
                return base.entries[oldIndex].item.isContentEqual(to: new.entries[newIndex].item)
            })
    }

    /// The flat indices in `new` of the items of `identities` whose content differs from
    /// `base`'s, in order.
    private static func contentChanges(of identities: Set<Item.DiffIdentifier>, from base: State, to new: State) -> [Int] {
        identities.compactMap { identifier -> Int? in
            guard let before = base.position(of: identifier), let after = new.position(of: identifier),
                !base.entries[before].item.isContentEqual(to: new.entries[after].item)
            else { return nil }
            return after
        }
        .sorted()
    }

    /// The reordering of each section of `state` whose order `order` (flat indices before, per
    /// flat index after) changes.
    private static func reorderings(of order: [Int], in state: State) -> [ItemReordering] {
        state.sectionKeys.indices.compactMap { section in
            let range = state.sectionRange(section)
            guard !order[range].elementsEqual(range) else { return nil }
            return ItemReordering(section: section, sources: order[range].map { $0 - range.lowerBound })
        }
    }
}
