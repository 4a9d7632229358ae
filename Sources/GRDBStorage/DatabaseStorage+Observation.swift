import GRDB
import ModelStorage

// How results reach the list: fetched on GRDB's reader threads, diffed on the storage's
// serial queue, one diff at a time against the result on screen (BackgroundJobScheduler),
// applied on the main actor when that result is still the one on screen.
extension DatabaseStorage {
    /// Stops following the database: no result is applied after this call, the list keeps
    /// what it shows. Releasing the storage does the same.
    public func stopObserving() {
        isStopped = true
        observation?.cancel()
        observation = nil
        externalChanges?.stop()
        externalChanges = nil
        latestResult = nil
        finishRequests(.stopped)
        // No result will show: undos waiting for one complete now.
        resultShown(seeingOwnWrites: .max)
    }

    /// Starts GRDB's observation of the request: a fresh result after every write through
    /// ``database`` that touches the tables the request reads.
    func startObservation() {
        guard !isStopped, observation == nil else { return }
        let handOff = handOff, request = requests.current
        // The request reads the same tables every time: with a constant region, a `DatabasePool`
        // fetches after a commit on a reader, instead of holding the writer until it is done.
        observation = ValueObservation.trackingConstantRegion(fetch).start(
            in: database, scheduling: .async(onQueue: queue),
            onError: { [weak self] error in
                let reason = String(describing: error)
                handOff.handOff { [weak self] in self?.observationFailed(reason: reason, request: request) }
            },
            onChange: { [weak self] result in
                handOff.handOff { [weak self] in self?.received(result) }
            })
    }

    /// Runs the request once more, outside the observation: after the storage's own write and
    /// when another connection changed the database. A failed observation starts again instead.
    func refetch() {
        guard !isStopped else { return }
        guard observation != nil else { return startObservation() }
        let fetch = fetch, handOff = handOff
        refetchesInFlight += 1
        database.asyncRead { [weak self] access in
            let result = Result { try fetch(access.get()) }
            handOff.handOff { [weak self] in
                guard let self else { return }
                refetchesInFlight -= 1
                switch result {
                case let .success(fetched): received(fetched)
                case let .failure(error): anomalyHandler.report(.fetchFailed(reason: String(describing: error)))
                }
            }
        }
    }

    /// A new result: diffed next, replacing any result still waiting (only the newest counts).
    func received(_ result: FetchedResult) {
        // Fetched before the storage's latest reorder was committed: applying it would move the
        // record back for a moment. The fetch after the commit follows. A result of a request
        // replaced since is never shown.
        guard !isStopped, result.ownWrites >= ownWritesRequired, result.request == requests.current else { return }
        latestResult = result
        startNextDiff()
    }

    private func observationFailed(reason: String, request: Int) {
        // The observation of a request replaced since: the newest one runs on.
        guard request == requests.current else { return }
        observation = nil
        guard !isStopped else { return }
        anomalyHandler.report(.fetchFailed(reason: reason))
        finishRequests(.failed(.fetchFailed(reason: reason)))
    }

    /// Diffs the newest result against the result on screen, unless a diff is running or a
    /// drop is not settled (its rows stay where they are until it is).
    func startNextDiff() {
        guard !jobs.isRunning, drops.isEmpty, let result = latestResult else { return }
        latestResult = nil
        let base = sections, database = database, readCarriedModels = readCarriedModels, diff = processing.diff
        let limit = carriedModelLimit
        jobs.run({
            let transition = diff(base, result.sections)
            let brought = readCarriedModels == nil ? [] : transition.broughtRecords
            if let limit, brought.count > limit {
                return DiffOutcome(transition: transition, carried: .success([:]), readsModelsWhenAsked: true)
            }
            let carried = readCarriedModels.map { read -> CarriedModels in
                brought.isEmpty
                    ? .success([:])
                    : Result {
                        let models = try database.read { db in try read(db, brought) }
                        guard brought.allSatisfy({ models[$0.id] != nil }) else { throw VanishedRecords() }
                        return models
                    }
            }
            return DiffOutcome(transition: transition, carried: carried, readsModelsWhenAsked: false)
        }) { [weak self] outcome, isCurrent in
            self?.finishDiff(outcome, of: result, isCurrent: isCurrent)
        }
    }

