import GRDB
import ModelStorage

// Replacing the request while the storage shows its result: a sort (issue 34), a filter (35).
// The new request runs off the main thread with a new observation; its first result is diffed
// against what the list shows, as any result is, so rows that stay move instead of reloading.
// Results carry the number of their request (`RequestLog`): only the newest request's are
// diffed and applied, so a request replaced before its result arrived is never shown.
extension DatabaseStorage {
    @usableFromInline typealias FetchRecords = @Sendable (Database) throws -> [Record]

    /// Runs `fetchRecords` and groups its records, tagged with the own writes committed before
    /// it began and with the number of the request it fetches.
    static func fetching(
        _ fetchRecords: @escaping FetchRecords, processing: ResultProcessing<Record, SectionKey>, ownWrites: OwnWriteCounter,
        request: Int
    ) -> @Sendable (Database) throws -> FetchedResult {
        { db in
            let seen = ownWrites.value
            return FetchedResult(sections: processing.group(try fetchRecords(db)), ownWrites: seen, request: request)
        }
    }

    /// Follows the records `fetchRecords` reads from now on, in place of the request followed so
    /// far; `readCarriedModels` reads the models of what its results bring. Results of earlier
    /// requests are dropped, a result being diffed included. `completion` hears what became of
    /// it, after observers received its first result.
    func replaceRequest(
        fetchingWith fetchRecords: @escaping FetchRecords, readCarriedModels: CarriedModelReader?, completion: DatabaseRequestCompletion?
    ) {
        MainActorConfinement.check("DatabaseStorage's request was changed")
        guard !isStopped else {
            if let completion { handOff.handOff { completion(.stopped) } }
            return
        }
        let request = requests.begin(completing: completion)
        fetch = Self.fetching(fetchRecords, processing: processing, ownWrites: ownWrites, request: request)
        self.readCarriedModels = readCarriedModels
        latestResult = nil
        // GRDB's first value of the new observation is the new request's first result.
        observation?.cancel()
        observation = nil
        startObservation()
    }

    /// Ends the waiting requests with `outcome` (the newest; the others are superseded) and
    /// runs their completions, oldest first.
    func finishRequests(_ outcome: DatabaseRequestOutcome) {
        for (completion, outcome) in requests.finish(outcome) { completion(outcome) }
    }

    // MARK: - The request of a storage made from a FetchRequest

    /// Fetches `request` from now on (see ``replaceRequest(fetchingWith:readCarriedModels:completion:)``).
    /// If its first fetch fails, the storage goes back to the request it shows, so that it keeps
    /// following the database.
    func show(_ request: SortableRequest<Record>, completion: DatabaseRequestCompletion?) {
        sortableRequest = request
        replaceRequest(fetchingWith: request.fetchRecords, readCarriedModels: nil) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .shown:
                shownRequest = request
            case .failed:
                if let shownRequest {
                    sortableRequest = shownRequest
                    replaceRequest(fetchingWith: shownRequest.fetchRecords, readCarriedModels: nil, completion: nil)
                }
            case .superseded, .stopped:
                break
            }
            completion?(outcome)
        }
    }
}
