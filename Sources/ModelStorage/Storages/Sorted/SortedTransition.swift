/// The result of a background job: the state after a run of operations and the changes from
/// the state the job started from. Both are `Sendable`, so the job hands them to the main actor
/// as they are.
struct SortedTransition<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>: Sendable
where Item.DiffIdentifier: Sendable {
    typealias State = SortedState<Item, SectionKey>

    /// The state after the operations.
    let state: State
    /// How to get from the base state to ``state``, minimal (moves by longest increasing
    /// subsequence, content changes as in-place updates); empty when only the order changed.
    let script: EditScript
    /// When the operations only changed the order (re-sorts): each section's new order, for
    /// the sections whose order changed. No identity is hashed and nothing is diffed for them.
    let reorderings: [ItemReordering]
    /// Duplicates and missing identities the operations met.
    let findings: State.Findings

    /// Applies `operations` in order to `base` and diffs the result against it.
    init(from base: State, applying operations: [SortedOperation<Item>]) {
        var state = base
        var findings = State.Findings()
        // The order as flat indices of `base`, while every operation only re-sorted.
        var order: [Int]?
        var onlyReordered = true
        var index = operations.startIndex
        while index < operations.endIndex {
            let operation = operations[index]
            index += 1
            if case let .setComparator(comparator, ordering) = operation {
                let step = state.reorder(by: comparator, ordering: ordering)
                // Orders compose only while no change came between them: after an insertion or
                // a removal a step counts other entries, and the result is diffed instead.
                guard onlyReordered else { continue }
                order = order.map { earlier in step.map { earlier[$0] } } ?? step
            } else if case .upsert = operation {
                onlyReordered = false
                // Upserts in a row, one pass over the entries.
                let start = index - 1
                while index < operations.endIndex, case .upsert = operations[index] { index += 1 }
                state.applyUpserts(operations[start..<index], findings: &findings)
            } else {
                onlyReordered = false
                state.apply(operation, findings: &findings)
            }
        }
        let new = state
        self.state = new
        self.findings = findings
        if onlyReordered {
            script = EditScript()
            reorderings = order.map { Self.reorderings(of: $0, in: base) } ?? []
            return
        }
        reorderings = []
        script = Differ().script(
            fromSections: base.sectionKeys, items: base.identitiesBySection,
            toSections: new.sectionKeys, items: new.identitiesBySection,
            itemContentEqual: { old, updated in
                guard let oldIndex = base.flatIndex(of: old), let newIndex = new.flatIndex(of: updated) else { return false }
                return base.entries[oldIndex].item.isContentEqual(to: new.entries[newIndex].item)
            })
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
