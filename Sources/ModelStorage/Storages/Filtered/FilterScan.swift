/// What a new filter changes: which items pass, and the runs of rows to delete and insert to go
/// from the rows shown to the new ones. Computed off the main thread from a copy of the models;
/// `Sendable`.
///
/// In each section the deletions come first, bottom to top, each at its place before the scan,
/// then the insertions, top to bottom, each at its final place: a manager takes each kind in
/// one splice, however many runs a keystroke makes (CONTRIBUTING, Hot paths: 11).
struct FilterScan: Sendable {
    /// Which items pass the new filter, section by section.
    let indexes: [FilterIndex]
    /// The runs, in the order a host applies them.
    let edits: [Edit]

    enum Edit: Sendable, Equatable {
        /// The rows at `rows` of `section` stop showing.
        case deletion(section: Int, rows: Range<Int>)
        /// `count` rows start showing at `row` of `section`.
        case insertion(section: Int, row: Int, count: Int)
    }

    /// The scan of `models`, shown under `before`, with `filter` (nil: every model of the type
    /// passes); nil when `cancellation` was raised before it ended.
    init?<Model: Sendable>(
        of models: [[Model?]], shownUnder before: [FilterIndex], filter: (@Sendable (Model) -> Bool)?,
        cancellation: ScanCancellation? = nil
    ) {
        var indexes: [FilterIndex] = []
        var edits: [Edit] = []
        for (section, sectionModels) in models.enumerated() {
            guard let passes = Self.passes(of: sectionModels, filter: filter, cancellation: cancellation) else { return nil }
            Self.appendEdits(from: before[section].allPasses, to: passes, section: section, into: &edits)
            indexes.append(FilterIndex(passes))
        }
        self.indexes = indexes
        self.edits = edits
    }

    /// Whether each of `models` passes `filter`; nil when `cancellation` was raised meanwhile.
    ///
    /// An index loop over the buffer: the storage is generic and compiled once for every model
    /// type, so each step of a sequence's iterator would look its types up at run time.
    static func passes<Model>(
        of models: [Model?], filter: ((Model) -> Bool)?, cancellation: ScanCancellation? = nil
    ) -> [Bool]? {
        var passes = [Bool](repeating: false, count: models.count)
        let stopped: Bool = models.withUnsafeBufferPointer { buffer in
            for offset in 0..<buffer.count {
                // A raised flag is read every few thousand models: a superseded scan stops soon.
                if offset & 4095 == 4095, cancellation?.isRaised == true { return true }
                if let model = buffer[offset] { passes[offset] = filter?(model) ?? true }
            }
            return false
        }
        return stopped ? nil : passes
    }

    /// The runs that turn the rows shown under `old` into those shown under `new`.
    private static func appendEdits(from old: [Bool], to new: [Bool], section: Int, into edits: inout [Edit]) {
        var oldRow = 0, newRow = 0
        var deletions: [Range<Int>] = [], insertions: [(row: Int, count: Int)] = []
        for (was, passes) in zip(old, new) {
            switch (was, passes) {
            case (true, true):
                oldRow += 1
                newRow += 1
            case (true, false):
                if let last = deletions.last, last.upperBound == oldRow {
                    deletions[deletions.count - 1] = last.lowerBound..<oldRow + 1
                } else {
                    deletions.append(oldRow..<oldRow + 1)
                }
                oldRow += 1
            case (false, true):
                if let last = insertions.last, last.row + last.count == newRow {
                    insertions[insertions.count - 1].count += 1
                } else {
                    insertions.append((newRow, 1))
                }
                newRow += 1
            case (false, false):
                continue
            }
        }
        edits += deletions.reversed().map { .deletion(section: section, rows: $0) }
        edits += insertions.map { .insertion(section: section, row: $0.row, count: $0.count) }
    }
}
