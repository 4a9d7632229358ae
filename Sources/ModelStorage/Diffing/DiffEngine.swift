/// The two-level diff: sections, then items that may change section.
///
/// Phases, each emitting steps in the coordinates the previous ones left:
/// 1. deletes of unmatched items of surviving sections, from the back (old coordinates);
/// 2. section moves and inserts, with doomed sections still in place (they hold items that may
///    move out) and counted as kept, so they cost no move;
/// 3. item moves and inserts, section by section in the new order, each element placed right
///    after its predecessor in the new order;
/// 4. deletes of the doomed sections, from the back;
/// 5. updates of matched sections and items whose content changed, in new coordinates.
///
/// What stays put is a longest increasing subsequence of the matched sections, and of the
/// matched items of each section pair, so the number of moves is the minimum the two-level model
/// allows: an item that changes section must move, any other moves only if it is not in the
/// subsequence. Both, and the content comparisons, are decided before any step is emitted
/// (``DiffMarks``), so the script is allocated once, at its size.
///
/// The engine is not generic: the generic, `@inlinable` part (``IdentityMatching``, called from
/// ``Differ``, and the content comparisons) is specialized in the caller's module, and what comes
/// here are index pairings in a ``DiffWorkspace``.
@usableFromInline
struct DiffEngine {
    /// Section and item pairings; items are numbered across sections, sections laid end to end.
    @usableFromInline let sections: IdentityMatching
    @usableFromInline let items: IdentityMatching
    @usableFromInline let oldIndices: FlatIndices
    @usableFromInline let newIndices: FlatIndices
    @usableFromInline let workspace: DiffWorkspace
    /// False for a flat diff of one section: no section steps, items addressed in `sectionOffset`.
    @usableFromInline let emitsSectionSteps: Bool
    let sectionOffset: Int

    /// An engine over the pairings and layouts in `workspace`; a flat diff gives the section its
    /// items are addressed in, `sectionOffset`.
    @usableFromInline
    init(
        workspace: DiffWorkspace, sections: IdentityMatching, items: IdentityMatching, oldIndices: FlatIndices, newIndices: FlatIndices,
        sectionOffset: Int? = nil
    ) {
        self.workspace = workspace
        self.sections = sections
        self.items = items
        self.oldIndices = oldIndices
        self.newIndices = newIndices
        emitsSectionSteps = sectionOffset == nil
        self.sectionOffset = sectionOffset ?? 0
        workspace[workspace.plan.newItemMarks].initialize(repeating: [])
        workspace[workspace.plan.newSectionMarks].initialize(repeating: [])
    }

    /// The script, once ``markContentChanges(_:)`` (or its sectioned form) found `updateCount`
    /// updates.
    @usableFromInline
    func run(updateCount: Int) -> EditScript {
        let plan = workspace.plan
        let subsequence = LongestIncreasingSubsequence(
            tails: workspace[plan.subsequenceTails], tailValues: workspace[plan.subsequenceTailValues],
            predecessors: workspace[plan.subsequencePredecessors])
        let sectionMarks = workspace[plan.newSectionMarks]
        subsequence.mark(
            .kept, in: sectionMarks, values: UnsafeBufferPointer(sections.oldIndexOfNew), candidates: 0..<oldIndices.sectionCount)
        let order = SectionOrder(
            sections: sections, newSectionMarks: sectionMarks, tokens: workspace[plan.sectionSequence],
            keptInPlace: workspace[plan.oldSectionKeptInPlace], currentIndexOfOld: workspace[plan.currentIndexOfOldSection])
        let itemMarks = workspace[plan.newItemMarks]
        // Every unpaired old item is deleted, here or with its doomed section: an upper bound.
        var stepCount = updateCount + markKeptItems(itemMarks, subsequence: subsequence) + oldIndices.count - items.pairCount
        if emitsSectionSteps {
            stepCount += order.movesAndInserts + (oldIndices.sectionCount - sections.pairCount)
        }

        var script = EditScript(capacity: stepCount) { steps in
            appendItemDeletes(to: &steps)
            if emitsSectionSteps { order.emitSteps(into: &steps, memory: SlotWeights.Memory(plan.sectionSlots, in: workspace)) }
            appendItemMovesAndInserts(to: &steps, order: order, marks: itemMarks)
            if emitsSectionSteps { appendSectionDeletes(to: &steps, order: order) }
            appendUpdates(to: &steps, sectionMarks: sectionMarks, itemMarks: itemMarks)
        }
        script.duplicateSectionCount = sections.duplicateCount
        script.duplicateItemCount = items.duplicateCount
        return script
    }

