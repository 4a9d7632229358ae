// Undo: a MemoryStorage takes steps back as one diffed change of its sections.
extension MemoryStorage: UndoableStorage {
    /// Applies `steps` to a copy of the items, then sets every section to it, diffed: observers
    /// see the items put back, moved and changed, animated. O(items).
    public func restore(_ steps: [UndoStep]) {
        var restored = UndoSections((0..<numberOfSections).map { models(inSection: $0) })
        for step in steps { restored.apply(step) }
        setItemsForAllSections(restored.sections, diffing: true)
    }
}
