/// `--synthetic N`: N generated rows in sections of a thousand. An item is its number, so a
/// million of them cost what a million integers cost; the row makes its text when it is bound.
struct SyntheticSource: BigListSource {
    static let sectionSize = 1_000
    let count: Int
    var origin: String { "\(count.formatted()) generated rows" }

    func sections(matching search: String) -> [(title: String, items: [Any])] {
        let numbers = search.isEmpty ? Array(0..<count) : (0..<count).filter { SyntheticRow.title(of: $0).contains(search) }
        var sections: [(title: String, items: [Any])] = []
        var start = 0
        while start < numbers.count {
            let chunk = numbers[start..<min(start + Self.sectionSize, numbers.count)]
            sections.append(("Rows \(chunk.first!.formatted())–\(chunk.last!.formatted())", Array(chunk)))
            start += Self.sectionSize
        }
        return sections
    }
}
