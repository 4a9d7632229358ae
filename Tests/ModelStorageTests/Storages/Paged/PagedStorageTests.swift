import ModelStorage
import Testing

/// A paged storage shows a source too big to read whole: the estimate at once, then the exact
/// count; the rows asked for read a page at a time, in order from wherever reading started;
/// a jump reads around its fraction of the rows; its observers always hold what it holds for
/// the rows they were handed; a failed read is shown and tried again.
@MainActor
@Suite struct PagedStorageTests {
    @Test func opensWithTheEstimateThenTheExactCount() async throws {
        let storage = PagedStorage(source: ArrayPageSource(count: 1000, estimate: 900), pageSize: 50)
        var counts: [Int] = []
        storage.statusDidChange = { [weak storage] in if let storage, counts.last != storage.count { counts.append(storage.count) } }
        try await storage.settle()
        #expect(counts.first == 900)
        #expect(storage.count == 1000)
        #expect(storage.isCountExact)
        #expect(storage.item(at: IndexPath(item: 3, section: 0)) is PendingRow)
        #expect(storage.item(at: IndexPath(item: 1000, section: 0)) == nil)
    }

    @Test func theExactCountWaitsForTheFirstPageTheEstimateMadeRoomFor() async throws {
        let source = ArrayPageSource(count: 10_000, estimate: 9_000)
        let storage = PagedStorage(source: source, pageSize: 50)
        // Longer than any pause of a loaded machine: the count waits for the page alone.
        storage.countWaitLimit = .seconds(600)
        while storage.count == 0 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(!storage.isCountExact)
        #expect(try await storage.show(0..<40) == Array(0..<40))
        // A count of every row beside the first page's read would slow it: it comes after.
        #expect(source.answers == ["estimate", "rows", "count"])
        #expect(storage.count == 10_000 && storage.isCountExact)
    }

    @Test func theExactCountComesWhenNoRowIsAskedFor() async throws {
        let source = ArrayPageSource(count: 10_000, estimate: 9_000)
        let storage = PagedStorage(source: source, pageSize: 50)
        storage.countWaitLimit = .milliseconds(50)
        try await storage.settle()
        #expect(source.answers == ["estimate", "count"])
        #expect(storage.count == 10_000 && storage.isCountExact)
    }

    @Test func rowsReadFromTheTopAreTheSourcesInOrderKeptWithinCapacity() async throws {
        let source = ArrayPageSource(count: 5000)
        let storage = PagedStorage(source: source, pageSize: 50, capacity: 400)
        try await storage.settle()
        #expect(try await storage.show(0..<40) == (0..<40).map { $0 })
        // Scrolling down a viewport at a time reads the next pages by key.
        for top in stride(from: 40, to: 3000, by: 40) {
            #expect(try await storage.show(top..<(top + 40)) == (top..<(top + 40)).map { $0 }, "at \(top)")
            #expect(storage.readPositions.count <= 400)
        }
        // Back up far: a jump, read from the sampled key nearest that fraction, so the rows
        // there follow each other but may sit a few positions off…
        let jumped = try await storage.show(100..<140).compactMap { $0 }
        try #require(jumped.count == 40)
        #expect(jumped == Array(jumped[0]..<(jumped[0] + 40)) && abs(jumped[0] - 100) <= 8)
        // …until the first row is read, which is at the first position.
        #expect(try await storage.show(0..<40) == (0..<40).map { $0 })
        #expect(storage.isCountExact && storage.count == 5000)
    }

    @Test func aJumpReadsTheRowsAboutThatFarIntoTheOrderAndTheEdgesAreExact() async throws {
        let storage = PagedStorage(source: ArrayPageSource(count: 100_000), pageSize: 64)
        try await storage.settle()
        let shown = try await storage.show(73_000..<73_040).compactMap { $0 }
        try #require(shown.count == 40)
        // Consecutive rows of the source, from about 73 % into it (a landmark every ~98 rows).
        #expect(shown == Array(shown[0]..<(shown[0] + 40)))
        #expect(abs(shown[0] - 73_000) < 200)
        // The last position shows the last row; the first the first.
        #expect(try await storage.show(99_960..<100_000) == (99_960..<100_000).map { $0 })
        #expect(try await storage.show(0..<10) == (0..<10).map { $0 })
    }

