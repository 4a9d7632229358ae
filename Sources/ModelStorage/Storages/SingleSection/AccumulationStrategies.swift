/// Appends the new items after the old ones: `old + new`.
///
/// An identifier that is already present ends up twice; the storage keeps both and reports
/// ``StorageAnomaly/duplicateIdentifiers(kind:count:)``.
public struct AdditiveAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy; it has no settings.
    public init() {}

    public func accumulate<Item: Diffable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        oldItems + newItems
    }
}

/// Updates what is already there, appends the rest.
///
/// New items are taken one by one, in order: one whose identifier is present (among the old
/// items or the new ones appended before it) replaces that item at its position; any other is
/// appended. So `[a, b, c]` + `[b′, d]` gives `[a, b′, c, d]`: one update and one insert.
public struct UpdateOldValuesAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy; it has no settings.
    public init() {}

    public func accumulate<Item: Diffable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        var result = oldItems
        var positions: [Item.DiffIdentifier: Int] = [:]
        // The first occurrence of a (duplicated) old identifier is the one that gets replaced.
        for (index, item) in oldItems.enumerated().reversed() { positions[item.diffIdentifier] = index }
        for item in newItems {
            if let position = positions[item.diffIdentifier] {
                result[position] = item
            } else {
                positions[item.diffIdentifier] = result.count
                result.append(item)
            }
        }
        return result
    }
}

/// Moves what is already there to the end, with its new data.
///
/// New items are taken one by one, in order: every item with the same identifier (among the
/// old items or the new ones appended before it) is removed, then the new item is appended.
/// So `[a, b, c]` + `[b′, d]` gives `[a, c, b′, d]`: a move, an insert and an update.
public struct DeleteOldValuesAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy; it has no settings.
    public init() {}

    public func accumulate<Item: Diffable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        // The last new item of each identifier wins; every older occurrence goes.
        var lastNewIndex: [Item.DiffIdentifier: Int] = [:]
        for (index, item) in newItems.enumerated() { lastNewIndex[item.diffIdentifier] = index }
        let kept = oldItems.filter { lastNewIndex[$0.diffIdentifier] == nil }
        let appended = newItems.enumerated().filter { lastNewIndex[$0.element.diffIdentifier] == $0.offset }.map(\.element)
        return kept + appended
    }
}
