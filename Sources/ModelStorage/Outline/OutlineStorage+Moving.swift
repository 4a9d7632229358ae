// Moving items within a section's tree: reordering and re-parenting, as a drop on a tree does.
extension OutlineStorage {
    /// Moves `items`, each with what is under it, to `placement` in their section's tree, and
    /// delivers the rows that move as moves (rows keep their widgets and selection). Returns
    /// false, reporting the anomaly, when refused: an item missing, items of several sections,
    /// or a placement in or under a moved item.
    @discardableResult
    public func move(_ items: [ItemID], to placement: OutlinePlacement<ItemID>) -> Bool {
        checkConfinement()
        let places = undoReporter?.isRecording == true ? self.places(of: items) : nil
        guard performMove(items, to: placement) else { return false }
        if let places { reportUndo([.moveBack(places)]) }
        return true
    }

    /// Moves `items` to `placement` as ``move(_:to:)`` does, recording nothing to undo.
    func performMove(_ items: [ItemID], to placement: OutlinePlacement<ItemID>) -> Bool {
        let anchor: ItemID? =
            switch placement {
            case let .before(item), let .after(item): item
            case let .into(item): item
            }
        let sections = Set((items + (anchor.map { [$0] } ?? [])).map { section(holding: $0) })
        guard sections.count == 1, let section = sections.first ?? nil else {
            anomalyHandler.report(.itemsNotFound(operation: .moveOutlineItems, identifiers: items.map { String(describing: $0) }))
            return false
        }
        let old = outlines[section].visibleRows
        if let refused = outlines[section].move(items, to: placement) {
            outlines[section].anomalies.removeLast()
            anomalyHandler.report(refused)
            return false
        }
        keepSorted(placesOf: items, inSection: section)
        recorder.begin()
        recordDiff(from: old, inSection: section)
        deliver()
        return true
    }
}

extension OutlineStorage {
    public func moveRows(at indexPaths: [IndexPath], to placement: OutlineRowPlacement) -> Bool {
        checkConfinement()
        guard let (section, row) = sectionAndRow(of: placement.indexPath), let anchor = outlines[section].visibleItem(at: row)
        else { return false }
        let items = indexPaths.compactMap { sectionAndRow(of: $0).flatMap { outlines[$0.section].visibleItem(at: $0.row) } }
        guard items.count == indexPaths.count else { return false }
        switch placement {
        case .before: return move(items, to: .before(anchor))
        case .after: return move(items, to: .after(anchor))
        case .into: return move(items, to: .into(anchor))
        }
    }
}
