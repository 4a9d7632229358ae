/// The sizes a diff's workspace is planned from, known once the affixes are trimmed.
@usableFromInline
struct DiffSizes {
    @usableFromInline let sections: CommonAffixes
    @usableFromInline let items: CommonAffixes
    /// The most items a section of the new state holds: the subsequence buffers' length.
    @usableFromInline let largestNewSection: Int
    /// The stride and alignment of an item identity when the items' middles are copied into the
    /// workspace (sectioned input, which cannot be read by flat index in place), or nil.
    @usableFromInline let copiedItemIdentity: (stride: Int, alignment: Int)?

    @inlinable
    init(
        sections: CommonAffixes, items: CommonAffixes, largestNewSection: Int, copiedItemIdentity: (stride: Int, alignment: Int)? = nil
    ) {
        self.sections = sections
        self.items = items
        self.largestNewSection = largestNewSection
        self.copiedItemIdentity = copiedItemIdentity
    }
}

extension DiffWorkspace {
    /// Where each array of one diff lives in its workspace.
    ///
    /// The arrays that live for the whole diff come first. After them, three groups share the
    /// same bytes, each dead before the next starts: the hash tables of matching (with the
    /// copied identities of sectioned input), the buffers of the longest increasing
    /// subsequences, and the slot weights of placement.
    @usableFromInline
    struct Plan {
        // The whole diff.
        @usableFromInline let oldStarts: Region<Int32>
        @usableFromInline let newStarts: Region<Int32>
        @usableFromInline let sectionNewIndexOfOld: Region<Int32>
        @usableFromInline let sectionOldIndexOfNew: Region<Int32>
        @usableFromInline let itemNewIndexOfOld: Region<Int32>
        @usableFromInline let itemOldIndexOfNew: Region<Int32>
        @usableFromInline let newItemMarks: Region<DiffMarks>
        @usableFromInline let newSectionMarks: Region<DiffMarks>
        let oldSectionKeptInPlace: Region<Bool>
        let sectionSequence: Region<Int32>
        let currentIndexOfOldSection: Region<Int32>

        // Matching.
        @usableFromInline let sectionTable: Region<IdentityTable.Slot>
        @usableFromInline let sectionNextOccurrence: Region<Int32>
        @usableFromInline let itemTable: Region<IdentityTable.Slot>
        @usableFromInline let itemNextOccurrence: Region<Int32>
        /// The old middle's identities, then the new middle's.
        @usableFromInline let copiedItemIdentities: RawRegion

        // Longest increasing subsequences.
        let subsequenceTails: Region<Int32>
        let subsequenceTailValues: Region<Int32>
        let subsequencePredecessors: Region<Int32>

        // Placement: the slots of the list of sections, then of each old section.
        let sectionSlots: SlotWeights.Regions
        let itemSlots: SlotWeights.Regions
        let itemTrackers: Region<PlacementTracker>

        @usableFromInline let byteCount: Int
        @usableFromInline let alignment: Int

        @usableFromInline
        init(_ sizes: DiffSizes) {
            let (sections, items) = (sizes.sections, sizes.items)
            var whole = RegionAllocator()
            oldStarts = whole.reserve(Int32.self, count: sections.oldCount + 1)
            newStarts = whole.reserve(Int32.self, count: sections.newCount + 1)
            sectionNewIndexOfOld = whole.reserve(Int32.self, count: sections.oldCount)
            sectionOldIndexOfNew = whole.reserve(Int32.self, count: sections.newCount)
            itemNewIndexOfOld = whole.reserve(Int32.self, count: items.oldCount)
            itemOldIndexOfNew = whole.reserve(Int32.self, count: items.newCount)
            newItemMarks = whole.reserve(DiffMarks.self, count: items.newCount)
            newSectionMarks = whole.reserve(DiffMarks.self, count: sections.newCount)
            oldSectionKeptInPlace = whole.reserve(Bool.self, count: sections.oldCount)
            sectionSequence = whole.reserve(Int32.self, count: sections.oldCount + sections.newCount)
            currentIndexOfOldSection = whole.reserve(Int32.self, count: sections.oldCount)

            var matching = whole
            sectionTable = matching.reserve(IdentityTable.Slot.self, count: IdentityTable.size(for: sections.hashedCount))
            sectionNextOccurrence = matching.reserve(Int32.self, count: sections.hashedCount > 0 ? sections.oldMiddle.count : 0)
            itemTable = matching.reserve(IdentityTable.Slot.self, count: IdentityTable.size(for: items.hashedCount))
            itemNextOccurrence = matching.reserve(Int32.self, count: items.hashedCount > 0 ? items.oldMiddle.count : 0)
            if let identity = sizes.copiedItemIdentity, items.hashedCount > 0 {
                let count = items.oldMiddle.count + items.newMiddle.count
                copiedItemIdentities = matching.reserve(bytes: identity.stride * count, alignment: identity.alignment)
            } else {
                copiedItemIdentities = matching.reserve(bytes: 0, alignment: 1)
            }

            var subsequences = whole
            let longest = max(sizes.largestNewSection, sections.newCount)
            subsequenceTails = subsequences.reserve(Int32.self, count: longest)
            subsequenceTailValues = subsequences.reserve(Int32.self, count: longest)
            subsequencePredecessors = subsequences.reserve(Int32.self, count: longest)

            var placement = whole
            sectionSlots = SlotWeights.Regions(&placement, slots: sections.oldCount, containers: 1)
            itemSlots = SlotWeights.Regions(&placement, slots: items.oldCount, containers: sections.oldCount)
            itemTrackers = placement.reserve(PlacementTracker.self, count: sections.oldCount)

            byteCount = max(matching.end, subsequences.end, placement.end)
            alignment = max(16, sizes.copiedItemIdentity?.alignment ?? 1)
        }
    }
}