    /// Marks each new item `kept` that is in the longest increasing subsequence of its
    /// section's items from the matched old section; returns the items that are not (the moves
    /// and inserts of phase 3).
    private func markKeptItems(_ marks: UnsafeMutableBufferPointer<DiffMarks>, subsequence: LongestIncreasingSubsequence) -> Int {
        var movesAndInserts = 0
        for newSection in 0..<newIndices.sectionCount {
            let range = newIndices.range(of: newSection)
            let oldSection = Int(sections.oldIndexOfNew[newSection])
            if oldSection >= 0 {
                subsequence.mark(
                    .kept, in: UnsafeMutableBufferPointer(rebasing: marks[range]),
                    values: UnsafeBufferPointer(rebasing: items.oldIndexOfNew[range]), candidates: oldIndices.range(of: oldSection))
            }
            for flat in range where !marks[flat].contains(.kept) { movesAndInserts += 1 }
        }
        return movesAndInserts
    }

    /// Phase 1: item deletes in surviving sections, from the back; doomed sections take theirs
    /// along in phase 4.
    private func appendItemDeletes(to script: inout StepWriter) {
        for section in 0..<oldIndices.sectionCount where sections.newIndexOfOld[section] >= 0 {
            let start = oldIndices.start(of: section)
            for flat in oldIndices.range(of: section).reversed() where items.newIndexOfOld[flat] < 0 {
                script.append(PackedStep(.deleteItem, section + sectionOffset, flat - start))
            }
        }
    }

    /// Phase 3: item moves and inserts, section by section in the new order. Each item that is
    /// not kept goes right after the last kept item before it (its anchor).
    private func appendItemMovesAndInserts(to script: inout StepWriter, order: SectionOrder, marks: UnsafeMutableBufferPointer<DiffMarks>) {
        let trackers = makeItemTrackers()
        for position in 0..<order.count {
            let oldSection: Int
            let newSection: Int
            switch order.token(at: position) {
            case let .old(section):
                // A doomed section receives nothing: its items only leave.
                guard sections.newIndexOfOld[section] >= 0 else { continue }
                (oldSection, newSection) = (section, Int(sections.newIndexOfOld[section]))
            case let .inserted(section):
                (oldSection, newSection) = (-1, section)
            }
            let range = newIndices.range(of: newSection)
            var anchor = -1
            for flat in range {
                let oldFlat = Int(items.oldIndexOfNew[flat])
                if marks[flat].contains(.kept) {
                    anchor = oldFlat - oldIndices.start(of: oldSection)
                    continue
                }
                if oldFlat >= 0 {
                    let source = oldIndices.section(ofFlat: oldFlat, guess: oldSection)
                    let slot = oldFlat - oldIndices.start(of: source)
                    let from = trackers[source].position(ofSlot: slot)
                    trackers[source].remove(slot: slot)
                    // An inserted section has no kept item: each arrival goes at its own offset.
                    let to = oldSection >= 0 ? trackers[oldSection].place(afterAnchor: anchor) : flat - range.lowerBound
                    script.append(
                        PackedStep(.moveItem, order.currentIndex(ofOld: source) + sectionOffset, from, position + sectionOffset, to))
                } else {
                    let to = oldSection >= 0 ? trackers[oldSection].place(afterAnchor: anchor) : flat - range.lowerBound
                    script.append(
                        PackedStep(.insertItem, position + sectionOffset, to, newSection + sectionOffset, flat - range.lowerBound))
                }
            }
        }
    }

    /// A placement tracker per old section, over its items still there after phase 1: the
    /// paired ones, or all of a doomed section's.
    private func makeItemTrackers() -> UnsafeMutableBufferPointer<PlacementTracker> {
        let trackers = workspace[workspace.plan.itemTrackers]
        var memory = SlotWeights.Memory(workspace.plan.itemSlots, in: workspace)
        for section in 0..<oldIndices.sectionCount {
            let range = oldIndices.range(of: section)
            let isDoomed = sections.newIndexOfOld[section] < 0
            let partners = items.newIndexOfOld
            let slots = SlotWeights(count: range.count, in: &memory) { isDoomed || partners[range.lowerBound + $0] >= 0 }
            (trackers.baseAddress! + section).initialize(to: PlacementTracker(slots: slots))
        }
        return trackers
    }

    /// Phase 4: the doomed sections, from the back.
    private func appendSectionDeletes(to script: inout StepWriter, order: SectionOrder) {
        for position in (0..<order.count).reversed() {
            if case let .old(section) = order.token(at: position), sections.newIndexOfOld[section] < 0 {
                script.append(PackedStep(.deleteSection, position))
            }
        }
    }

    /// Phase 5: updates of the matched sections and items whose content changed, in the new
    /// state's coordinates.
    private func appendUpdates(
        to script: inout StepWriter, sectionMarks: UnsafeMutableBufferPointer<DiffMarks>, itemMarks: UnsafeMutableBufferPointer<DiffMarks>
    ) {
        for newSection in 0..<newIndices.sectionCount {
            if emitsSectionSteps, sectionMarks[newSection].contains(.contentChanged) {
                script.append(PackedStep(.updateSection, newSection))
            }
            let range = newIndices.range(of: newSection)
            for flat in range where itemMarks[flat].contains(.contentChanged) {
                script.append(PackedStep(.updateItem, newSection + sectionOffset, flat - range.lowerBound))
            }
        }
    }
}
