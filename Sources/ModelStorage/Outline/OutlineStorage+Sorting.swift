// Sorting a storage of trees by the columns of a table: every item's children ordered by the
// sort keys, at every level, from now on. One sort at a time off the main thread
// (SupersedingScans), the newest superseding the others.
extension OutlineStorage {
    /// Called on the main actor once a sort is applied and observers have seen it.
    public typealias SortCompletion = @MainActor () -> Void

    /// The keys the storage sorts by, primary key first; empty when it keeps the order its
    /// outlines give.
    public var sortKeys: [SortKey] { sorting?.keys ?? [] }

    /// Orders the children of every item, and the top-level items, of every section by `keys`
    /// from now on, comparing each column as `comparisons` declares it: what a tree table does
    /// when its header is clicked.
    ///
    /// ```swift
    /// table.didChangeSort { keys in storage.sort(by: keys, using: comparisons) }
    /// ```
    ///
    /// - Every level is sorted, under collapsed items too; what is open stays open, and rows
    ///   move as one reordering per section, so selection and focus follow their items.
    /// - Items equal for every key and the tie-breaker keep the order they had.
    /// - From now on, outlines applied, children read by the ``childrenProvider``, items
    ///   appended or inserted and items moved to another parent take their places in the sort
    ///   (an insertion before or after an item, or a move beside one, names the parent, not the
    ///   place).
    /// - An empty `keys` stops sorting and leaves the items where they are, as a tree store does.
    /// - A key naming a column `comparisons` does not declare is left out.
    ///
    /// - Parameters:
    ///   - keys: the sort keys, primary key first, as a table header reports them.
    ///   - comparisons: how each column compares its items.
    ///   - execution: `.background` ranks and sorts on the storage's queue (the default), a newer
    ///     sort superseding one under way; `.immediate` sorts before the call returns.
    ///   - completion: runs on the main actor once this sort, or a newer one, is applied and
    ///     observers have seen it.
    public func sort(
        by keys: [SortKey], using comparisons: ColumnComparisons<ItemID>, execution: StorageExecution = .background,
        completion: SortCompletion? = nil
    ) {
        MainActorConfinement.check("OutlineStorage was sorted")
        let sorting = keys.isEmpty ? nil : OutlineSorting(keys: keys, comparisons: comparisons)
        sortScans.ask(sorting, execution: execution, completion: completion)
    }

    /// Each section's tree sorted by `sorting`, with how its rows moved. Off the main thread.
    nonisolated static func sortedSections(
        _ trees: [OutlineTree<ItemID>], by sorting: OutlineSorting<ItemID>
    ) -> [SortedOutline<ItemID>] {
        trees.enumerated().map { section, tree in
            let (sorted, sources) = sorting.sorted(tree)
            return SortedOutline(tree: sorted, reordering: sources.flatMap { ItemReordering(section: section, sources: $0) })
        }
    }

    /// Sorts by `sorting` from now on (nil: stops sorting) and shows observers the rows that
    /// moved. `sections` are the scan's sorted trees; nil sorts here.
    func applySort(_ sorting: OutlineSorting<ItemID>?, sections: [SortedOutline<ItemID>]?) {
        self.sorting = sorting
        guard let sorting else { return }
        let sorted = sections ?? Self.sortedSections(outlines.map(\.tree), by: sorting)
        var changes = ChangeSet()
        for (section, result) in sorted.enumerated() {
            outlines[section].tree = result.tree
            if let reordering = result.reordering { changes.appendReordering(reordering) }
        }
        recorder.begin()
        recorder.record(changes)
        deliver()
    }

    /// Puts `items` of section `section` in their places among their siblings by the storage's
    /// sort, if any: items that arrived or moved.
    func keepSorted(placesOf items: [ItemID], inSection section: Int) {
        guard let sorting, !items.isEmpty else { return }
        let tree = outlines[section].tree
        let parents = Set(items.compactMap { outlines[section].node(of: $0).map { tree[$0].parent } })
        let order = sorting.order(of: tree)
        for parent in parents { outlines[section].tree.sortChildren(of: parent, by: order) }
    }

    /// Sorts every level of `outline` by the storage's sort, if any: an outline applied.
    func keepSorted(_ outline: inout OutlineSnapshot<ItemID>) {
        guard let sorting else { return }
        outline.tree.sortChildren(by: sorting.order(of: outline.tree))
    }
}
