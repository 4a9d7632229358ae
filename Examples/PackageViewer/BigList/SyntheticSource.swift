/// `--synthetic N`: N generated rows in sections of a thousand. An item is its number, so a
/// million of them cost what a million integers cost; the row makes its text when it is bound.
struct SyntheticSource: BigListSource {
    static let sectionSize = 1_000
    let count: Int
    var origin: String { "\(count.formatted()) generated rows" }

    /// Sections of a thousand numbers, titled with their range.
    var sections: [(title: String, items: [Int])] {
        stride(from: 0, to: count, by: Self.sectionSize).map { start in
            let end = min(start + Self.sectionSize, count)
            return ("Rows \(start.formatted())–\((end - 1).formatted())", Array(start..<end))
        }
    }

    nonisolated static var matches: @Sendable (Int, String) -> Bool {
        { number, search in SyntheticRow.title(of: number).contains(search) }
    }
}
