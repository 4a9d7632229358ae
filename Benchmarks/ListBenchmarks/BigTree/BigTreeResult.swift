/// One side's figures for one part of the big-tree benchmark at one size.
typealias BigTreeResult = PartResult<BigTreePart>

/// What a big-tree process measures: one part at one size (the C peers take the same names).
enum BigTreePart: String, CaseIterable, BenchmarkPart {
    /// A parent of N children expanded, then collapsed: `expand_ms`, `expand_mb`, `collapse_ms`.
    case expand
    /// Random jumps and wheel steps in the expanded tree of N children.
    case scroll
    /// The same in a flat list of N rows (ours only): what the tree is held to.
    case flatScroll = "flat-scroll"
    /// The tree of N children scrolled with its parent pinned at the top (ours only): what
    /// `pinsParentRows` adds to each layout.
    case pinnedScroll = "pinned-scroll"
    /// N/100 parents of 100 children, all expanded, then all collapsed.
    case expandAll = "expand-all"
    /// Select all over N expanded children.
    case selectAll = "select-all"
    /// N children appended to one collapsed parent, one at a time.
    case fill
    /// The same children appended in one call (ours only): what one at a time costs more.
    case fillBatch = "fill-batch"
    /// One parent of N children "child i" built before anything is shown: `build_ms`,
    /// `bytes_per_item`.
    case memory
    /// The same for N/100 parents of 100 children.
    case memoryWide = "memory-wide"

    /// Every line of the big tree names its part.
    static var unnamed: Self? { nil }
}
