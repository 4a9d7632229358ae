import Synchronization

/// What a new filter changes: which items pass, and the runs of rows to delete and insert to go
/// from the rows shown to the new ones, in order. Computed off the main thread from a copy of
/// the models; `Sendable`.
struct FilterScan: Sendable {
    /// Which items pass the new filter, section by section.
    let indexes: [FilterIndex]
    /// The runs, in the order a host applies them, each read against the state the runs before
    /// it leave (so their places are also the final ones for the rows before them).
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
            var passes = [Bool]()
            passes.reserveCapacity(sectionModels.count)
            for (offset, model) in sectionModels.enumerated() {
                // A raised flag is read every few thousand models: a superseded scan stops soon.
                if offset & 4095 == 4095, cancellation?.isRaised == true { return nil }
                passes.append(model.map { filter?($0) ?? true } ?? false)
            }
            Self.appendEdits(from: before[section].allPasses, to: passes, section: section, into: &edits)
            indexes.append(FilterIndex(passes))
        }
        self.indexes = indexes
        self.edits = edits
    }

    /// The runs that turn the rows shown under `old` into those shown under `new`.
    private static func appendEdits(from old: [Bool], to new: [Bool], section: Int, into edits: inout [Edit]) {
        var row = 0
        var open: Edit?
        func close() {
            if let run = open { edits.append(run) }
            open = nil
        }
        for (was, passes) in zip(old, new) {
            switch (was, passes) {
            case (true, true):
                close()
                row += 1
            case (true, false):
                if case let .deletion(_, rows)? = open {
                    open = .deletion(section: section, rows: rows.lowerBound..<rows.upperBound + 1)
                } else {
                    close()
                    open = .deletion(section: section, rows: row..<row + 1)
                }
            case (false, true):
                if case let .insertion(_, start, count)? = open {
                    open = .insertion(section: section, row: start, count: count + 1)
                } else {
                    close()
                    open = .insertion(section: section, row: row, count: 1)
                }
                row += 1
            case (false, false):
                continue
            }
        }
        close()
    }
}

/// Raised on the main actor when a scan's result can no longer apply (a newer filter), read by
/// the scan on its queue.
final class ScanCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    var isRaised: Bool { flag.load(ordering: .relaxed) }

    func raise() {
        flag.store(true, ordering: .relaxed)
    }
}
