// A filter over trees: the items that pass show with their ancestors, which open to show them.
// One scan at a time off the main thread (BackgroundJobScheduler), the newest filter superseding
// the others, its verdicts applied only to the outlines they were read from.
extension OutlineStorage {
    /// Whether an item shows.
    public typealias ItemFilter = @Sendable (ItemID) -> Bool
    /// Called on the main actor once a filter is applied and observers have seen it.
    public typealias FilterCompletion = @MainActor () -> Void

    /// True while a new filter waits for its scan or is being scanned.
    public var hasPendingFilter: Bool { scanningFilter != nil || requestedFilter != nil }

    /// Shows the items that pass `filter` from now on, in every section, with their ancestors;
    /// nil shows every item again.
    ///
    /// - Every item is tried, shown or not, under collapsed items too; children not read yet
    ///   (``childrenProvider``) are not read for it.
    /// - An item that fails shows while an item under it passes, as the way to it. Every such
    ///   item that was collapsed opens; when the filter changes or goes, the items it opened close
    ///   again, unless one still leads to a passing item. What the user opened stays open.
    /// - The rows that stay keep their widgets, selection and focus: the change is diffed by
    ///   identity.
    /// - Under a filter, the items edits add, a provider reads or an applied outline brings are
    ///   tried as they come; an item that passes brings back its ancestors, but opens nothing.
    ///   Expanding an item shows its children that pass or lead to one.
    /// - Each row's ``OutlinePlace`` counts the children and siblings the filter keeps: the
    ///   arrow shows only when one is kept, and a screen reader hears "2 of 3" among those.
    ///
    /// - Parameters:
    ///   - filter: whether an item passes; nil shows every item.
    ///   - execution: `.background` scans on the storage's queue (the default), a newer filter
    ///     superseding a scan under way; `.immediate` scans before the call returns.
    ///   - completion: runs on the main actor once this filter, or a newer one, is applied and
    ///     observers have seen it.
    public func setFilter(_ filter: ItemFilter?, execution: StorageExecution = .background, completion: FilterCompletion? = nil) {
        MainActorConfinement.check("OutlineStorage's filter was changed")
        let completions = completion.map { [$0] } ?? []
        // Whatever runs or waits now scans a filter already left behind.
        scanningFilter?.cancellation.raise()
        filterJobs.stateDidChange()
        switch execution {
        case .immediate:
            let waiting = (scanningFilter?.completions ?? []) + (requestedFilter?.completions ?? [])
            scanningFilter?.completions = []
            requestedFilter = nil
            apply(OutlineFilterRequest(filter: filter, completions: waiting + completions), passes: nil)
        case .background:
            requestedFilter = OutlineFilterRequest(filter: filter, completions: (requestedFilter?.completions ?? []) + completions)
            startNextFilterScan()
        }
    }

    /// Sends the filter asked last to the queue, unless a scan is already running.
    private func startNextFilterScan() {
        guard scanningFilter == nil, let request = requestedFilter else { return }
        requestedFilter = nil
        scanningFilter = request
        guard let filter = request.filter else {
            // Nothing to try: clearing the filter needs no scan.
            scanningFilter = nil
            apply(request, passes: nil)
            return startNextFilterScan()
        }
        let items = outlines.map(\.tree.items), cancellation = request.cancellation
        filterJobs.run({ () -> [[Bool]]? in
            var passes: [[Bool]] = []
            for sectionItems in items {
                guard let section = OutlineTree.passes(of: sectionItems, filter: filter, cancellation: cancellation) else { return nil }
                passes.append(section)
            }
            return passes
        }) { [weak self] passes, isCurrent in
            self?.finishFilterScan(passes, isCurrent: isCurrent)
        }
    }

    private func finishFilterScan(_ passes: [[Bool]]?, isCurrent: Bool) {
        guard let request = scanningFilter else { return }
        scanningFilter = nil
        if requestedFilter != nil {
            // A newer filter waits: this one's completions run once it is applied.
            requestedFilter!.completions.insert(contentsOf: request.completions, at: 0)
        } else if isCurrent, let passes {
            apply(request, passes: passes)
        } else {
            // The outlines changed under the scan: scan again, from them.
            requestedFilter = OutlineFilterRequest(filter: request.filter, completions: request.completions)
        }
        startNextFilterScan()
    }

    /// Filters every section by the request's filter, diffs the rows it shows, then runs the
    /// completions. `passes` are the scan's verdicts by section and slot; nil asks here.
    private func apply(_ request: OutlineFilterRequest<ItemID>, passes: [[Bool]]?) {
        filter = request.filter
        recorder.begin()
        for section in outlines.indices {
            let old = outlines[section].visibleRows
            outlines[section].filter(by: request.filter, passes: passes?[section], opensAncestors: true)
            recordDiff(from: old, inSection: section)
        }
        deliver()
        for completion in request.completions { completion() }
    }
}

/// A filter asked of an ``OutlineStorage``, with the completions waiting on it.
struct OutlineFilterRequest<ItemID: Hashable & Sendable> {
    let filter: (@Sendable (ItemID) -> Bool)?
    var completions: [@MainActor () -> Void]
    /// Raised when the scan of it can no longer apply.
    let cancellation = ScanCancellation()
}
