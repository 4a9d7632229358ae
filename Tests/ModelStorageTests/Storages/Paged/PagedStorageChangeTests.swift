import ModelStorage
import Testing

/// A paged storage follows changes others make to its source: rows inserted, deleted or updated
/// among those it keeps show as those changes where the list shows them; elsewhere only the
/// count moves; a burst costs a read or two; a change that cannot be told reads everything again.
@MainActor
@Suite struct PagedStorageChangeTests {
    /// A storage of 10,000 rows, 32 a page, showing 0..<20 in `replica`.
    func opened() async throws -> (ArrayPageSource, PagedStorage<ArrayPageSource>, PositionsReplica) {
        let source = ArrayPageSource(count: 10_000)
        let storage = PagedStorage(source: source, pageSize: 32)
        let replica = PositionsReplica(of: storage)
        try await storage.settle()
        replica.bind(0..<20, of: storage)
        try await storage.settle()
        return (source, storage, replica)
    }

    @Test func rowsChangedInViewShowAsThoseChanges() async throws {
        let (source, storage, replica) = try await opened()
        storage.sourceDidChange(source.delete(3).merged(with: source.insert(-1)).merged(with: source.update(10)))
        try await storage.settle()
        #expect(replica.reloads == 0)
        #expect(replica.ids(0..<6) == [-1, 0, 1, 2, 4, 5])
        #expect(replica.rows([10]) == [NumberedRow(id: 10, version: 1)])
        #expect(storage.count == 10_000)
        #expect(replica.models.count == 10_000)
    }

    @Test func aChangeBeyondTheRowsReadMovesOnlyTheCount() async throws {
        let (source, storage, replica) = try await opened()
        let readsBefore = source.pageReads
        storage.sourceDidChange(source.delete(9000).merged(with: source.delete(9001)))
        try await storage.settle()
        #expect(storage.count == 9998)
        #expect(replica.models.count == 9998)
        #expect(replica.ids(0..<20) == Array(0..<20))
        // The rows kept are read again once.
        #expect(source.pageReads == readsBefore + 1)
    }

    @Test func aBurstOfChangesCostsAReadOrTwo() async throws {
        let (source, storage, replica) = try await opened()
        let readsBefore = source.pageReads
        for id in stride(from: 0, to: 200, by: 2) { storage.sourceDidChange(source.update(id)) }
        try await storage.settle()
        #expect(source.pageReads - readsBefore <= 2)
        #expect(replica.rows(0..<20) == (0..<20).map { NumberedRow(id: $0, version: $0 % 2 == 0 ? 1 : 0) })
    }

    @Test func aChangeThatCannotBeToldReadsTheCountAgain() async throws {
        let (source, storage, replica) = try await opened()
        for id in 5..<15 { _ = source.delete(id) }
        storage.sourceDidChange(.unknown)
        try await storage.settle()
        #expect(storage.count == 9990)
        #expect(replica.ids(0..<10) == [0, 1, 2, 3, 4, 15, 16, 17, 18, 19])
    }

    @Test func aCountMovedTwiceByOneChangeIsReadAgainOnceChangesStop() async throws {
        let (source, storage, _) = try await opened()
        // A change the count read already includes, told again late (its notification came
        // after the count was read): the count moves by it twice…
        let late = source.delete(500)
        storage.sourceDidChange(.unknown)
        try await storage.settle()
        #expect(storage.count == 9999)
        storage.sourceDidChange(late)
        try await storage.settle()
        #expect(storage.count == 9998)
        // …until the changes stop for a moment, when the count is read again.
        let clock = ContinuousClock(), deadline = clock.now + .seconds(5)
        while storage.count != 9999, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(storage.count == 9999)
    }

    @Test func theListEqualsTheSourceAfterRandomChangesWhileScrolling() async throws {
        let source = ArrayPageSource(count: 3000)
        let storage = PagedStorage(source: source, pageSize: 32, capacity: 256)
        let replica = PositionsReplica(of: storage)
        try await storage.settle()
        var random = SystemRandomNumberGenerator()
        var top = 0
        for step in 0..<40 {
            // Another client inserts, deletes and updates rows here and there…
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let ids = source.rows.map(\.id)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let unused = Set(-200..<4000).subtracting(ids)
                    storage.sourceDidChange(source.insert(unused.randomElement(using: &random)!))
                case 1: storage.sourceDidChange(source.delete(ids.randomElement(using: &random)!))
                default: storage.sourceDidChange(source.update(ids.randomElement(using: &random)!))
                }
            }
            // …while the list scrolls near the top, beyond what the storage keeps and back.
            top = min(max(0, top + Int.random(in: -60...80, using: &random)), 600)
            try await replica.show(top..<(top + 20), of: storage)
            #expect(storage.count == source.rows.count)
            #expect(replica.models.count == storage.count)
            // The rows shown are the source's rows as they are now, one after the other (their
            // positions exact from the top, approximate after rows the storage let go of
            // changed).
            let shown = replica.rows(top..<(top + 20)).compactMap { $0 }
            #expect(shown.count == 20)
            let first = source.rows.firstIndex { $0.id == shown.first?.id } ?? -1
            #expect(first >= 0 && Array(source.rows[first..<(first + shown.count)]) == shown, "step \(step), at \(top)")
        }
        try await replica.show(0..<20, of: storage)
        #expect(replica.rows(0..<20) == Array(source.rows[0..<20]))
    }
}
