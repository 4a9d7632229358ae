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
        filterScans.ask(filter, execution: execution, completion: completion)
    }

    /// Installs the scan's indexes and shows observers its runs.
    func apply(_ scan: FilterScan, filter: Filter?) {
        self.filter = filter
        let models = models
        indexes = scan.indexes
        // A scan under way read the indexes as they were.
        filterScans.stateDidChange()
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
    }
}
