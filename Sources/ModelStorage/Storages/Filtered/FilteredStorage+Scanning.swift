// A new filter: one scan at a time off the main thread (BackgroundJobScheduler), the newest
// filter superseding the others, the result applied only to the state it was computed from.
extension FilteredStorage {
    /// Shows the items that pass `filter` from now on (nil: every item); see "Changing the
    /// filter".
    ///
    /// - Parameters:
    ///   - filter: whether a model shows; nil shows every model of the type.
    ///   - execution: `.background` scans on the storage's queue (the default); `.immediate`
    ///     scans before the call returns, superseding the scans asked before.
    ///   - completion: runs on the main actor once this filter, or a newer one, is applied
    ///     and observers have seen it.
    public func setFilter(_ filter: Filter?, execution: Execution = .background, completion: Completion? = nil) {
        MainActorConfinement.check("FilteredStorage's filter was changed")
        requestCount += 1
        let completions = completion.map { [$0] } ?? []
        // Whatever runs or waits now computes a filter already left behind.
        if let scanning {
            scanning.cancellation.raise()
            jobs.stateDidChange()
        }
        switch execution {
        case .immediate:
            let waiting = (scanning?.completions ?? []) + (requested?.completions ?? [])
            scanning?.completions = []
            requested = nil
            let request = FilterRequest(filter: filter, number: requestCount, completions: waiting + completions)
            // Without a cancellation the scan always ends.
            apply(FilterScan(of: models, shownUnder: indexes, filter: filter)!, of: request)
        case .background:
            requested = FilterRequest(filter: filter, number: requestCount, completions: (requested?.completions ?? []) + completions)
            startNextScan()
        }
    }

    /// Sends the filter asked last to the queue, unless a scan is already running.
    private func startNextScan() {
        guard scanning == nil, let request = requested else { return }
        requested = nil
        scanning = request
        let models = models, shown = indexes, filter = request.filter, cancellation = request.cancellation
        jobs.run({ FilterScan(of: models, shownUnder: shown, filter: filter, cancellation: cancellation) }) { [weak self] scan, isCurrent in
            self?.finishScan(scan, isCurrent: isCurrent)
        }
    }

    private func finishScan(_ scan: FilterScan?, isCurrent: Bool) {
        guard let job = scanning else { return }
        scanning = nil
        if isCurrent, let scan {
            apply(scan, of: job)
        } else if job.number == requestCount {
            // The base changed under the scan: scan again, from the new models.
            requested = FilterRequest(filter: job.filter, number: job.number, completions: job.completions)
        } else if requested != nil {
            requested!.completions.insert(contentsOf: job.completions, at: 0)
        }
        startNextScan()
    }

    /// Installs the scan's indexes, shows observers its runs, then runs the completions.
    private func apply(_ scan: FilterScan, of request: FilterRequest) {
        filter = request.filter
        let models = models
        indexes = scan.indexes
        jobs.stateDidChange()
        var changes = ChangeSet()
        for (section, runs) in scan.runs.enumerated() where !runs.isEmpty {
            // Read from the new index: the models that pass, at their places after the splices.
            let index = scan.indexes[section], sectionModels = models[section]
            let splices = ItemSplices(section: section, deletions: runs.deletions, insertions: runs.insertions) { row in
                sectionModels[index.item(ofPassing: row)]!  // only models pass
            }
            changes.appendSplices(splices!)  // the scan writes its runs in the order splices take
        }
        if !changes.isEmpty { broadcaster.deliver(.changes(changes), from: self) }
        for completion in request.completions { completion() }
    }
}
