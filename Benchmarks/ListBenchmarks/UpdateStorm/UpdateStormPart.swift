/// The storm's two scenarios, as the C peers name them: rows that stay where they are, and rows
/// sorted by a column every update changes, so they move.
enum UpdateStormPart: String, BenchmarkPart, CaseIterable {
    case unsorted
    case sorted

    static var unnamed: Self? { nil }
}
