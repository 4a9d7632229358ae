// Undo: a SortedStorage applies its changes in jobs, after the group that asked for them closed,
// so it reports the steps of each change itself, as the action that asked for it.
extension SortedStorage: UndoReportingStorage {
    /// Applies `steps` as one background change (see ``restore(_:completion:)``).
    public func restore(_ steps: [UndoStep]) {
        restore(steps) {}
    }

    /// Applies `steps` as one change, in the background like ``upsert(_:execution:completion:)``,
    /// then calls `completion` once observers have seen it. Positions do not matter: the sort
    /// places the items. An item put back or given its old value is upserted, one taken out is
    /// removed by identity; a move changes nothing.
    public func restore(_ steps: [UndoStep], completion: @escaping @MainActor () -> Void) {
        var operations: [SortedOperation<Item>] = []
        // Items to upsert, gathered into one operation while no identity repeats.
        var upserts: [Item] = []
        var upserted: Set<Item.DiffIdentifier> = []
        var identifiers: [ModelIdentity: Item.DiffIdentifier]?
        func flush() {
            guard !upserts.isEmpty else { return }
            operations.append(.upsert(upserts, firstSequence: reserveUndoSequences(upserts.count)))
            upserts = []
            upserted = []
        }
        func upsert(_ items: [Item]) {
            for item in items {
                if !upserted.insert(item.diffIdentifier).inserted { flush() }
                upserts.append(item)
                upserted.insert(item.diffIdentifier)
            }
        }
        for step in steps {
            switch step {
            case let .insert(models, _, _, _):
                upsert(models.compactMap { $0 as? Item })
            case let .replace(_, model):
                upsert([model].compactMap { $0 as? Item })
            case let .remove(identities):
                flush()
                // Identities are hashes of identifiers: read them back from the stored items.
                let known =
                    identifiers
                    ?? Dictionary(
                        state.entries.map { (ModelIdentity(of: Item.self, identifier: $0.item.diffIdentifier), $0.item.diffIdentifier) },
                        uniquingKeysWith: { first, _ in first })
                identifiers = known
                operations.append(.remove(identities.compactMap { known[$0] }))
            case .move, .storageDefined:
                continue
            }
        }
        flush()
        guard !operations.isEmpty else { return completion() }
        submit(operations, .background, completion)
    }

    private func reserveUndoSequences(_ count: Int) -> UInt64 {
        defer { nextSequence += UInt64(count) }
        return nextSequence
    }

    /// The steps that take back each of `changes` asked for in a user action, as applied in
    /// order to `old`: an upsert is taken back by the old value or a removal, a removal by the
    /// item put back, a reset by both. Empty when no change belongs to an action.
    func undoSteps(of changes: [PendingChange], from old: State) -> [(UndoActionToken, [UndoStep])] {
        guard changes.contains(where: { $0.action != nil }) else { return [] }
        var values = UndoOverlay(old)
        var result: [(UndoActionToken, [UndoStep])] = []
        for change in changes {
            var steps: [UndoStep] = []
            switch change.operation {
            case let .upsert(items, _):
                var removed: [ModelIdentity] = []
                for item in items {
                    let identity = ModelIdentity(of: Item.self, identifier: item.diffIdentifier)
                    if let previous = values[item.diffIdentifier] {
                        steps.append(.replace(identity, with: previous))
                    } else {
                        removed.append(identity)
                    }
                    values[item.diffIdentifier] = item
                }
                if !removed.isEmpty { steps.append(.remove(removed)) }
            case let .remove(identifiers):
                let previous = identifiers.compactMap { values[$0] }
                for identifier in identifiers { values[identifier] = nil }
                if !previous.isEmpty { steps.append(.insert(models: previous, after: nil, section: 0, index: 0)) }
            case let .reset(items, _):
                let before = values.all()
                let stayed = Set(before.map(\.diffIdentifier))
                let kept = Set(items.map(\.diffIdentifier))
                let gone = before.filter { !kept.contains($0.diffIdentifier) }
                if !gone.isEmpty { steps.append(.insert(models: gone, after: nil, section: 0, index: 0)) }
                for previous in before where kept.contains(previous.diffIdentifier) {
                    steps.append(.replace(ModelIdentity(of: Item.self, identifier: previous.diffIdentifier), with: previous))
                }
                let new = items.filter { !stayed.contains($0.diffIdentifier) }
                if !new.isEmpty { steps.append(.remove(new.map { ModelIdentity(of: Item.self, identifier: $0.diffIdentifier) })) }
                values.clear()
                for item in items { values[item.diffIdentifier] = item }
            case .setComparator:
                break
            }
            if let action = change.action { result.append((action, steps)) }
        }
        return result
    }

    func reportUndoSteps(_ steps: [(UndoActionToken, [UndoStep])]) {
        for (action, steps) in steps { undoReporter?.report(steps, for: action) }
    }
}

extension SortedOperation {
    /// Whether the operation changes items (a sort only reorders them: nothing to undo).
    var changesItems: Bool {
        if case .setComparator = self { return false }
        return true
    }
}

/// The items of a sorted state as changes applied one after another left them, by identifier,
/// without copying the state.
private struct UndoOverlay<Item: Diffable & Sendable, SectionKey: Hashable & Comparable & Sendable>
where Item.DiffIdentifier: Sendable {
    private let base: SortedState<Item, SectionKey>
    private var changed: [Item.DiffIdentifier: Item?] = [:]
    /// Whether the base's items are gone (a reset).
    private var cleared = false

    init(_ base: SortedState<Item, SectionKey>) {
        self.base = base
    }

    subscript(identifier: Item.DiffIdentifier) -> Item? {
        get {
            if let value = changed[identifier] { return value }
            guard !cleared else { return nil }
            return base.position(of: identifier).map { base.entries[$0].item }
        }
        set { changed[identifier] = .some(newValue) }
    }

    mutating func clear() {
        changed = [:]
        cleared = true
    }

    /// Every item, in no particular order.
    func all() -> [Item] {
        let unchanged = cleared ? [] : base.entries.lazy.map(\.item).filter { changed[$0.diffIdentifier] == nil }
        return unchanged + changed.values.compactMap { $0 }
    }
}
