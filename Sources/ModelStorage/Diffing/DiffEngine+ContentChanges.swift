// The content comparisons, before the engine runs: `@inlinable`, so that the caller's
// comparison closure is inlined into the loop that calls it once per matched pair.
extension DiffEngine {
    /// Marks `contentChanged` each new item of a flat diff whose content differs from its old
    /// partner's, by `contentEqual(old index, new index)`; returns how many.
    @inlinable
    func markContentChanges(_ contentEqual: (Int, Int) -> Bool) -> Int {
        let marks = workspace[workspace.plan.newItemMarks]
        var changed = 0
        for (new, old) in items.oldIndexOfNew.enumerated() where old >= 0 && !contentEqual(Int(old), new) {
            marks[new].insert(.contentChanged)
            changed += 1
        }
        return changed
    }

    /// Marks `contentChanged` each matched new section and item whose content differs from its
    /// old partner's; returns how many. `itemContentEqual` takes (old section, old item, new
    /// section, new item).
    @inlinable
    func markContentChanges(sectionContentEqual: (Int, Int) -> Bool, itemContentEqual: (Int, Int, Int, Int) -> Bool) -> Int {
        let sectionMarks = workspace[workspace.plan.newSectionMarks]
        let itemMarks = workspace[workspace.plan.newItemMarks]
        var changed = 0
        for newSection in 0..<newIndices.sectionCount {
            let oldSection = Int(sections.oldIndexOfNew[newSection])
            if oldSection >= 0, !sectionContentEqual(oldSection, newSection) {
                sectionMarks[newSection].insert(.contentChanged)
                changed += 1
            }
            let range = newIndices.range(of: newSection)
            for flat in range {
                let oldFlat = Int(items.oldIndexOfNew[flat])
                guard oldFlat >= 0 else { continue }
                let source = oldIndices.section(ofFlat: oldFlat, guess: oldSection)
                if !itemContentEqual(source, oldFlat - oldIndices.start(of: source), newSection, flat - range.lowerBound) {
                    itemMarks[flat].insert(.contentChanged)
                    changed += 1
                }
            }
        }
        return changed
    }
}
