import ModelStorage

// Fit-content columns: the width their content needs, measured from the storage (a column's
// own `measure` over every model, or real cells over a sample spread across the list).
extension ListTable {
    /// The list reloads: fit-content columns are measured again from the storage.
    func listWillReload() {
        measureFittedWidths()
        relayout()
    }

    /// The width that fits `column`'s content: its `measure` over every model, or its cells over
    /// a sample spread across the whole list; never narrower than its header.
    func fittedWidth(of column: TableColumn) -> Int {
        let storage = manager.storage
        let counts = (0..<storage.numberOfSections).map { storage.numberOfItems(inSection: $0) }
        var widest = header.naturalWidth(of: column)
        if let measure = column.measure {
            for (section, count) in counts.enumerated() {
                for item in 0..<count {
                    if let model = storage.item(at: IndexPath(item: item, section: section)) { widest = max(widest, measure(model)) }
                }
            }
            return widest
        }
        for indexPath in Self.evenlySpread(Self.measuredSampleSize, over: counts) {
            guard let model = storage.item(at: indexPath).flatMap(manager.unwrappedModel) else { continue }
            widest = max(widest, naturalCellWidth(column: column.id, showing: model, at: indexPath))
        }
        return widest
    }

    /// Measures every fit-content column from the storage.
    func measureFittedWidths() {
        for column in columns where column.width == .fitContent { fittedWidths[column.id] = fittedWidth(of: column) }
    }

    /// How many models a fit-content column without a `measure` samples.
    static let measuredSampleSize = 200

    /// At most `size` index paths spread evenly over sections of `counts` items, the first and
    /// the last item included.
    static func evenlySpread(_ size: Int, over counts: [Int]) -> [IndexPath] {
        let total = counts.reduce(0, +)
        guard total > 0, size > 0 else { return [] }
        let taken = min(size, total)
        var result: [IndexPath] = []
        result.reserveCapacity(taken)
        var section = 0
        var sectionStart = 0
        for k in 0..<taken {
            let flat = taken == 1 ? 0 : k * (total - 1) / (taken - 1)
            while flat >= sectionStart + counts[section] {
                sectionStart += counts[section]
                section += 1
            }
            result.append(IndexPath(item: flat - sectionStart, section: section))
        }
        return result
    }
}
