/// The nodes of an outline and the rows they show, for ``OutlineSnapshot``.
///
/// Every node keeps how many rows it shows when its parent shows it (``Node/rows``: itself and,
/// expanded, its children's) and the prefix sums of its children's rows (``PrefixSums``).
/// A row's node and a node's row are then found by descending or climbing the tree, in
/// O(depth × log children); expanding or collapsing a node changes the sums of its ancestors
/// alone, however many children it has. Collapsing keeps every descendant's flag.
///
/// Under a filter (``setFilter(_:passes:)``) an item shows when it passes or when an item under
/// it does; a hidden node shows no rows, so the sums skip it and every look-up above holds.
struct OutlineTree<Item: Sendable>: Sendable {
    static var root: Int { 0 }

    // The nodes apart from their items: code generic over the item reads and writes a node's
    // fields in place, where a generic node would be copied whole through its value witnesses.
    private(set) var nodes = [OutlineNode(hasItem: false, parent: -1, isExpanded: true, rows: 0, level: -1)]
    /// Each node's item; nil for the root, a status row and a free slot.
    private(set) var items: [Item?] = [nil]
    /// Slots of removed nodes, reused by the next insertions.
    private var freeSlots: [Int] = []
    /// Whether an item shows; nil shows every item. New items are tried as they are inserted.
    var filter: (@Sendable (Item) -> Bool)?

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
        var passing = 0
        let made = items.map { item in
            var node = OutlineNode(hasItem: true, parent: parent, isExpanded: false, rows: 1, level: level)
            if let filter, !filter(item) {
                node.passesFilter = false
                node.rows = 0
            } else {
                passing += 1
            }
            return allocate(node, item)
        }
        if index == nodes[parent].children.count {
            // At the end nothing is renumbered and the sums grow in place: filling a node one
            // child at a time stays linear.
            for (offset, node) in made.enumerated() { nodes[node].indexInParent = index + offset }
            nodes[parent].children.append(contentsOf: made)
            let rows = made.map { nodes[$0].rows }
            if nodes[parent].sums.count == 0 {
                // Filled at once (a regrouping's group, a reload): O(n), not O(n log n).
                nodes[parent].sums = PrefixSums(rows)
            } else {
                nodes[parent].sums.append(contentsOf: rows)
            }
        } else {
            nodes[parent].children.insert(contentsOf: made, at: index)
            childrenChanged(of: parent, from: index)
        }
        if filter != nil { addPassing(passing, above: made.first ?? parent) }
        refreshRows(from: parent, wholeChain: filter != nil)
        return made
    }

    /// Inserts a status row's node as the only child of `parent`; returns it.
    @discardableResult
    mutating func insertStatus(under parent: Int) -> Int {
        let made = allocate(OutlineNode(hasItem: false, parent: parent, isExpanded: false, rows: 1, level: nodes[parent].level + 1), nil)
        nodes[parent].children.insert(made, at: 0)
        childrenChanged(of: parent, from: 0)
        refreshRows(from: parent, wholeChain: false)
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
        let passing = nodes[node].passingBelow + (nodes[node].passesFilter && nodes[node].hasItem ? 1 : 0)
        nodes[parent].children.remove(at: index)
        childrenChanged(of: parent, from: index)
        if filter != nil { addPassing(-passing, above: node) }
        refreshRows(from: parent, wholeChain: filter != nil)
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
        nodes[node].isExpanded = expanded
        refreshRows(from: node, wholeChain: false)
    }

    /// Makes room for `count` nodes in all, so that filling a tree of a million nodes does
    /// not copy its arrays as they grow.
    mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        items.reserveCapacity(count)
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

    /// Orders the children of `parent` as `precedes` says, children that tie keeping their order.
    mutating func sortChildren(of parent: Int, by precedes: (Int, Int) -> Bool?) {
        let children = nodes[parent].children
        guard children.count > 1 else { return }
        let sorted = children.sorted { lhs, rhs in precedes(lhs, rhs) ?? (nodes[lhs].indexInParent < nodes[rhs].indexInParent) }
        guard sorted != children else { return }
        nodes[parent].children = sorted
        childrenChanged(of: parent, from: 0)
    }

    /// Renumbers `parent`'s children from `index` and rebuilds its sums.
    private mutating func childrenChanged(of parent: Int, from index: Int) {
        let children = nodes[parent].children
        for position in index..<children.count { nodes[children[position]].indexInParent = position }
        let rows = children.map { nodes[$0].rows }
        nodes[parent].sums = PrefixSums(rows)
    }

    /// Filters the items by `filter` (nil: every item shows), each one's verdict read from
    /// `passes` (by slot, as ``passes(of:filter:cancellation:)`` gives them) or asked here, then
    /// counts every node's rows again, children before parents. O(nodes).
    mutating func setFilter(_ filter: (@Sendable (Item) -> Bool)?, passes: [Bool]? = nil) {
        self.filter = filter
        for slot in nodes.indices where nodes[slot].hasItem {
            nodes[slot].passesFilter = filter == nil || (passes?[slot] ?? filter!(items[slot]!))
        }
        // Depth first, reversed: every node comes after its children.
        for node in ([Self.root] + descendants(of: Self.root)).reversed() {
            var passing = 0
            for child in nodes[node].children where filter != nil && nodes[child].hasItem {
                passing += nodes[child].passingBelow + (nodes[child].passesFilter ? 1 : 0)
            }
            nodes[node].passingBelow = node == Self.root ? 0 : passing
            nodes[node].sums = PrefixSums(nodes[node].children.map { nodes[$0].rows })
            nodes[node].rows = shownRows(of: node)
        }
    }

    /// Whether each slot's item passes `filter`, false for a slot without one: what
    /// ``setFilter(_:passes:)`` reads, made on any thread. Nil once `cancellation` is raised.
    static func passes(of items: [Item?], filter: @Sendable (Item) -> Bool, cancellation: ScanCancellation?) -> [Bool]? {
        var passes = [Bool](repeating: false, count: items.count)
        for (slot, item) in items.enumerated() {
            if slot % 4096 == 0, cancellation?.isRaised == true { return nil }
            if let item { passes[slot] = filter(item) }
        }
        return passes
    }

    /// Counts the rows of `node` again from its flags and its children's sums, then of each
    /// ancestor in turn: up to the first whose rows stay (a collapsed one), or to the top with
    /// `wholeChain` (under a filter an ancestor may show or hide however its rows went).
    private mutating func refreshRows(from node: Int, wholeChain: Bool) {
        var current = node
        while true {
            let rows = shownRows(of: current)
            let delta = rows - nodes[current].rows
            nodes[current].rows = rows
            let parent = nodes[current].parent
            guard parent >= 0 else { return }
            if delta != 0 {
                nodes[parent].sums.add(delta, at: nodes[current].indexInParent)
            } else if !wholeChain {
                return
            }
            current = parent
        }
    }

    /// The rows `node` shows when its parent shows it: none when the filter hides it, else its
    /// own and, expanded, its children's (the root has no row of its own).
    private func shownRows(of node: Int) -> Int {
        if node == Self.root { return nodes[node].sums.total }
        if isHidden(node) { return 0 }
        return nodes[node].isExpanded ? 1 + nodes[node].sums.total : 1
    }

    /// Whether the filter hides `node`: an item that fails it with nothing under it passing.
    /// Status rows and the root never hide.
    func isHidden(_ node: Int) -> Bool {
        filter != nil && nodes[node].hasItem && !nodes[node].passesFilter && nodes[node].passingBelow == 0
    }

    /// `delta` more nodes pass under each ancestor of `node`.
    private mutating func addPassing(_ delta: Int, above node: Int) {
        guard delta != 0 else { return }
        var current = nodes[node].parent
        while current > Self.root {
            nodes[current].passingBelow += delta
            current = nodes[current].parent
        }
    }

    // MARK: - Rows

    /// Whether `node` shows: every ancestor is expanded and the filter keeps it.
    func isVisible(_ node: Int) -> Bool {
        // An ancestor of a node the filter keeps is kept too.
        guard !isHidden(node) else { return false }
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
            guard nodes[next].rows > 0 else { continue }
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

    /// The expanded nodes, each before its own descendants (in no particular order among
    /// siblings), leaves opened before they had children among them. Only nodes with children
    /// are descended into and collected into the walk: a leaf costs a read.
    func expandedNodes() -> [Int] {
        var found: [Int] = []
        var pending = [Self.root]
        while let next = pending.popLast() {
            for child in nodes[next].children {
                if nodes[child].isExpanded { found.append(child) }
                if !nodes[child].children.isEmpty { pending.append(child) }
            }
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
