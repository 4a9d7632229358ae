/// How ``SingleSectionStorage/addItems(_:strategy:)`` merges new items into the current ones.
///
/// A strategy only computes the merged array; the storage diffs it against the current items,
/// so observers receive the minimal inserts, moves and in-place updates.
public protocol AccumulationStrategy {
    /// The items after adding `newItems` to `oldItems`.
    func accumulate<Item: Diffable>(oldItems: [Item], newItems: [Item]) -> [Item]
}

extension AccumulationStrategy where Self == AdditiveAccumulationStrategy {
    /// New items are appended as they are, even when their identifier is already present.
    public static var additive: AdditiveAccumulationStrategy { AdditiveAccumulationStrategy() }
}

extension AccumulationStrategy where Self == UpdateOldValuesAccumulationStrategy {
    /// An item whose identifier is present replaces the old one where it stands.
    public static var updateOldValues: UpdateOldValuesAccumulationStrategy { UpdateOldValuesAccumulationStrategy() }
}

extension AccumulationStrategy where Self == DeleteOldValuesAccumulationStrategy {
    /// An item whose identifier is present removes the old one and goes to the end.
    public static var deleteOldValues: DeleteOldValuesAccumulationStrategy { DeleteOldValuesAccumulationStrategy() }
}