    /// A diff and the models read for what it brings; or, when it brings more than
    /// ``carriedModelLimit``, none, read when asked.
    struct DiffOutcome: Sendable {
        let transition: FetchedTransition<Record, SectionKey>
        let carried: CarriedModels?
        let readsModelsWhenAsked: Bool
    }

    private func finishDiff(_ outcome: DiffOutcome, of result: FetchedResult, isCurrent: Bool) {
        guard !isStopped else { return }
        guard result.request == requests.current else { return startNextDiff() }
        if isCurrent {
            if result.ownWrites >= ownWritesRequired,
                apply(outcome.transition, carrying: outcome.carried, readingModelsWhenAsked: outcome.readsModelsWhenAsked)
            {
                finishRequests(.shown)
                resultShown(seeingOwnWrites: result.ownWrites)
            }
        } else if latestResult == nil, result.ownWrites >= ownWritesRequired {
            // The list changed while the diff ran (a reorder): its script would apply to rows
            // that moved. Diff the same result again against what the list shows now.
            latestResult = result
        }
        startNextDiff()
    }

    /// The models read for a transition's inserted and updated records, or why they could not be.
    typealias CarriedModels = Result<[Record.ID: any Sendable], any Error>

    /// Installs the transition's result and tells observers its change set; false when the
    /// models it brings could not be read, so the list still shows the previous result.
    private func apply(
        _ transition: FetchedTransition<Record, SectionKey>, carrying carried: CarriedModels?, readingModelsWhenAsked: Bool
    ) -> Bool {
        reportDuplicates(in: transition.sections)
        // The same records as on screen (GRDB's first value, a refetch after an own write):
        // nothing to install, and a diff running now stays current.
        guard !transition.script.isEmpty else { return true }
        var carriedModels: [Record.ID: any Sendable] = [:]
        switch carried {
        case nil: break
        case .failure(is VanishedRecords):
            recordsVanished()
            return false
        case let .failure(error):
            anomalyHandler.report(.fetchFailed(reason: String(describing: error)))
            return false
        case let .success(models):
            carriedModels = models
        }
        consecutiveVanishedRecords = 0
        sections = transition.sections
        jobs.stateDidChange()
        let shown = sections
        let changes: ChangeSet
        if readingModelsWhenAsked, let readUncarried = readUncarriedModel {
            // The records of this result, read by id: valid whenever a run is read.
            changes = transition.script.changeSet(
                supplements: { self.supplements(ofSection: $0) },
                lazilyReading: { indexPath in
                    let record = shown.records[indexPath.section][indexPath.item]
                    return readUncarried(record) ?? record
                })
        } else {
            changes = transition.script.changeSet(
                supplements: { self.supplements(ofSection: $0) },
                item: { indexPath in
                    let record = shown.records[indexPath.section][indexPath.item]
                    return carriedModels[record.id] ?? record
                })
        }
        if !carriedModels.isEmpty { willDeliverCarriedModels?(carriedModels) }
        broadcaster.deliver(.changes(changes), from: sender)
        return true
    }

    /// A record a result brings was no longer in the database when its model was read.
    struct VanishedRecords: Error {}

    /// A record the result brings was deleted before its model was read: the database changed
    /// after the result was fetched, so a newer result is on its way. Fetch it now, once; a second
    /// miss in a row means the request and the reader disagree, which is reported.
    private func recordsVanished() {
        consecutiveVanishedRecords += 1
        if consecutiveVanishedRecords == 1 {
            refetch()
        } else {
            anomalyHandler.report(.fetchFailed(reason: "records of the result were not found when their models were read"))
        }
    }

    /// Reports a result's duplicate ids once for as long as they last.
    func reportDuplicates(in sections: Sections) {
        defer { reportedDuplicates = sections.duplicateCount }
        guard sections.duplicateCount > 0, sections.duplicateCount != reportedDuplicates else { return }
        anomalyHandler.report(.duplicateIdentifiers(count: sections.duplicateCount))
    }
}
