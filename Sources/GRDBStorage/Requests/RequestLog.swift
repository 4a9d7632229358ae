/// The requests a database storage was asked to show since its result was last the newest
/// request's: which request results must come from, and the completions still to run.
///
/// Requests are numbered: every result carries the number of the request it came from, and only
/// results of the newest are diffed and applied, so a request replaced before its result arrived
/// is never shown.
@MainActor
struct RequestLog {
    /// The number of the newest request; 0 is the one the storage was made with.
    private(set) var current = 0
    /// The completions of the requests asked for since the newest request's result was shown,
    /// oldest first.
    private var waiting: [DatabaseRequestCompletion?] = []

    /// True while a request asked for has no outcome yet.
    var isWaiting: Bool { !waiting.isEmpty }

    /// Numbers a new request and keeps its completion.
    mutating func begin(completing completion: DatabaseRequestCompletion?) -> Int {
        current += 1
        waiting.append(completion)
        return current
    }

    /// Ends every waiting request: the newest with `outcome`, the others superseded. Returns the
    /// completions to run with their outcome, oldest first, once the storage is consistent.
    mutating func finish(_ outcome: DatabaseRequestOutcome) -> [(DatabaseRequestCompletion, DatabaseRequestOutcome)] {
        defer { waiting = [] }
        return waiting.indices.compactMap { index in
            waiting[index].map { ($0, index == waiting.count - 1 ? outcome : .superseded) }
        }
    }
}
