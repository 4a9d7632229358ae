import Dispatch
import Foundation
import Testing

@testable import ModelStorage

/// The one scheduler of background work both SortedStorage and the database storages use: a job
/// runs off the main thread, its result comes back on the main actor, stale when the state it
/// started from changed meanwhile.
@MainActor
@Suite("BackgroundJobScheduler: one job at a time, results back on the main actor, stale results told apart")
struct BackgroundJobSchedulerTests {
    private func makeScheduler(_ handOff: ParkingHandOff) -> BackgroundJobScheduler {
        BackgroundJobScheduler(queue: DispatchQueue(label: "BackgroundJobSchedulerTests"), handOff: handOff)
    }

    @Test("The job runs off the main thread; its result comes back current while the state did not change")
    func currentResult() async throws {
        let handOff = ParkingHandOff()
        let scheduler = makeScheduler(handOff)
        var finished: [(Bool, Bool)] = []
        scheduler.run({ Thread.isMainThread }) { ranOnMain, isCurrent in finished.append((ranOnMain, isCurrent)) }
        #expect(scheduler.isRunning)
        try #require(await handOff.waitForResult())
        #expect(scheduler.isRunning, "running until the result is back on the main actor")
        handOff.deliverNext()
        #expect(finished.count == 1)
        #expect(finished.first?.0 == false, "the work ran on the queue")
        #expect(finished.first?.1 == true)
        #expect(!scheduler.isRunning)
        #expect(scheduler.staleResultCount == 0)
    }

    @Test("A state change while the job runs makes its result stale, and counts it")
    func staleResult() async throws {
        let handOff = ParkingHandOff()
        let scheduler = makeScheduler(handOff)
        var currents: [Bool] = []
        scheduler.run({ 1 }) { _, isCurrent in currents.append(isCurrent) }
        scheduler.stateDidChange()
        try #require(await handOff.waitForResult())
        handOff.deliverNext()
        #expect(currents == [false])
        #expect(scheduler.staleResultCount == 1)

        scheduler.run({ 2 }) { _, isCurrent in currents.append(isCurrent) }
        try #require(await handOff.waitForResult())
        handOff.deliverNext()
        #expect(currents == [false, true], "a job started after the change is current")
        #expect(scheduler.staleResultCount == 1)
    }

    @Test("A change after the result came back does not make it stale")
    func changeAfterTheResult() async throws {
        let handOff = ParkingHandOff()
        let scheduler = makeScheduler(handOff)
        var currents: [Bool] = []
        scheduler.run({ 1 }) { _, isCurrent in
            currents.append(isCurrent)
            scheduler.stateDidChange()  // the storage installs the result
        }
        try #require(await handOff.waitForResult())
        handOff.deliverNext()
        #expect(currents == [true])
        #expect(scheduler.staleResultCount == 0)
    }
}
