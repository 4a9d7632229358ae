// A filter over trees: the items that pass show with their ancestors, which open to show them.
// One scan at a time off the main thread (SupersedingScans), the newest filter superseding the
// others, its verdicts applied only to the outlines they were read from.
extension OutlineStorage {
    /// Whether an item shows.
    public typealias ItemFilter = @Sendable (ItemID) -> Bool
    /// Called on the main actor once a filter is applied and observers have seen it.
    public typealias FilterCompletion = @MainActor () -> Void

    /// True while a new filter waits for its scan or is being scanned.
    public var hasPendingFilter: Bool { filterScans.isPending }

    /// Shows the items that pass `filter` from now on, in every section, with their ancestors;
    /// nil shows every item again.
    ///
    /// - Every item is tried, shown or not, under collapsed items too; children not read yet
    ///   (``childrenProvider``) are not read for it.
    /// - An item that fails shows while an item under it passes, as the way to it. Every such
    ///   item that was collapsed opens; when the filter changes or goes, the items it opened close
    ///   again, unless one still leads to a passing item. What the user opened stays open: an
    ///   item the filter opened becomes the user's once ``expand(_:)`` or ``collapse(_:)`` names
    ///   it, or ``expandDescendants(of:)`` or ``expandAll()`` opens it, and ``collapseAll()``
    ///   leaves nothing for the filter to close.
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
        filterScans.ask(filter, execution: execution, completion: completion)
    }

    /// Whether each item of each section's outline passes `filter`, slot by slot; nil when
    /// `cancellation` was raised meanwhile. Off the main thread.
    nonisolated static func passes(
        of items: [[ItemID?]], filter: @escaping ItemFilter, cancellation: ScanCancellation
    ) -> [[Bool]]? {
        var passes: [[Bool]] = []
        for sectionItems in items {
            guard let section = OutlineTree.passes(of: sectionItems, filter: filter, cancellation: cancellation) else { return nil }
            passes.append(section)
        }
        return passes
    }

    /// Filters every section by `filter`, diffs the rows it shows and shows observers the
    /// change. `passes` are the scan's verdicts by section and slot; nil asks here.
    func applyFilter(_ filter: ItemFilter?, passes: [[Bool]]?) {
        self.filter = filter
        recorder.begin()
        for section in outlines.indices {
            let old = outlines[section].visibleRows
            outlines[section].filter(by: filter, passes: passes?[section], opensAncestors: true)
            recordDiff(from: old, inSection: section)
        }
        deliver()
    }
}
