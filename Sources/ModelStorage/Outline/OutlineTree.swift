/// The nodes of an outline and the rows they show, for ``OutlineSnapshot``.
///
/// Every node keeps how many rows it shows when its parent shows it (``Node/rows``: itself and,
/// expanded, its children's) and the prefix sums of its children's rows (``PrefixSums``).
/// A row's node and a node's row are then found by descending or climbing the tree, in
/// O(depth × log children); expanding or collapsing a node changes the sums of its ancestors
/// alone, however many children it has. Collapsing keeps every descendant's flag.
struct OutlineTree<Item: Sendable>: Sendable {
    static var root: Int { 0 }

    // The nodes apart from their items: code generic over the item reads and writes a node's
    // fields in place, where a generic node would be copied whole through its value witnesses.
    private(set) var nodes = [OutlineNode(hasItem: false, parent: -1, isExpanded: true, rows: 0, level: -1)]
    /// Each node's item; nil for the root, a status row and a free slot.
    private(set) var items: [Item?] = [nil]
    /// Slots of removed nodes, reused by the next insertions.
    private var freeSlots: [Int] = []

    // Read in place: a copy of a node would retain and release its arrays on every look-up.
    subscript(node: Int) -> OutlineNode {
        _read { yield nodes[node] }
    }

    /// The item of `node`; nil for the root and a status row.
    func item(of node: Int) -> Item? { items[node] }

    /// The number of rows the outline shows.
    var visibleCount: Int { nodes[Self.root].rows }

    // MARK: - Structure

    /// Inserts new collapsed nodes for `items` among `parent`'s children at `index`; returns
    /// them. O(items × log children) at the end, else O(children of parent + items).
    @discardableResult
    mutating func insert(_ items: [Item], under parent: Int, at index: Int) -> [Int] {
        let level = nodes[parent].level + 1
        let made = items.map { item in
            allocate(OutlineNode(hasItem: true, parent: parent, isExpanded: false, rows: 1, level: level), item)
        }
        if index == nodes[parent].children.count {
            // At the end nothing is renumbered and the sums grow in place: filling a node one
            // child at a time stays linear.
            for (offset, node) in made.enumerated() { nodes[node].indexInParent = index + offset }
            nodes[parent].children.append(contentsOf: made)
            nodes[parent].sums.append(contentsOf: repeatElement(1, count: made.count))
        } else {
            nodes[parent].children.insert(contentsOf: made, at: index)
            childrenChanged(of: parent, from: index)
        }
        if nodes[parent].isExpanded { addRows(made.count, to: parent) }
        return made
    }

    /// Inserts a status row's node as the only child of `parent`; returns it.
    @discardableResult
    mutating func insertStatus(under parent: Int) -> Int {
        let made = allocate(OutlineNode(hasItem: false, parent: parent, isExpanded: false, rows: 1, level: nodes[parent].level + 1), nil)
        nodes[parent].children.insert(made, at: 0)
        childrenChanged(of: parent, from: 0)
        if nodes[parent].isExpanded { addRows(1, to: parent) }
        return made
    }

    /// Sets whether `node`'s children are read.
    mutating func setChildrenState(_ state: OutlineChildrenState, of node: Int) {
        nodes[node].childrenState = state
    }

    /// Removes `node` and its descendants; returns the items removed, the node's first.
    @discardableResult
    mutating func remove(_ node: Int) -> [Item] {
        let parent = nodes[node].parent
        let index = nodes[node].indexInParent
        let rows = nodes[node].rows
        nodes[parent].children.remove(at: index)
        childrenChanged(of: parent, from: index)
        if nodes[parent].isExpanded { addRows(-rows, to: parent) }
        var removed: [Item] = []
        var pending = [node]
        while let next = pending.popLast() {
            if let item = items[next] { removed.append(item) }
            pending.append(contentsOf: nodes[next].children.reversed())
            nodes[next] = OutlineNode(hasItem: false, parent: -1, isExpanded: false, rows: 0, level: -1)
            items[next] = nil
            freeSlots.append(next)
        }
        return removed
    }

