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
/// subsequence.
///
/// The engine is not generic: the generic, `@inlinable` part (``IdentityMatching``, called from
/// ``Differ``) is specialized in the caller's module, and what comes here are index pairings.
@usableFromInline
struct DiffEngine {
    /// Section and item pairings; items are numbered across sections, sections laid end to end.
    let sections: IdentityMatching
    let items: IdentityMatching
    let oldLayout: FlatLayout
    let newLayout: FlatLayout
    /// False for a flat diff of one section: no section steps, items addressed in `sectionOffset`.
    let emitsSectionSteps: Bool
    let sectionOffset: Int

    /// Content comparisons: (old section, new section) and (old section, old item, new section,
    /// new item). Called only for matched pairs.
    @usableFromInline typealias SectionContentEqual = (Int, Int) -> Bool
    @usableFromInline typealias ItemContentEqual = (Int, Int, Int, Int) -> Bool

    /// A diff of sections holding `oldCounts` / `newCounts` items.
    @usableFromInline
    init(sections: IdentityMatching, items: IdentityMatching, oldCounts: [Int], newCounts: [Int]) {
        self.sections = sections
        self.items = items
        oldLayout = FlatLayout(counts: oldCounts)
        newLayout = FlatLayout(counts: newCounts)
        emitsSectionSteps = true
        sectionOffset = 0
    }

    /// A diff of one list of items, addressed in `section`.
    @usableFromInline
    init(items: IdentityMatching, oldCount: Int, newCount: Int, section: Int) {
        sections = IdentityMatching(old: [0], new: [0])
        self.items = items
        oldLayout = FlatLayout(counts: [oldCount])
        newLayout = FlatLayout(counts: [newCount])
        emitsSectionSteps = false
        sectionOffset = section
    }

    @usableFromInline
    func run(sectionContentEqual: SectionContentEqual = { _, _ in true }, itemContentEqual: ItemContentEqual) -> EditScript {
        var script = EditScript()
        script.duplicateSectionCount = sections.duplicateCount
        script.duplicateItemCount = items.duplicateCount
        let oldSections = 0..<oldLayout.sectionCount
        let newSections = 0..<newLayout.sectionCount
        // Every section and item paired with the one at its own index (an unchanged list): no
        // splice to find, only the content to compare.
        if sections.pairsInPlace, items.pairsInPlace, oldLayout == newLayout {
            appendUpdates(to: &script, sectionContentEqual: sectionContentEqual, itemContentEqual: itemContentEqual)
            return script
        }

        // Room for every delete, insert and move (a move is a pair the hashed middle found, at
        // most): a step per changed element, appended without growing the array.
        script.reserveCapacity(forMoreSteps: items.unpairedCount + items.middlePairCount)

        // 1. Item deletes in surviving sections; doomed sections take theirs along in phase 4.
        var present = [Bool](repeating: true, count: oldLayout.count)
        for section in oldSections where sections.newIndexOfOld[section] >= 0 {
            for flat in oldLayout.range(of: section).reversed() where items.newIndexOfOld[flat] < 0 {
                present[flat] = false
                script.append(PackedStep(.deleteItem, section + sectionOffset, flat - oldLayout.start(of: section)))
            }
        }

        // 2. Sections.
        let order = SectionOrder(matching: sections, oldCount: oldSections.count, newCount: newSections.count)
        if emitsSectionSteps { order.emitSteps(into: &script) }

        // 3. Items.
        var trackers = ItemTrackers(oldLayout: oldLayout, present: present)
        for (position, token) in order.sequence.enumerated() {
            let oldSection: Int
            let newSection: Int
            switch token {
            case let .old(section):
                // A doomed section receives nothing: its items only leave.
                guard sections.newIndexOfOld[section] >= 0 else { continue }
                (oldSection, newSection) = (section, sections.newIndexOfOld[section])
            case let .inserted(section):
                (oldSection, newSection) = (-1, section)
            }
            let kept = keptItems(
                newSection: newSection, oldSection: oldSection, items: items,
                oldLayout: oldLayout, newLayout: newLayout)
            guard kept.contains(false) else { continue }
            let target = oldSection >= 0 ? oldSection : oldSections.count + newSection
            let targetTracker = trackers.index(of: target)
            var anchor = -1
            for (offset, flat) in newLayout.range(of: newSection).enumerated() {
                let oldFlat = items.oldIndexOfNew[flat]
                if kept[offset] {
                    anchor = oldFlat - oldLayout.start(of: oldSection)
                    continue
                }
                if oldFlat >= 0 {
                    let source =
                        oldSection >= 0 && oldLayout.range(of: oldSection).contains(oldFlat)
                        ? oldSection : oldLayout.section(ofFlat: oldFlat)
                    let slot = oldFlat - oldLayout.start(of: source)
                    let from = trackers.removeSlot(slot, of: source == target ? targetTracker : trackers.index(of: source))
                    let to = trackers.place(afterAnchor: anchor, in: targetTracker)
                    script.append(
                        PackedStep(
                            .moveItem, order.currentIndex(ofOld: source) + sectionOffset, from, position + sectionOffset, to))
                } else {
                    let to = trackers.place(afterAnchor: anchor, in: targetTracker)
                    script.append(PackedStep(.insertItem, position + sectionOffset, to, newSection + sectionOffset, offset))
                }
            }
        }

        // 4. Doomed sections, from the back.
        if emitsSectionSteps {
            for (position, token) in order.sequence.enumerated().reversed() {
                if case let .old(section) = token, sections.newIndexOfOld[section] < 0 {
                    script.append(PackedStep(.deleteSection, position))
                }
            }
        }

        // 5. Updates, in the new state's coordinates.
        appendUpdates(to: &script, sectionContentEqual: sectionContentEqual, itemContentEqual: itemContentEqual)
        return script
    }

