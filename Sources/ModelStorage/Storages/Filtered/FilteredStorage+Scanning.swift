// A new filter: scanned off the main thread (SupersedingScans), the newest filter superseding
// the others, the result applied only to the state it was computed from.
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
        filterScans.ask(.ready(filter), execution: execution, completion: completion)
    }

    /// Shows the items that pass the filter `prepare` returns (nil: every item), calling it off
    /// the main thread just before the scan: for a filter that must read something first, such
    /// as the ids a database search finds. It supersedes the filters asked before, and is
    /// superseded by those asked after, as ``setFilter(_:execution:completion:)``'s; when the
    /// base changes while it is prepared or scanned, it is prepared again.
    ///
    /// - Parameters:
    ///   - prepare: works the filter out on the storage's queue.
    ///   - completion: runs on the main actor once this filter, or a newer one, is applied
    ///     and observers have seen it.
    public func setFilter(preparedBy prepare: @escaping @Sendable () -> Filter?, completion: Completion? = nil) {
        MainActorConfinement.check("FilteredStorage's filter was changed")
        filterScans.ask(.prepared(prepare), execution: .background, completion: completion)
    }

    /// A filter asked for: ready, or to be prepared off the main thread.
    enum FilterRequest: Sendable {
        case ready(Filter?)
        case prepared(@Sendable () -> Filter?)

        /// The filter, prepared if it must be.
        func filter() -> Filter? {
            switch self {
            case let .ready(filter): filter
            case let .prepared(prepare): prepare()
            }
        }
    }

    /// A scan and the filter it scanned with.
    struct PreparedScan: Sendable {
        let filter: Filter?
        let scan: FilterScan
    }

    /// Installs the scan's indexes and shows observers its runs.
    func apply(_ scan: FilterScan, filter: Filter?) {
        self.filter = filter
        let models = models, base = base, readsBase = keyedBase != nil
        indexes = scan.indexes
        // A scan under way read the indexes as they were.
        filterScans.stateDidChange()
        var changes = ChangeSet()
        for (section, runs) in scan.runs.enumerated() where !runs.isEmpty {
            // Read from the new index: the models that pass, at their places after the splices.
            let index = scan.indexes[section], sectionModels = models[section]
            let splices = ItemSplices(section: section, deletions: runs.deletions, insertions: runs.insertions) { row in
                let item = index.item(ofPassing: row)
                // Read while observers take the change, when the base is as the scan left it.
                return readsBase ? base.item(at: IndexPath(item: item, section: section)) as Any : sectionModels[item]!  // only models pass
            }
            changes.appendSplices(splices!)  // the scan writes its runs in the order splices take
        }
        if !changes.isEmpty { broadcaster.deliver(.changes(changes), from: self) }
    }
}
