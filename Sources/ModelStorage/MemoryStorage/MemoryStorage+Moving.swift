extension MemoryStorage {
    /// Moves the section at `source`, with its items and supplementary models, to `destination`
    /// (an index in the state after removing it). Both must address existing sections.
    public func moveSection(_ source: Int, toSection destination: Int) {
        for index in [source, destination] where !sections.indices.contains(index) {
            refuse(.sectionIndexOutOfRange(operation: .moveSection, index: index, numberOfSections: sections.count))
            return
        }
        guard source != destination else { return }
        transaction {
            sections.insert(sections.remove(at: source), at: destination)
            shiftStoredSupplements(movingFrom: source, to: destination)
            recorder.record(.moveSection(from: source, to: destination))
        }
    }

    /// Moves the item at `source` to `destination`, read in the state after removing the source.
    /// The destination's section is created (and recorded) if it does not exist yet.
    public func moveItem(at source: IndexPath, to destination: IndexPath) {
        for indexPath in [source, destination] where !indexPath.isItemPosition {
            refuse(.invalidIndexPath(indexPath: indexPath))
            return
        }
        guard containsItem(at: source) else {
            refuse(.moveItemFailedItemNotFound(indexPath: source))
            return
        }
        let available = numberOfItems(inSection: destination.section) - (source.section == destination.section ? 1 : 0)
        guard destination.item <= available else {
            refuse(.moveItemFailedIndexPathTooBig(indexPath: destination, countOfElementsInSection: available))
            return
        }
        guard source != destination else { return }
        transaction {
            createSections(through: destination.section)
            moveItemUnrecorded(from: source, to: destination)
            recorder.record(.moveItem(from: source, to: destination))
        }
    }

    /// Moves an item without telling observers: for when the view already shows the move, such
    /// as after an interactive drag or a drop.
    ///
    /// Both sections must exist. Refused inside a transaction that has already recorded changes,
    /// since observers would then apply those to a state that moved under them.
    public func moveItemWithoutNotification(from source: IndexPath, to destination: IndexPath) {
        MainActorConfinement.check("MemoryStorage was mutated")
        let sourceCount = numberOfItems(inSection: source.section)
        let destinationCount = numberOfItems(inSection: destination.section)
        let available = destinationCount - (source.section == destination.section ? 1 : 0)
        guard source.isItemPosition, destination.isItemPosition, containsItem(at: source),
            sections.indices.contains(destination.section), destination.item <= available
        else {
            refuse(
                .moveItemFailedInvalidIndexPaths(
                    sourceIndexPath: source, destinationIndexPath: destination,
                    sourceElementsInSection: sourceCount, destinationElementsInSection: destinationCount))
            return
        }
        guard !recorder.hasPendingUpdate else {
            refuse(.moveWithoutNotificationInsideTransaction(sourceIndexPath: source, destinationIndexPath: destination))
            return
        }
        moveItemUnrecorded(from: source, to: destination)
    }

    private func moveItemUnrecorded(from source: IndexPath, to destination: IndexPath) {
        let model = sections[source.section].items.remove(at: source.item)
        sections[destination.section].items.insert(model, at: destination.item)
    }
}
