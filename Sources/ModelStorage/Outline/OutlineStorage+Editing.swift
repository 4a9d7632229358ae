// Editing a section's tree in place, as a memory storage edits its items: each edit delivers the
// rows it adds or removes (one run each), and `performUpdates` groups edits into one update.
extension OutlineStorage {
    /// Runs `updates` as one transaction: observers receive one update when it ends (nested
    /// transactions join the outermost).
    public func performUpdates(_ updates: () -> Void) {
        checkConfinement()
        recorder.begin()
        updates()
        deliver()
    }

    /// Adds `items` after the children of `parent`, or at the end of the top level of `section`
    /// when nil. Their rows show when `parent` is shown and open.
    public func append(_ items: [ItemID], to parent: ItemID? = nil, inSection section: SectionID) {
        checkConfinement()
        guard let index = sectionIDs.firstIndex(of: section) else {
            return anomalyHandler.report(.sectionsNotFound(operation: .appendToParent, identifiers: [String(describing: section)]))
        }
        recordingInsertion(of: items) {
            edit(items, inSection: index) { outline in
                let start = parent.map { outline.rowAfterDescendants(of: $0) } ?? outline.visibleCount
                return (outline.append(items, to: parent), start)
            }
        }
    }

    /// Inserts `items` just before `anchor`, as its siblings.
    public func insert(_ items: [ItemID], before anchor: ItemID) {
        checkConfinement()
        insert(items, beside: anchor, after: false)
    }

    /// Inserts `items` just after `anchor` (and what shows under it), as its siblings.
    public func insert(_ items: [ItemID], after anchor: ItemID) {
        checkConfinement()
        insert(items, beside: anchor, after: true)
    }

    private func insert(_ items: [ItemID], beside anchor: ItemID, after: Bool) {
        guard let index = section(holding: anchor) else {
            let operation: SnapshotOperation = after ? .insertAfterItem : .insertBeforeItem
            return anomalyHandler.report(.itemsNotFound(operation: operation, identifiers: [String(describing: anchor)]))
        }
        recordingInsertion(of: items) {
            edit(items, inSection: index) { outline in
                let start = after ? outline.rowAfterDescendants(of: anchor) : outline.index(of: anchor)
                return (after ? outline.insert(items, after: anchor) : outline.insert(items, before: anchor), start)
            }
        }
    }

    /// Removes `items` and what is under them; their rows go. Repeats, and descendants of other
    /// removed items, are harmless.
    public func delete(_ items: [ItemID]) {
        checkConfinement()
        var undo: [OutlineUndo<SectionID, ItemID>]? = undoReporter?.isRecording == true ? [] : nil
        defer { if let undo { reportUndo(undo) } }
        performUpdates {
            for item in items {
                // A descendant of an item removed before is gone already.
                guard let index = section(holding: item) else { continue }
                undo?.append(putBackStep(for: item, inSection: index))
                guard filter == nil else {
                    // Its ancestors may hide with it.
                    let old = outlines[index].visibleRows
                    outlines[index].delete([item])
                    recordDiff(from: old, inSection: index)
                    continue
                }
                let rows = outlines[index].index(of: item).map { $0..<$0 + 1 + outlines[index].visibleDescendantCount(of: item) }
                outlines[index].delete([item])
                if let rows { recorder.recordDeletion(of: rows, inSection: index) }
            }
        }
    }

    /// Applies an insertion of `items` to the outline of section `index`: `body` edits it and
    /// returns its refusal and the row the new items' rows start at, read before the edit (nil
    /// when they don't show).
    private func edit(_ items: [ItemID], inSection index: Int, _ body: (inout OutlineSnapshot<ItemID>) -> (SnapshotAnomaly?, Int?)) {
        let before = outlines[index].visibleCount
        // Under a filter, items that pass bring their hidden ancestors back: rows anywhere
        // above; under a sort, the items go where it says.
        let old = filter == nil && sorting == nil ? nil : outlines[index].visibleRows
        let (refused, start) = body(&outlines[index])
        if let refused {
            outlines[index].anomalies.removeLast()
            return anomalyHandler.report(refused)
        }
        keepSorted(placesOf: items, inSection: index)
        if let old { return performUpdates { recordDiff(from: old, inSection: index) } }
        let added = outlines[index].visibleCount - before
        guard let start, added > 0 else { return }
        performUpdates {
            recorder.recordInsertion(
                of: visibleRun(inSection: index, from: start, count: added), at: IndexPath(item: start, section: index))
        }
    }
}

extension OutlineSnapshot {
    /// The row after `item`'s row and the rows shown under it; nil when `item` is hidden.
    func rowAfterDescendants(of item: ItemID) -> Int? {
        index(of: item).map { $0 + 1 + visibleDescendantCount(of: item) }
    }
}
