extension MemoryStorage {
    /// Removes the first item equal to `item`.
    ///
    /// - Throws: ``StorageAnomaly/removeItemFailedItemNotFound(itemDescription:)``; nothing changes then.
    public func removeItem<T: Equatable>(_ item: T) throws(StorageAnomaly) {
        guard let indexPath = indexPath(forItem: item) else {
            throw refuse(.removeItemFailedItemNotFound(itemDescription: String(describing: item)))
        }
        removeValidatedItems(at: [indexPath])
    }

    /// Removes one stored item per element of `items`, matched by hash and equality in O(N + k).
    ///
    /// Equal values are matched deterministically: the *n*-th occurrence of a value in `items`
    /// removes its *n*-th occurrence in storage order. If some element has no match left, the
    /// request is refused as a whole: nothing is removed.
    public func removeItems<T: Hashable>(_ items: [T]) {
        var wanted: [T: Int] = [:]
        for item in items { wanted[item, default: 0] += 1 }
        var found: [IndexPath] = []
        found.reserveCapacity(items.count)
        for (sectionIndex, section) in sections.enumerated() where !wanted.isEmpty {
            for (itemIndex, model) in section.items.enumerated() {
                guard let value = model as? T, let remaining = wanted[value] else { continue }
                wanted[value] = remaining == 1 ? nil : remaining - 1
                found.append(IndexPath(item: itemIndex, section: sectionIndex))
                if wanted.isEmpty { break }
            }
        }
        if let missing = items.first(where: { wanted[$0] != nil }) {
            refuse(.removeItemFailedItemNotFound(itemDescription: String(describing: missing)))
            return
        }
        removeValidatedItems(at: found)
    }

    /// Removes one stored item per element of `items`, for values that are only `Equatable`:
    /// O(N · k). Matching and refusal are those of the `Hashable` overload.
    public func removeItems<T: Equatable>(_ items: [T]) {
        var claimed = Set<IndexPath>()
        for item in items {
            guard let indexPath = firstUnclaimedIndexPath(of: item, claimed: claimed) else {
                refuse(.removeItemFailedItemNotFound(itemDescription: String(describing: item)))
                return
            }
            claimed.insert(indexPath)
        }
        removeValidatedItems(at: Array(claimed))
    }

    /// Removes the items at `indexPaths` (listing one twice removes it once). If any index path
    /// addresses no item, nothing is removed.
    public func removeItems(at indexPaths: [IndexPath]) {
        if let absence = indexPaths.lazy.compactMap(absenceOfItem(at:)).first {
            refuse(absence)
            return
        }
        removeValidatedItems(at: Array(Set(indexPaths)))
    }

    /// Removes every item of `section`; the section stays.
    public func removeItems(fromSection section: Int) {
        guard sections.indices.contains(section) else {
            refuse(
                .sectionIndexOutOfRange(
                    operation: .removeItemsFromSection, index: section, numberOfSections: sections.count))
            return
        }
        transaction {
            let count = sections[section].items.count
            sections[section].items.removeAll()
            for item in stride(from: count - 1, through: 0, by: -1) {
                recorder.record(.deleteItem(at: IndexPath(item: item, section: section)))
            }
        }
    }

    /// Deletes the sections at `indexes` with their items (listing one twice deletes it once).
    /// If any index addresses no section, nothing is deleted.
    public func deleteSections(_ indexes: some Sequence<Int>) {
        let unique = Set(indexes)
        if let bad = unique.sorted().first(where: { !sections.indices.contains($0) }) {
            refuse(.sectionIndexOutOfRange(operation: .deleteSections, index: bad, numberOfSections: sections.count))
            return
        }
        transaction {
            // Highest first, so each recorded index is still valid when it is applied.
            for index in unique.sorted(by: >) {
                sections.remove(at: index).storage = nil
                shiftStoredSupplements(deletingAt: index)
                recorder.record(.deleteSection(index))
            }
        }
    }

    /// Removes the items at distinct, valid `indexPaths` in O(N + k log k) and records the
    /// deletes from the last position to the first, so each is valid when applied in order.
    private func removeValidatedItems(at indexPaths: [IndexPath]) {
        guard !indexPaths.isEmpty else { return }
        let descending = indexPaths.sorted(by: >)
        transaction {
            var offsetsBySection: [Int: [Int]] = [:]
            for indexPath in descending.reversed() {
                offsetsBySection[indexPath.section, default: []].append(indexPath.item)
            }
            for (section, offsets) in offsetsBySection {
                sections[section].items.remove(atAscendingOffsets: offsets)
            }
            for indexPath in descending {
                recorder.record(.deleteItem(at: indexPath))
            }
        }
    }

    private func firstUnclaimedIndexPath<T: Equatable>(of item: T, claimed: Set<IndexPath>) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() {
            for (itemIndex, model) in section.items.enumerated() where (model as? T) == item {
                let indexPath = IndexPath(item: itemIndex, section: sectionIndex)
                if !claimed.contains(indexPath) { return indexPath }
            }
        }
        return nil
    }
}
