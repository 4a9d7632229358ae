import Dispatch

/// A storage's requests for a scan off the main thread, of which only the newest counts: a
/// new filter, typed a key at a time.
///
/// - One scan runs at a time, on the storage's queue (``BackgroundJobScheduler``).
/// - A request asked while a scan runs supersedes it: the scan's cancellation is raised, its
///   result dropped, and the newest request waits for the next scan. Typing fast never queues a
///   scan per keystroke.
/// - A result read from a state that changed meanwhile (``stateDidChange()``) is scanned again.
/// - Every request's completion runs, in call order, once it or a newer one is applied.
///
/// ``FilteredStorage`` and ``OutlineStorage`` filter through it; each says how to scan a request
/// (`work`) and how to apply it (`apply`).
@MainActor
final class SupersedingScans<Request, Scan: Sendable> {
    /// How to scan `request`, on the queue, stopping soon once the cancellation is raised; nil
    /// when the request needs no scan (it is applied at once).
    typealias Work = (_ request: Request, _ cancellation: ScanCancellation) -> (@Sendable () -> Scan?)?
    /// Applies `request` with its scan, or, for nil, works its scan out on the main actor.
    typealias Apply = (_ request: Request, _ scan: Scan?) -> Void

    private struct Pending {
        let request: Request
        /// Its place among the requests asked.
        let number: Int
        var completions: [@MainActor () -> Void]
        /// Raised when the scan of it can no longer apply.
        let cancellation = ScanCancellation()
    }

    private let jobs: BackgroundJobScheduler
    private let work: Work
    private let apply: Apply
    /// The newest request not scanned yet, with the completions waiting on it.
    private var requested: Pending?
    /// The request being scanned.
    private var scanning: Pending?
    /// How many requests were asked: the newest one's number.
    private var askedCount = 0

    /// Scans on a serial queue named `label`, handing results back through `handOff`.
    init(label: String, handOff: any MainActorHandOff, work: @escaping Work, apply: @escaping Apply) {
        jobs = BackgroundJobScheduler(queue: DispatchQueue(label: label, qos: .userInitiated), handOff: handOff)
        self.work = work
        self.apply = apply
    }

    /// True while a request waits for its scan or is being scanned.
    var isPending: Bool { scanning != nil || requested != nil }

    /// How many scans came back after the state or the request had changed, and were dropped.
    var staleResultCount: Int { jobs.staleResultCount }

    /// Asks for `request`: scanned on the queue (`.background`), or applied before the call
    /// returns (`.immediate`), superseding the requests asked before either way.
    func ask(_ request: Request, execution: StorageExecution, completion: (@MainActor () -> Void)?) {
        let completions = completion.map { [$0] } ?? []
        askedCount += 1
        // Whatever runs or waits now scans a request already left behind.
        stateDidChange()
        switch execution {
        case .immediate:
            let waiting = (scanning?.completions ?? []) + (requested?.completions ?? [])
            scanning?.completions = []
            requested = nil
            finish(Pending(request: request, number: askedCount, completions: waiting + completions), with: nil)
        case .background:
            let waiting = requested?.completions ?? []
            requested = Pending(request: request, number: askedCount, completions: waiting + completions)
            startNextScan()
        }
    }

    /// The state scans read changed (the storage's content): a scan running now stops soon and
    /// runs again, from the new state.
    func stateDidChange() {
        scanning?.cancellation.raise()
        jobs.stateDidChange()
    }

    /// Sends the request asked last to the queue, unless a scan is already running.
    private func startNextScan() {
        guard scanning == nil, let next = requested else { return }
        requested = nil
        guard let scan = work(next.request, next.cancellation) else {
            finish(next, with: nil)
            return startNextScan()
        }
        scanning = next
        jobs.run(scan) { [weak self] result, isCurrent in
            self?.scanDidEnd(result, isCurrent: isCurrent)
        }
    }

    private func scanDidEnd(_ result: Scan?, isCurrent: Bool) {
        guard let ended = scanning else { return }
        scanning = nil
        if ended.number != askedCount {
            // Superseded: its completions run with the newer request that waits (one applied at
            // once took them already).
            requested?.completions.insert(contentsOf: ended.completions, at: 0)
        } else if isCurrent, let result {
            finish(ended, with: result)
        } else {
            // The state changed under the scan: scan again, from it.
            requested = Pending(request: ended.request, number: ended.number, completions: ended.completions)
        }
        startNextScan()
    }

    /// Applies `pending` (with `scan`, or working it out for nil), then runs its completions.
    private func finish(_ pending: Pending, with scan: Scan?) {
        apply(pending.request, scan)
        for completion in pending.completions { completion() }
    }
}
