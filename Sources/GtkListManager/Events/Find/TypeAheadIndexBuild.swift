import CGtk
import Foundation

/// A ``TypeAheadIndex`` being built from the storage in slices of the main loop's idle time: a
/// million rows take a few hundred milliseconds to read and fold, and the loop draws and takes
/// keys between the slices. A change to the list while it builds restarts it (its owner does).
@MainActor
final class TypeAheadIndexBuild {
    /// How long a slice may run, in microseconds.
    static let sliceMicroseconds = 4_000

    private let rows: FindableRows
    private var index = TypeAheadIndex()
    /// The next item to read; its section is started in `index` when its item is 0.
    private var next = IndexPath(item: 0, section: 0)
    private var source: guint = 0
    private var isFinished = false
    private let finished: (TypeAheadIndex) -> Void

    /// Starts building the index of `rows`' list; `finished` gets it, unless cancelled first.
    init(rows: FindableRows, finished: @escaping (TypeAheadIndex) -> Void) {
        self.rows = rows
        self.finished = finished
        source = GtkRuntime.repeatWhileIdle { [weak self] in
            guard let self else { return false }
            return !advance(until: g_get_monotonic_time() + Self.sliceMicroseconds)
        }
    }

    isolated deinit {
        cancel()
    }

    /// Builds the rest at once (a short list, or a search that cannot wait).
    func finishNow() {
        _ = advance(until: .max)
    }

    /// Stops building; `finished` is not called.
    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    /// Reads items until `deadline` (monotonic microseconds); true, after handing the index
    /// over, when every item is read.
    private func advance(until deadline: Int) -> Bool {
        guard !isFinished else { return true }
        let storage = rows.manager.storage
        while next.section < storage.numberOfSections {
            if next.item == 0 { index.appendSection() }
            let count = storage.numberOfItems(inSection: next.section)
            while next.item < count {
                index.append(rows.foldedText(at: next))
                next.item += 1
                // The clock is read every few hundred items: a read costs about as much as an item.
                if next.item & 255 == 0, g_get_monotonic_time() >= deadline { return false }
            }
            next = IndexPath(item: 0, section: next.section + 1)
        }
        if source != 0 { g_source_remove(source) }
        source = 0
        isFinished = true
        finished(index)
        return true
    }
}
