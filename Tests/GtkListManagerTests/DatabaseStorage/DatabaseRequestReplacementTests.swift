import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// A hand-off that parks every result a storage sends to the main actor until the test delivers
/// it: the test decides when a fetched result is received, or a finished diff applied, and can
/// replace the request in between.
final class ParkedHandOffs: MainActorHandOff, @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var parked: [@Sendable @MainActor () -> Void] = []

    var parkedCount: Int { lock.withLock { parked.count } }

    func handOff(_ work: @escaping @Sendable @MainActor () -> Void) {
        lock.withLock { parked.append(work) }
    }

    /// Waits (blocking: the work runs on other queues) until a result is parked; false on timeout.
    func waitForParked(timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while parkedCount == 0 {
            if ContinuousClock.now > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// Delivers the oldest parked result on the main actor.
    @MainActor
    func deliverNext() {
        let work = lock.withLock { parked.isEmpty ? nil : parked.removeFirst() }
        work?()
    }

    /// Delivers results until none comes for `quiet`.
    @MainActor
    func drain(quiet: Duration = .milliseconds(300)) {
        while waitForParked(timeout: quiet) { deliverNext() }
    }
}

/// Replacing a database storage's request: a result of a replaced request is dropped wherever it
/// is (fetched and not yet received, or being diffed), never applied.
final class DatabaseRequestReplacementTests: XCTestCase {
    func testAResultOfAReplacedRequestIsNeverAppliedWhereverItWas() throws {
        try SortedBooks.withDatabase { database in
            let handOff = ParkedHandOffs()
            let storage = try DatabaseStorage(
                database.queue, request: BookDatabase.request, sectionedBy: { $0.shelf }, externalChangeInterval: nil, handOff: handOff)
            let log = StorageUpdateLog(observing: storage)
            let outcomes = RequestOutcomes()
            handOff.drain()  // the observation's first value: the records shown
            XCTAssertTrue(log.updates.isEmpty)

            // Fetched, not yet received.
            storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("title"))
            XCTAssertTrue(handOff.waitForParked())
            storage.sort(by: [SortKey("bytes")], using: SortedBooks.orderings, completion: outcomes.completion("bytes"))
            handOff.drain()
            XCTAssertEqual(log.updates.count, 1, "\(log.updates)")
            XCTAssertEqual(storage.records.map(\.id), [5, 3, 1, 2, 4, 7, 8, 6])
            XCTAssertEqual(outcomes.all, ["title superseded", "bytes shown"])

            // Received and being diffed.
            storage.sort(
                by: [SortKey("position", ascending: false)], using: SortedBooks.orderings, completion: outcomes.completion("position"))
            XCTAssertTrue(handOff.waitForParked())
            handOff.deliverNext()  // received: its diff starts
            XCTAssertTrue(handOff.waitForParked())  // the diff is done
            storage.sort(by: [SortKey("title", ascending: false)], using: SortedBooks.orderings, completion: outcomes.completion("title ↓"))
            handOff.drain()
            XCTAssertEqual(log.updates.count, 2, "\(log.updates)")
            XCTAssertEqual(storage.records.map(\.id), [1, 3, 4, 5, 2, 7, 6, 8])
            XCTAssertEqual(outcomes.all.suffix(2), ["position superseded", "title ↓ shown"])
            XCTAssertFalse(storage.hasPendingChanges)

            // Stopped before the result is shown.
            storage.sort(by: [SortKey("title")], using: SortedBooks.orderings, completion: outcomes.completion("late"))
            storage.stopObserving()
            handOff.drain()
            XCTAssertEqual(outcomes.all.last, "late stopped")
            XCTAssertEqual(log.updates.count, 2)
            storage.sort(by: [SortKey("bytes")], using: SortedBooks.orderings, completion: outcomes.completion("after stop"))
            handOff.drain()
            XCTAssertEqual(outcomes.all.last, "after stop stopped")
        }
    }
}
