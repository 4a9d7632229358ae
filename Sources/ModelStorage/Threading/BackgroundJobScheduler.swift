import Dispatch

/// A storage's background work, one job at a time: each job runs on a serial queue, and its
/// result comes back to the main actor (through a ``MainActorHandOff``) with whether the state
/// it started from is still the storage's. A result that is not is stale: its script would
/// apply to rows that moved, so the storage runs the job again instead of applying it.
///
/// The storage keeps what waits for the next job (``SortedStorage`` its changes in call order,
/// the database storages only the newest result), starts a job when none runs, and tells the
/// scheduler each time the state jobs start from changes on the main actor.
@MainActor
package final class BackgroundJobScheduler {
    private let queue: DispatchQueue
    private let handOff: any MainActorHandOff
    /// Counts changes of the state jobs start from.
    private var version: UInt64 = 0
    /// True while a job runs (or its result is on its way back).
    package private(set) var isRunning = false
    /// How many results came back stale.
    package private(set) var staleResultCount = 0

    package init(queue: DispatchQueue, handOff: any MainActorHandOff) {
        self.queue = queue
        self.handOff = handOff
    }

    /// The state jobs start from changed: a job running now comes back stale.
    package func stateDidChange() {
        version &+= 1
    }

    /// Runs `work` on the queue, then `finish` on the main actor with its result and whether
    /// the state is still the one it started from. Call it only while no job runs.
    package func run<Output: Sendable>(
        _ work: @escaping @Sendable () -> Output, finish: @escaping @Sendable @MainActor (Output, _ isCurrent: Bool) -> Void
    ) {
        precondition(!isRunning, "BackgroundJobScheduler: a job is already running")
        isRunning = true
        let started = version
        let handOff = handOff
        queue.async {
            let output = work()
            handOff.handOff { [weak self] in
                guard let self else { return }
                isRunning = false
                let isCurrent = started == version
                if !isCurrent { staleResultCount += 1 }
                finish(output, isCurrent)
            }
        }
    }
}
