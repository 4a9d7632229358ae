extension MemoryStorage {
    /// Appends `item` to `section`, creating sections up to it.
    public func addItem(_ item: Any, toSection section: Int = 0) {
        addItems([item], toSection: section)
    }

    /// Appends `items` to `section`, creating sections up to it. Records one insert per item.
    public func addItems<Model>(_ items: [Model], toSection section: Int = 0) {
        let items = items.asAnyModels
        guard section >= 0 else {
            refuse(.invalidIndexPath(indexPath: IndexPath(item: 0, section: section)))
            return
        }
        transaction {
            createSections(through: section)
            let start = sections[section].items.count
            sections[section].items.append(contentsOf: items)
            for (offset, model) in items.enumerated() {
                recorder.record(.insertItem(at: IndexPath(item: start + offset, section: section), model: model))
            }
        }
    }

    /// Inserts `item` at `indexPath`, creating sections up to its section.
    ///
    /// - Throws: ``StorageAnomaly/insertionIndexPathTooBig(indexPath:countOfElementsInSection:)``
    ///   when the item index is past the end of the section; nothing changes then.
    public func insertItem(_ item: Any, to indexPath: IndexPath) throws(StorageAnomaly) {
        try insertItems([item], at: indexPath)
    }

    /// Inserts `items` contiguously from `indexPath`, creating sections up to its section.
    ///
    /// - Throws: ``StorageAnomaly/insertionIndexPathTooBig(indexPath:countOfElementsInSection:)``
    ///   when the item index is past the end of the section; nothing changes then.
    public func insertItems<Model>(_ items: [Model], at indexPath: IndexPath) throws(StorageAnomaly) {
        let items = items.asAnyModels
        guard indexPath.isItemPosition else { throw refuse(.invalidIndexPath(indexPath: indexPath)) }
        try validateInsertion(at: indexPath, count: numberOfItems(inSection: indexPath.section))
        transaction {
            createSections(through: indexPath.section)
            sections[indexPath.section].items.insert(contentsOf: items, at: indexPath.item)
            for (offset, model) in items.enumerated() {
                recorder.record(
                    .insertItem(at: IndexPath(item: indexPath.item + offset, section: indexPath.section), model: model))
            }
        }
    }

    /// Inserts `items[i]` at `indexPaths[i]`, in order, each index path read after the inserts
    /// before it. Sections are created as needed.
    ///
    /// The batch is all or nothing: a count mismatch or any index path past the end of its
    /// section (at its turn) is reported and nothing is inserted.
    public func insertItems<Model>(_ items: [Model], to indexPaths: [IndexPath]) {
        let items = items.asAnyModels
        guard items.count == indexPaths.count else {
            refuse(.batchInsertionItemCountMismatch(itemsCount: items.count, indexPathsCount: indexPaths.count))
            return
        }
        // Validate against simulated counts first, so a bad path late in the batch changes nothing.
        var counts: [Int: Int] = [:]
        for indexPath in indexPaths {
            guard indexPath.isItemPosition else {
                refuse(.invalidIndexPath(indexPath: indexPath))
                return
            }
            let count = counts[indexPath.section] ?? numberOfItems(inSection: indexPath.section)
            do { try validateInsertion(at: indexPath, count: count) } catch { return }
            counts[indexPath.section] = count + 1
        }
        transaction {
            for (model, indexPath) in zip(items, indexPaths) {
                createSections(through: indexPath.section)
                sections[indexPath.section].items.insert(model, at: indexPath.item)
                recorder.record(.insertItem(at: indexPath, model: model))
            }
        }
    }

    /// Inserts a detached `section` at `index` (at most the number of sections). Records the
    /// section insert followed by one insert per item of the section.
    public func insertSection(_ section: SectionModel, at index: Int) {
        guard (0...sections.count).contains(index) else {
            refuse(.sectionIndexOutOfRange(operation: .insertSection, index: index, numberOfSections: sections.count))
            return
        }
        guard section.storage == nil else {
            refuse(.sectionAlreadyInStorage(operation: .insertSection, index: index))
            return
        }
        transaction { insertSectionRecorded(section, at: index) }
    }

    private func validateInsertion(at indexPath: IndexPath, count: Int) throws(StorageAnomaly) {
        guard indexPath.item <= count else {
            throw refuse(.insertionIndexPathTooBig(indexPath: indexPath, countOfElementsInSection: count))
        }
    }
}
