import ModelStorage
import Synchronization
import Testing

/// A row of the sources below: its place in the order is its id; `version` counts its updates.
struct NumberedRow: Identifiable, Hashable, Sendable {
    let id: Int
    var version = 0
}

/// A page source over rows in the order of their ids (0..<count to begin with), as a server's
/// table would answer: pages by key, landmarks every count/n rows, an estimate that may be off.
/// Rows can be inserted, updated and deleted as another client would, and reads made to fail.
final class ArrayPageSource: PageSource {
    let estimate: Int
    private let table: Mutex<[NumberedRow]>
    private let failures = Mutex(0)
    private let reads = Mutex(0)
    private let answered = Mutex<[String]>([])

    init(count: Int, estimate: Int? = nil) {
        table = Mutex((0..<count).map { NumberedRow(id: $0) })
        self.estimate = estimate ?? count
    }

    /// The rows now, in order.
    var rows: [NumberedRow] { table.withLock { $0 } }

    /// The next `count` reads throw.
    func failNext(_ count: Int) { failures.withLock { $0 = count } }

    /// How many page reads the source answered.
    var pageReads: Int { reads.withLock { $0 } }

    /// What the source answered, in order: `estimate`, `rows`, `landmarks`, `count`.
    var answers: [String] { answered.withLock { $0 } }

    /// Inserts a row with `id` where its id puts it.
    func insert(_ id: Int) -> PageSourceChange {
        table.withLock { rows in rows.insert(NumberedRow(id: id), at: Self.firstIndex(in: rows, from: id)) }
        return PageSourceChange(inserted: 1)
    }

    /// Deletes the row with `id`.
    func delete(_ id: Int) -> PageSourceChange {
        table.withLock { rows in rows.removeAll { $0.id == id } }
        return PageSourceChange(deleted: 1)
    }

    /// Counts an update of the row with `id`.
    func update(_ id: Int) -> PageSourceChange {
        table.withLock { rows in
            if let index = rows.firstIndex(where: { $0.id == id }) { rows[index].version += 1 }
        }
        return PageSourceChange(updated: 1)
    }

    struct Refused: Error {}

    private func mayFail() throws {
        try failures.withLock { remaining in
            if remaining > 0 {
                remaining -= 1
                throw Refused()
            }
        }
    }

    /// The index of the first row whose id is `id` or more.
    private static func firstIndex(in rows: [NumberedRow], from id: Int) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func rows(beyond key: Int?, direction: PageDirection, limit: Int) async throws -> [KeyedRow<NumberedRow, Int>] {
        try mayFail()
        reads.withLock { $0 += 1 }
        answered.withLock { $0.append("rows") }
        return table.withLock { rows in
            switch direction {
            case .forward:
                let first = key.map { Self.firstIndex(in: rows, from: $0 + 1) } ?? 0
                return rows[first..<min(rows.count, first + limit)].map { KeyedRow($0, key: $0.id) }
            case .backward:
                let end = key.map { Self.firstIndex(in: rows, from: $0) } ?? rows.count
                return rows[max(0, end - limit)..<end].reversed().map { KeyedRow($0, key: $0.id) }
            }
        }
    }

    func rows(startingAt key: Int, limit: Int) async throws -> [KeyedRow<NumberedRow, Int>] {
        try await rows(beyond: key - 1, direction: .forward, limit: limit)
    }

    func rowID(of key: Int) -> Int { key }

    func landmarks(count: Int) async throws -> [Int] {
        try mayFail()
        answered.withLock { $0.append("landmarks") }
        return table.withLock { rows in
            guard !rows.isEmpty else { return [] }
            let step = max(1, rows.count / count)
            return stride(from: 0, to: rows.count, by: step).map { rows[$0].id }
        }
    }

    func estimatedCount() async throws -> Int {
        try mayFail()
        answered.withLock { $0.append("estimate") }
        return estimate
    }

    func exactCount() async throws -> Int {
        try mayFail()
        answered.withLock { $0.append("count") }
        return table.withLock { $0.count }
    }
}

extension PagedStorage<ArrayPageSource> {
    /// Lets reads finish: until the storage stays idle for a few turns.
    func settle() async throws {
        var idleTurns = 0
        // A deadline, not a measure: under a sanitizer beside the other suites a jump took 35-48 s.
        let clock = ContinuousClock(), deadline = clock.now + .seconds(120)
        while idleTurns < 5, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
            idleTurns = isLoading ? 0 : idleTurns + 1
        }
    }

    /// Asks for the rows of `positions`, as a list showing them does, lets the reads finish and
    /// returns the ids shown there then (nil for a stand-in).
    func show(_ positions: Range<Int>) async throws -> [Int?] {
        for position in positions { _ = item(at: IndexPath(item: position, section: 0)) }
        try await settle()
        return positions.map { (item(at: IndexPath(item: $0, section: 0)) as? NumberedRow)?.id }
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

    /// Shows `positions` as a list does while their rows come: binds them, lets the reads
    /// finish, and binds again what became a stand-in there (positions found before them) until
    /// every one shows a row, a few rounds at most.
    func show(_ positions: Range<Int>, of storage: PagedStorage<ArrayPageSource>) async throws {
        for _ in 0..<4 {
            bind(positions.clamped(to: 0..<storage.count), of: storage)
            try await storage.settle()
            if rows(positions.clamped(to: 0..<models.count)).allSatisfy({ $0 != nil }) { return }
        }
    }

    /// The rows of `positions`, nil for a stand-in.
    func rows(_ positions: some Sequence<Int>) -> [NumberedRow?] {
        positions.map { models[$0] as? NumberedRow }
    }

    /// The ids of `positions`, nil for a stand-in.
    func ids(_ positions: some Sequence<Int>) -> [Int?] {
        positions.map { (models[$0] as? NumberedRow)?.id }
    }
}
