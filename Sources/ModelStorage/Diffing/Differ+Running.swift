// How the entry points of ``Differ`` run a diff: trim the common affixes, plan the workspace from
// the sizes that leaves, match the middles into it, compare the content of the pairs, then hand
// the rest to the engine. Generic and `@inlinable` up to the engine, so identities are hashed
// and compared as the caller's concrete types. Identities are read through an
// ``IdentityReader`` type, and the content closures are passed straight to the loops that call
// them: both get inlined where they are known.
extension Differ {
    /// A diff of one list of elements, addressed in `section`.
    @inlinable
    func flatScript<Reader: IdentityReader>(
        from old: [Reader.Element], to new: [Reader.Element], reading reader: Reader.Type, inSection section: Int,
        contentEqual: (Int, Int) -> Bool
    ) -> EditScript {
        precondition(Int32(exactly: section) != nil, "The differ addresses sections below 2³¹.")
        guard !old.isEmpty, !new.isEmpty else {
            return .oneSided(deleting: old.count, inserting: new.count, inSection: section)
        }
        let itemAffixes = CommonAffixes(old: old, new: new, reading: reader)
        if itemAffixes.pairsInPlace {
            return .updatesInPlace(itemCount: new.count, inSection: section, contentEqual: contentEqual)
        }
        let oneSection = CommonAffixes(oldCount: 1, newCount: 1, prefix: 1, suffix: 0)
        let plan = DiffWorkspace.Plan(DiffSizes(sections: oneSection, items: itemAffixes, largestNewSection: new.count))
        let workspace = DiffWorkspace(plan)
        defer { workspace.deallocate() }

        var items = workspace.matching(itemAffixes, newIndexOfOld: plan.itemNewIndexOfOld, oldIndexOfNew: plan.itemOldIndexOfNew)
        if itemAffixes.hashedCount > 0 {
            items.matchMiddles(
                of: old, new, reading: reader, table: workspace[plan.itemTable], nextOccurrence: workspace[plan.itemNextOccurrence])
        }
        let engine = DiffEngine(
            workspace: workspace,
            sections: workspace.matching(oneSection, newIndexOfOld: plan.sectionNewIndexOfOld, oldIndexOfNew: plan.sectionOldIndexOfNew),
            items: items, oldIndices: FlatIndices(starts: workspace[plan.oldStarts], counts: CollectionOfOne(old.count)),
            newIndices: FlatIndices(starts: workspace[plan.newStarts], counts: CollectionOfOne(new.count)), sectionOffset: section)
        return engine.run(updateCount: engine.markContentChanges(contentEqual))
    }

    /// A diff of sections, identified by `Reader`, holding items that may move across them.
    @inlinable
    func sectionedScript<Reader: IdentityReader, Items: SectionedItems>(
        from oldSections: [Reader.Element], _ oldItems: Items, to newSections: [Reader.Element], _ newItems: Items,
        reading reader: Reader.Type,
        sectionContentEqual: (Int, Int) -> Bool, itemContentEqual: (Int, Int, Int, Int) -> Bool
    ) -> EditScript {
        let sectionAffixes = CommonAffixes(old: oldSections, new: newSections, reading: reader)
        let (itemAffixes, oldMiddleStart, newMiddleStart) = CommonAffixes.across(
            oldItems, oldCount: oldItems.totalCount, newItems, newCount: newItems.totalCount)
        if sectionAffixes.pairsInPlace, itemAffixes.pairsInPlace,
            oldSections.indices.allSatisfy({ oldItems.itemCount(inSection: $0) == newItems.itemCount(inSection: $0) })
        {
            return .updatesInPlace(
                of: newItems, sectionContentEqual: sectionContentEqual, itemContentEqual: itemContentEqual)
        }
        let identity = MemoryLayout<Items.Identity>.self
        let plan = DiffWorkspace.Plan(
            DiffSizes(
                sections: sectionAffixes, items: itemAffixes, largestNewSection: newItems.largestSectionCount,
                copiedItemIdentity: (identity.stride, identity.alignment)))
        let workspace = DiffWorkspace(plan)
        defer { workspace.deallocate() }

        var sections = workspace.matching(
            sectionAffixes, newIndexOfOld: plan.sectionNewIndexOfOld, oldIndexOfNew: plan.sectionOldIndexOfNew)
        if sectionAffixes.hashedCount > 0 {
            sections.matchMiddles(
                of: oldSections, newSections, reading: reader,
                table: workspace[plan.sectionTable], nextOccurrence: workspace[plan.sectionNextOccurrence])
        }
        var items = workspace.matching(itemAffixes, newIndexOfOld: plan.itemNewIndexOfOld, oldIndexOfNew: plan.itemOldIndexOfNew)
        if itemAffixes.hashedCount > 0 {
            // Hashing reads items by flat index: the middles are copied out of their sections
            // first, into memory the engine reuses afterwards.
            let identities = workspace.buffer(plan.copiedItemIdentities, of: Items.Identity.self)
            let oldCount = itemAffixes.oldMiddle.count
            oldItems.copyIdentities(from: oldMiddleStart, count: oldCount, into: identities.baseAddress!)
            newItems.copyIdentities(from: newMiddleStart, count: itemAffixes.newMiddle.count, into: identities.baseAddress! + oldCount)
            items.matchMiddle(
                old: UnsafeBufferPointer(rebasing: identities[..<oldCount]), new: UnsafeBufferPointer(rebasing: identities[oldCount...]),
                reading: OwnIdentity<Items.Identity>.self,
                table: workspace[plan.itemTable], nextOccurrence: workspace[plan.itemNextOccurrence])
            identities.deinitialize()
        }
        let engine = DiffEngine(
            workspace: workspace, sections: sections, items: items,
            oldIndices: FlatIndices(starts: workspace[plan.oldStarts], counts: oldItems.itemCounts),
            newIndices: FlatIndices(starts: workspace[plan.newStarts], counts: newItems.itemCounts))
        return engine.run(
            updateCount: engine.markContentChanges(sectionContentEqual: sectionContentEqual, itemContentEqual: itemContentEqual))
    }
}

extension DiffWorkspace {
    /// The pairing of `affixes` in two regions of this workspace, its middles still unpaired.
    @inlinable
    func matching(_ affixes: CommonAffixes, newIndexOfOld: Region<Int32>, oldIndexOfNew: Region<Int32>) -> IdentityMatching {
        IdentityMatching(affixes, newIndexOfOld: self[newIndexOfOld], oldIndexOfNew: self[oldIndexOfNew])
    }
}

extension EditScript {
    /// The script of a list whose items all pair in place: an update per item whose content
    /// changed, nothing else.
    @inlinable
    static func updatesInPlace(itemCount: Int, inSection section: Int, contentEqual: (Int, Int) -> Bool) -> EditScript {
        var script = EditScript()
        for item in 0..<itemCount where !contentEqual(item, item) {
            script.append(PackedStep(.updateItem, section, item))
        }
        return script
    }

    /// The script of sections whose sections and items all pair in place: updates only.
    @inlinable
    static func updatesInPlace(
        of items: some SectionedItems, sectionContentEqual: (Int, Int) -> Bool, itemContentEqual: (Int, Int, Int, Int) -> Bool
    ) -> EditScript {
        var script = EditScript()
        for section in 0..<items.sectionCount {
            if !sectionContentEqual(section, section) {
                script.append(PackedStep(.updateSection, section))
            }
            for item in 0..<items.itemCount(inSection: section) where !itemContentEqual(section, item, section, item) {
                script.append(PackedStep(.updateItem, section, item))
            }
        }
        return script
    }
}
