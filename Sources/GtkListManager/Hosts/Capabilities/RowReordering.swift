import ModelStorage

/// A host that puts a run of its rows in a new order at once: a re-sort of a hundred thousand
/// rows is one call, not a hundred thousand moves. A host that does not adopt it gets the
/// reordering's moves (`ItemReordering.move(at:)`), one by one or, through
/// ``SpliceBatching``, together.
@MainActor
public protocol RowReordering: ListHost {
    /// Reorders the rows from `firstPosition` as `reordering` reorders its section's items: the
    /// row at `firstPosition + i` afterwards is the one that was at
    /// `firstPosition + reordering.sources[i]`, its widget and state carried along.
    func reorderRows(startingAt firstPosition: Int, _ reordering: ItemReordering)
}
