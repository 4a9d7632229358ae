/// Where items go in an outline: before or after an item, as its siblings, or into an item as
/// its last children (into the top level when nil).
public enum OutlinePlacement<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Just before the item, as its sibling.
    case before(ItemID)
    /// Just after the item (and what is under it), as its sibling.
    case after(ItemID)
    /// After the item's children, as its last child; at the end of the top level when nil.
    case into(ItemID?)
}

/// Where rows dropped on a tree's row go: before it or after it as its siblings, or into it as
/// its last children. A list computes it from the pointer (``OutlineProviding/moveRows(at:to:)``).
public enum OutlineRowPlacement: Hashable, Sendable {
    /// Before the row's item, as its sibling.
    case before(IndexPath)
    /// After the row's item (and what is under it), as its sibling.
    case after(IndexPath)
    /// Into the row's item, as its last child.
    case into(IndexPath)

    /// The row the placement is relative to.
    public var indexPath: IndexPath {
        switch self {
        case let .before(indexPath), let .after(indexPath), let .into(indexPath): indexPath
        }
    }
}
