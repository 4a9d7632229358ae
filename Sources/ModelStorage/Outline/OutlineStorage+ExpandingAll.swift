/// Opening and closing whole trees: `*` on a row, and GtkTreeView's expand-all and collapse-all.
extension OutlineStorage {
    /// Expands `item` and every item under it: the rows they show are inserted below it, one
    /// run per row that opens, so the rows shown before keep their widgets and selection.
    /// Children not read yet stay unread (see ``childrenProvider``).
    public func expandDescendants(of item: ItemID) {
        checkConfinement()
        guard let section = section(holding: item), let node = outlines[section].node(of: item) else {
            anomalyHandler.report(.itemsNotFound(operation: .expand, identifiers: [String(describing: item)]))
            return
        }
        recorder.begin()
        expandDescendants(ofNode: node, inSection: section)
        deliver()
    }

    /// Expands every item of every section, as GtkTreeView's `expand_all`: one run per row
    /// that opens, the rows shown before keeping their widgets and selection. No item is looked
    /// up: the outline is walked once.
    public func expandAll() {
        checkConfinement()
        recorder.begin()
        for section in outlines.indices { expandDescendants(ofNode: OutlineTree<ItemID>.root, inSection: section) }
        deliver()
    }

    /// Collapses every item of every section, as GtkTreeView's `collapse_all`: the top-level
    /// rows stay, and every item is closed, so each opens again on its own level alone. Reads
    /// of children under way are cancelled.
    public func collapseAll() {
        checkConfinement()
        recorder.begin()
        for section in outlines.indices {
            let openTopLevel = outlines[section].tree[OutlineTree<ItemID>.root].children.filter { outlines[section].tree[$0].isExpanded }
            let blocks = outlines[section].rowBlocks(under: openTopLevel)
            for node in outlines[section].collapseEverything() { cancelReading(ofNode: node, inSection: section) }
            // Bottom to top, so each block's rows hold.
            for block in blocks.reversed() {
                recorder.recordDeletion(of: block.row + 1..<block.row + 1 + block.count, inSection: section)
            }
        }
        deliver()
    }

    /// Expands `top` and what is under it, recording the rows that open top to bottom: each
    /// run's row counts the runs above it, as the final rows do.
    private func expandDescendants(ofNode top: Int, inSection section: Int) {
        let opening = outlines[section].shownCollapsedBranches(from: top)
        outlines[section].expandDescendants(ofNode: top)
        for branch in opening {
            guard let row = outlines[section].tree.row(of: branch) else { continue }
            let count = outlines[section].tree[branch].rows - 1
            guard count > 0 else { continue }
            recorder.recordInsertion(
                of: visibleRun(inSection: section, from: row + 1, count: count), at: IndexPath(item: row + 1, section: section))
        }
    }
}
