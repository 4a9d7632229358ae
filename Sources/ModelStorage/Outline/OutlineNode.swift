/// A node of an ``OutlineTree``, its item apart: where it sits, the rows it shows, whether its
/// children are open and read, and whether it passes the tree's filter.
struct OutlineNode: Sendable {
    /// False for the root, a status row and a free slot.
    var hasItem: Bool
    var parent: Int
    var indexInParent = 0
    var children: [Int] = []
    var sums = PrefixSums()
    var isExpanded: Bool
    /// The rows the node shows when its parent shows it.
    var rows: Int
    /// 0 for top-level items, -1 for the root.
    var level: Int
    /// Whether the children are read (``OutlineChildrenState``).
    var childrenState = OutlineChildrenState.loaded
    /// Whether the item passes the tree's filter; true without one.
    var passesFilter = true
    /// How many nodes under this one pass the tree's filter: while any does, it shows, as their
    /// ancestor. 0 without a filter.
    var passingBelow = 0

    /// A status row's node: the one child of an item whose children are loading or failed to
    /// load. It has no item and is no item's node.
    var isStatus: Bool { !hasItem && parent >= 0 }
}
