import ModelStorage
import Synchronization
import Testing

/// A row of the sources below: its place in the order is its id.
struct NumberedRow: Identifiable, Hashable, Sendable {
    let id: Int
}

/// A page source over the rows 0..<count in order, as a server's table would answer: pages by
/// key, landmarks every count/n rows, an estimate that may be off. Reads can be made to fail.
final class ArrayPageSource: PageSource {
    let total: Int
    let estimate: Int
    private let failures = Mutex(0)
    private let reads = Mutex(0)

    init(count: Int, estimate: Int? = nil) {
        total = count
        self.estimate = estimate ?? count
    }

    /// The next `count` reads throw.
    func failNext(_ count: Int) { failures.withLock { $0 = count } }

    /// How many page reads the source answered.
    var pageReads: Int { reads.withLock { $0 } }

    struct Refused: Error {}

    private func mayFail() throws {
        try failures.withLock { remaining in
            if remaining > 0 {
                remaining -= 1
                throw Refused()
            }
        }
    }

    func rows(beyond key: Int?, direction: PageDirection, limit: Int) async throws -> [KeyedRow<NumberedRow, Int>] {
        try mayFail()
        reads.withLock { $0 += 1 }
        switch direction {
        case .forward:
            let first = key.map { $0 + 1 } ?? 0
            return (first..<min(total, first + limit)).map { KeyedRow(NumberedRow(id: $0), key: $0) }
        case .backward:
            let last = key.map { $0 - 1 } ?? total - 1
            return stride(from: last, to: max(-1, last - limit), by: -1).map { KeyedRow(NumberedRow(id: $0), key: $0) }
        }
    }

    func landmarks(count: Int) async throws -> [Int] {
        try mayFail()
        guard total > 0 else { return [] }
        let step = max(1, total / count)
        return Array(stride(from: 0, to: total, by: step))
    }

    func estimatedCount() async throws -> Int {
        try mayFail()
        return estimate
    }

    func exactCount() async throws -> Int {
        try mayFail()
        return total
    }
}

/// What a list showing a paged storage holds: the model it was handed for each position it
/// showed (bound, as a list binds a row: ``bind(_:of:)``), kept by applying every change set
/// after that. Positions it never showed hold what it was told at the start or by a change.
@MainActor
final class PositionsReplica: StorageObserver {
    private(set) var models: [Any] = []
    /// The positions bound, moved by the insertions and deletions before them.
    private(set) var bound: Set<Int> = []
    private(set) var reloads = 0
    private(set) var changeSets = 0

    init(of storage: PagedStorage<ArrayPageSource>) {
        reload(from: storage)
        storage.addObserver(self)
    }

    func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        changeSets += 1
        for change in changes {
            switch change {
            case .insertItem(let indexPath, let model):
                models.insert(model, at: indexPath.item)
                bound = Set(bound.map { $0 >= indexPath.item ? $0 + 1 : $0 })
            case .deleteItem(let indexPath):
                models.remove(at: indexPath.item)
                bound = Set(bound.compactMap { $0 == indexPath.item ? nil : $0 > indexPath.item ? $0 - 1 : $0 })
            case .updateItem(let indexPath, let model): models[indexPath.item] = model
            case .moveItem(let from, let to): models.insert(models.remove(at: from.item), at: to.item)
            default: Issue.record("a paged storage changed its sections: \(change)")
            }
        }
    }

    func storageNeedsReload(_ storage: any Storage) {
        reloads += 1
        reload(from: storage as! PagedStorage<ArrayPageSource>)
    }

    private func reload(from storage: PagedStorage<ArrayPageSource>) {
        models = (0..<storage.count).map { storage.peek(at: $0)! }
    }

    /// Shows `positions`: takes the storage's models for them, as binding rows does.
    func bind(_ positions: Range<Int>, of storage: PagedStorage<ArrayPageSource>) {
        bound = Set(positions)
        for position in positions { models[position] = storage.item(at: IndexPath(item: position, section: 0))! }
    }

    /// The ids of `positions`, nil for a stand-in.
    func ids(_ positions: some Sequence<Int>) -> [Int?] {
        positions.map { (models[$0] as? NumberedRow)?.id }
    }
}
