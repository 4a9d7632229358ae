/// The children of an ``OutlineTree`` node that has (or had) some, with the prefix sums of
/// their rows: kept apart from the nodes, so that a leaf, most of a big tree, holds no arrays.
struct OutlineChildList: Sendable {
    /// The child nodes, in order (`Int32`: see ``OutlineNode``).
    var children: [Int32] = []
    /// The rows each child shows, summed.
    var sums = OutlineRowSums()
    /// How many nodes under this one pass the tree's filter: while any does, the node shows, as
    /// their ancestor. 0 without a filter.
    var passingBelow: Int32 = 0
}

/// The children of a node as node numbers, read in place from their `Int32`s.
struct OutlineChildren: RandomAccessCollection, Sendable {
    let nodes: [Int32]

    init(_ nodes: [Int32]) { self.nodes = nodes }

    var startIndex: Int { 0 }
    var endIndex: Int { nodes.count }
    subscript(position: Int) -> Int { Int(nodes[position]) }
}

/// What a node is in its tree, read at once (``OutlineTree/subscript(_:)``): its fields, its
/// children and the rows it shows.
struct OutlineNodeView {
    let fields: OutlineNode
    let list: OutlineChildList?
    let childrenState: OutlineChildrenState
    /// Whether the tree's filter hides the node (``OutlineTree/isHidden(_:)``).
    let isHidden: Bool

    var parent: Int { Int(fields.parent) }
    var indexInParent: Int { Int(fields.indexInParent) }
    var level: Int { fields.level }
    var isExpanded: Bool { fields.isExpanded }
    var hasItem: Bool { fields.hasItem }
    var isStatus: Bool { fields.isStatus }
    var passesFilter: Bool { fields.passesFilter }
    var passingBelow: Int { Int(list?.passingBelow ?? 0) }
    var children: OutlineChildren { OutlineChildren(list?.children ?? []) }
    /// The rows of the children, expanded or not.
    var childRows: Int { list?.sums.total ?? 0 }

    /// The rows the node shows when its parent shows it: none when the filter hides it, else
    /// its own and, expanded, its children's (the root has no row of its own).
    var rows: Int {
        if fields.parent < 0 { return childRows }
        if isHidden { return 0 }
        return fields.isExpanded ? 1 + childRows : 1
    }
}
