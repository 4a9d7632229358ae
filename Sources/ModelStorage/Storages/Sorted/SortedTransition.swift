/// The result of a background job: the state after a run of operations and the script from
/// the state the job started from. Both are `Sendable`, so the job hands them to the main actor
/// as they are.
struct SortedTransition<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>: Sendable
where Item.DiffIdentifier: Sendable {
    typealias State = SortedState<Item, SectionKey>

    /// The state after the operations.
    let state: State
    /// How to get from the base state to ``state``, minimal (moves by longest increasing
    /// subsequence, content changes as in-place updates).
    let script: EditScript
    /// Duplicates and missing identities the operations met.
    let findings: State.Findings

    /// Applies `operations` in order to `base` and diffs the result against it.
    init(from base: State, applying operations: [SortedOperation<Item>]) {
        var state = base
        var findings = State.Findings()
        for operation in operations { state.apply(operation, findings: &findings) }
        let new = state
        script = Differ().script(
            fromSections: base.sectionKeys, items: base.identitiesBySection,
            toSections: new.sectionKeys, items: new.identitiesBySection,
            itemContentEqual: { old, updated in
                guard let oldIndex = base.flatIndex(of: old), let newIndex = new.flatIndex(of: updated) else { return false }
                return base.entries[oldIndex].item.isContentEqual(to: new.entries[newIndex].item)
            })
        self.state = new
        self.findings = findings
    }
}
