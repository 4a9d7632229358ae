/// Where items go in an outline: before or after an item, as its siblings, or into an item as
/// its last children (into the top level when nil).
public enum OutlinePlacement<ItemID: Hashable & Sendable>: Hashable, Sendable {
    case before(ItemID)
    case after(ItemID)
    case into(ItemID?)
}

/// Where rows dropped on a tree's row go: before it or after it as its siblings, or into it as
/// its last children. A list computes it from the pointer (``OutlineProviding/moveRows(at:to:)``).
public enum OutlineRowPlacement: Hashable, Sendable {
    case before(IndexPath)
    case after(IndexPath)
    case into(IndexPath)

    /// The row the placement is relative to.
    public var indexPath: IndexPath {
        switch self {
        case let .before(indexPath), let .after(indexPath), let .into(indexPath): indexPath
        }
    }
}