    /// Expands or collapses `node`; its descendants keep their own flags.
    mutating func setExpanded(_ expanded: Bool, _ node: Int) {
        guard node != Self.root, nodes[node].isExpanded != expanded else { return }
        let children = nodes[node].sums.total
        if expanded {
            nodes[node].isExpanded = true
            addRows(children, to: node)
        } else {
            addRows(-children, to: node)
            nodes[node].isExpanded = false
        }
    }

    private mutating func allocate(_ node: OutlineNode, _ item: Item?) -> Int {
        if let slot = freeSlots.popLast() {
            nodes[slot] = node
            items[slot] = item
            return slot
        }
        nodes.append(node)
        items.append(item)
        return nodes.count - 1
    }

    /// Renumbers `parent`'s children from `index` and rebuilds its sums.
    private mutating func childrenChanged(of parent: Int, from index: Int) {
        let children = nodes[parent].children
        for position in index..<children.count { nodes[children[position]].indexInParent = position }
        let rows = children.map { nodes[$0].rows }
        nodes[parent].sums = PrefixSums(rows)
    }

    /// `node` shows `delta` more rows: its ancestors up to the first collapsed one show them too.
    private mutating func addRows(_ delta: Int, to node: Int) {
        guard delta != 0 else { return }
        var current = node
        while true {
            nodes[current].rows += delta
            let parent = nodes[current].parent
            guard parent >= 0 else { return }
            nodes[parent].sums.add(delta, at: nodes[current].indexInParent)
            guard nodes[parent].isExpanded else { return }
            current = parent
        }
    }

    // MARK: - Rows

    /// Whether every ancestor of `node` is expanded.
    func isVisible(_ node: Int) -> Bool {
        var current = nodes[node].parent
        while current > Self.root {
            if !nodes[current].isExpanded { return false }
            current = nodes[current].parent
        }
        return current == Self.root
    }

    /// The row `node` shows, counted from 0; nil when an ancestor is collapsed.
    func row(of node: Int) -> Int? {
        guard isVisible(node) else { return nil }
        var row = 0
        var current = node
        while current != Self.root {
            let parent = nodes[current].parent
            row += nodes[parent].sums.sum(before: nodes[current].indexInParent) + (parent == Self.root ? 0 : 1)
            current = parent
        }
        return row
    }

    /// The node that shows row `row`; nil past the last row.
    func node(atRow row: Int) -> Int? {
        var current = Self.root
        var remaining = row
        while let (slot, before) = nodes[current].sums.slot(holding: remaining) {
            let child = nodes[current].children[slot]
            remaining -= before
            if remaining == 0 { return child }
            remaining -= 1
            current = child
        }
        return nil
    }

    /// The nodes `node`'s rows show, itself first unless it is the root, in order (depth
    /// first, into expanded nodes only).
    func visibleNodes(from node: Int) -> [Int] {
        var shown: [Int] = []
        shown.reserveCapacity(nodes[node].rows)
        var pending = node == Self.root || nodes[node].isExpanded ? nodes[node].children.reversed() : []
        if node != Self.root { shown.append(node) }
        while let next = pending.popLast() {
            shown.append(next)
            if nodes[next].isExpanded { pending.append(contentsOf: nodes[next].children.reversed()) }
        }
        return shown
    }

    /// `node`'s descendants, depth first, expanded or not.
    func descendants(of node: Int) -> [Int] {
        var found: [Int] = []
        var pending = Array(nodes[node].children.reversed())
        while let next = pending.popLast() {
            found.append(next)
            if !nodes[next].children.isEmpty { pending.append(contentsOf: nodes[next].children.reversed()) }
        }
        return found
    }

    /// `node` and its descendants that have children, each before its own descendants (in no
    /// particular order among siblings): the nodes that open and close. Leaves are read, never
    /// collected.
    func branches(from node: Int) -> [Int] {
        var found: [Int] = []
        var pending = [node]
        while let next = pending.popLast() {
            guard !nodes[next].children.isEmpty else { continue }
            found.append(next)
            for child in nodes[next].children where !nodes[child].children.isEmpty { pending.append(child) }
        }
        return found
    }
}