    /// Phase 5: updates of the matched sections and items whose content changed, in the new
    /// state's coordinates.
    private func appendUpdates(
        to script: inout EditScript, sectionContentEqual: SectionContentEqual, itemContentEqual: ItemContentEqual
    ) {
        for newSection in 0..<newLayout.sectionCount {
            let oldSection = sections.oldIndexOfNew[newSection]
            if emitsSectionSteps, oldSection >= 0, !sectionContentEqual(oldSection, newSection) {
                script.append(PackedStep(.updateSection, newSection))
            }
            for flat in newLayout.range(of: newSection) {
                let oldFlat = items.oldIndexOfNew[flat]
                guard oldFlat >= 0 else { continue }
                let source = oldLayout.section(ofFlat: oldFlat)
                let item = flat - newLayout.start(of: newSection)
                if !itemContentEqual(source, oldFlat - oldLayout.start(of: source), newSection, item) {
                    script.append(PackedStep(.updateItem, newSection + sectionOffset, item))
                }
            }
        }
    }

    /// For each item of `newSection`, whether it stays where it is: it comes from the matched old
    /// section and belongs to the longest increasing subsequence of their common items.
    private func keptItems(
        newSection: Int, oldSection: Int, items: IdentityMatching,
        oldLayout: FlatLayout, newLayout: FlatLayout
    ) -> [Bool] {
        let range = newLayout.range(of: newSection)
        guard oldSection >= 0 else { return [Bool](repeating: false, count: range.count) }
        let oldRange = oldLayout.range(of: oldSection)
        return items.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
            longestIncreasingSubsequence(count: range.count) { offset in
                let oldFlat = oldIndexOfNew[range.lowerBound + offset]
                return oldRange.contains(oldFlat) ? oldFlat : nil
            }
        }
    }
}

/// Sections of items laid end to end: flat indices and back.
struct FlatLayout: Equatable {
    /// Where each section starts, plus the total count at the end.
    private var starts: [Int]

    init(counts: [Int]) {
        starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for (section, count) in counts.enumerated() {
            starts.append(starts[section] + count)
        }
    }

    var count: Int { starts[starts.count - 1] }
    var sectionCount: Int { starts.count - 1 }
    func start(of section: Int) -> Int { starts[section] }
    func range(of section: Int) -> Range<Int> { starts[section]..<starts[section + 1] }

    /// The section holding flat index `flat`: the last start at or before it (binary search, so
    /// a flat diff pays nothing and a sectioned one O(log sections)).
    func section(ofFlat flat: Int) -> Int {
        var low = 0
        var high = sectionCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= flat { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// One placement tracker per container, built when first needed: old sections first, then the
/// inserted sections of the new state. Trackers are changed where they are stored, never copied.
private struct ItemTrackers {
    private var trackers: [PlacementTracker] = []
    /// Per container, the index of its tracker in `trackers`, or −1.
    private var trackerOfContainer: [Int] = []
    private let oldLayout: FlatLayout
    private let present: [Bool]

    init(oldLayout: FlatLayout, present: [Bool]) {
        self.oldLayout = oldLayout
        self.present = present
    }

    /// Takes the unplaced element in `slot` out of the container of tracker `tracker` (see
    /// ``index(of:)``); returns where it was.
    mutating func removeSlot(_ slot: Int, of tracker: Int) -> Int {
        let position = trackers[tracker].position(ofSlot: slot)
        trackers[tracker].remove(slot: slot)
        return position
    }

    /// Places an element right after `anchor`'s run in the container of tracker `tracker`;
    /// returns its position.
    mutating func place(afterAnchor anchor: Int, in tracker: Int) -> Int {
        trackers[tracker].place(afterAnchor: anchor)
    }

    /// The tracker of `container`, built the first time.
    mutating func index(of container: Int) -> Int {
        if container >= trackerOfContainer.count {
            trackerOfContainer.append(contentsOf: repeatElement(-1, count: container - trackerOfContainer.count + 1))
        }
        if trackerOfContainer[container] >= 0 { return trackerOfContainer[container] }
        let isOld = container < oldLayout.sectionCount
        trackers.append(PlacementTracker(present: isOld ? present[oldLayout.range(of: container)] : []))
        trackerOfContainer[container] = trackers.count - 1
        return trackers.count - 1
    }
}
