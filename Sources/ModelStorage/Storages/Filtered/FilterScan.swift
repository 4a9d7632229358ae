/// What a new filter changes: which items pass, and, per section, the runs of rows to delete
/// and insert to go from the rows shown to the new ones. Computed off the main thread from a
/// copy of the models; `Sendable`.
///
/// In each section the deletions come first, bottom to top, each at its place before the scan,
/// then the insertions, top to bottom, each at its final place: an ``ItemSplices``, which a
/// manager takes in one splice, however many runs a keystroke makes (CONTRIBUTING, Hot
/// paths: 15).
@usableFromInline
struct FilterScan: Sendable {
    /// Which items pass the new filter, section by section.
    let indexes: [FilterIndex]
    /// The runs of each section.
    let runs: [SectionRuns]

    /// One section's runs of rows.
    struct SectionRuns: Sendable, Equatable {
        /// The rows that stop showing, bottom to top, at their places before the scan.
        var deletions: [Range<Int>] = []
        /// The rows that start showing, top to bottom, at their places after it.
        var insertions: [Range<Int>] = []

        var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty }
    }

    /// Whether each model of a section passes a filter (nil: every model of the type passes);
    /// nil when the cancellation was raised meanwhile. Made where the model type is known (see
    /// ``passes(of:filter:cancellation:)``).
    @usableFromInline typealias Passes<Model> = @Sendable ([Model?], (@Sendable (Model) -> Bool)?, ScanCancellation?) -> [Bool]?

    /// The scan of `models`, shown under `before`, with `filter` (nil: every model of the type
    /// passes) read by `passes`; nil when `cancellation` was raised before it ended.
    init?<Model: Sendable>(
        of models: [[Model?]], shownUnder before: [FilterIndex], filter: (@Sendable (Model) -> Bool)?, passes: Passes<Model>,
        cancellation: ScanCancellation? = nil
    ) {
        var indexes: [FilterIndex] = []
        var runs: [SectionRuns] = []
        for (section, sectionModels) in models.enumerated() {
            guard let passes = passes(sectionModels, filter, cancellation) else { return nil }
            runs.append(Self.runs(from: before[section].allPasses, to: passes))
            indexes.append(FilterIndex(passes))
        }
        self.indexes = indexes
        self.runs = runs
    }

    /// Whether each of `models` passes `filter`; nil when `cancellation` was raised meanwhile.
    ///
    /// Inlinable, and called from a closure the storage's public initializers make, where the
    /// model type is known: specialized, a million models take milliseconds; compiled once for
    /// every type, each copy and each call of the filter looks the type up at run time
    /// (CONTRIBUTING, Hot paths: 7).
    @inlinable
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
    private static func runs(from old: [Bool], to new: [Bool]) -> SectionRuns {
        var oldRow = 0, newRow = 0
        var runs = SectionRuns()
        for (was, passes) in zip(old, new) {
            switch (was, passes) {
            case (true, true):
                oldRow += 1
                newRow += 1
            case (true, false):
                if let last = runs.deletions.last, last.upperBound == oldRow {
                    runs.deletions[runs.deletions.count - 1] = last.lowerBound..<oldRow + 1
                } else {
                    runs.deletions.append(oldRow..<oldRow + 1)
                }
                oldRow += 1
            case (false, true):
                if let last = runs.insertions.last, last.upperBound == newRow {
                    runs.insertions[runs.insertions.count - 1] = last.lowerBound..<newRow + 1
                } else {
                    runs.insertions.append(newRow..<newRow + 1)
                }
                newRow += 1
            case (false, false):
                continue
            }
        }
        runs.deletions.reverse()
        return runs
    }
}
