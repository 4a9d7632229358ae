/// What a big-filter process measures: one part at one row count.
enum BigFilterPart: String, CaseIterable, BenchmarkPart {
    /// The query typed and erased a digit at a time over a filtered list, each keystroke timed
    /// to the frame showing its rows.
    case filter
    /// `row <N-1>` typed a character at a time into the list's type-ahead search, then a key that
    /// matches nothing, each key timed until the cursor is on the row found and drawn.
    case typeAhead = "type-ahead"
    /// The filter part's keystrokes over a `LazyDatabaseStorage`, each narrowing its request
    /// through an FTS5 index (ours alone).
    case fullTextSearch = "fts"

    static var unnamed: Self? { nil }
}

/// One side's figures for one part of the big-filter benchmark at one size.
typealias BigFilterResult = PartResult<BigFilterPart>