    @Test func anObserverHoldsWhatTheStorageHoldsForTheRowsItWasHanded() async throws {
        // An estimate 20 % short and one 20 % long: rows found beyond them add or remove positions.
        for estimate in [4000, 6000] {
            let storage = PagedStorage(source: ArrayPageSource(count: 5000, estimate: estimate), pageSize: 32, capacity: 128)
            let replica = PositionsReplica(of: storage)
            try await storage.settle()
            var random = SystemRandomNumberGenerator()
            var top = 0
            for step in 0..<60 {
                // Mostly scrolling a little, sometimes a jump.
                top =
                    step % 7 == 6
                    ? Int.random(in: 0..<storage.count, using: &random) : max(0, top + Int.random(in: -30...30, using: &random))
                top = min(top, max(0, storage.count - 20))
                let viewport = top..<min(storage.count, top + 20)
                // The list binds the rows in view, then follows the storage's changes alone.
                replica.bind(viewport, of: storage)
                try await storage.settle()
                #expect(replica.models.count == storage.count)
                // The rows bound, wherever positions found or dropped before them moved them.
                let bound = replica.bound.sorted()
                let shown = bound.map { (storage.peek(at: $0) as? NumberedRow)?.id }
                #expect(replica.ids(bound) == shown, "estimate \(estimate), step \(step), viewport \(viewport)")
                #expect(shown.allSatisfy { $0 != nil }, "every row in view read")
                // Read rows follow each other as in the source.
                let ids = shown.compactMap { $0 }
                #expect(ids == Array((ids.first ?? 0)..<((ids.first ?? 0) + ids.count)))
            }
            #expect(storage.readPositions.count <= 128)
            // Back at the top (a position found before the first row read shows and is read
            // too, as a list binds it), the first row is at the first position.
            try await replica.show(0..<20, of: storage)
            #expect(replica.ids(0..<20) == (0..<20).map { $0 })
        }
    }

    @Test func aJumpTurnsTheRowsItLeavesBackIntoStandIns() async throws {
        let storage = PagedStorage(source: ArrayPageSource(count: 20_000), pageSize: 32, capacity: 4096)
        let replica = PositionsReplica(of: storage)
        try await storage.settle()
        replica.bind(100..<120, of: storage)
        try await storage.settle()
        #expect(replica.ids(100..<120).allSatisfy { $0 != nil })
        // A jump within the capacity's reach: the rows at 100..<120 are no longer read, and the
        // list, still showing them, is told.
        for position in 3000..<3020 { _ = storage.item(at: IndexPath(item: position, section: 0)) }
        try await storage.settle()
        #expect(!storage.readPositions.contains(100))
        #expect(replica.ids(100..<120) == Array(repeating: nil, count: 20))
    }

    @Test func aFailedReadIsShownAndTriedAgain() async throws {
        let source = ArrayPageSource(count: 1000)
        let storage = PagedStorage(source: source, pageSize: 50)
        try await storage.settle()
        source.failNext(1)
        var errors = 0
        storage.statusDidChange = { [weak storage] in if storage?.lastError != nil { errors += 1 } }
        #expect(try await storage.show(0..<10) == Array(repeating: nil, count: 10))
        #expect(storage.lastError is ArrayPageSource.Refused)
        #expect(errors == 1)
        // Asked again, the rows are read, and the error goes.
        #expect(try await storage.show(0..<10) == (0..<10).map { $0 })
        #expect(storage.lastError == nil)
    }

    @Test func aResetShowsTheNewSourceAndDropsReadsOfTheOld() async throws {
        let storage = PagedStorage(source: ArrayPageSource(count: 1000), pageSize: 50)
        let replica = PositionsReplica(of: storage)
        try await storage.settle()
        _ = try await storage.show(0..<10)
        for position in 500..<510 { _ = storage.item(at: IndexPath(item: position, section: 0)) }
        // Reset before those reads come back: they are dropped.
        storage.reset(to: ArrayPageSource(count: 300))
        try await storage.settle()
        #expect(storage.count == 300)
        #expect(replica.reloads == 1)
        #expect(storage.readPositions.isEmpty)
        #expect(try await storage.show(280..<300) == (280..<300).map { $0 })
    }
}
