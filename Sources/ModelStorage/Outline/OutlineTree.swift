/// The nodes of an outline and the rows they show, for ``OutlineSnapshot``.
///
/// Every node with children keeps the prefix sums of its children's rows (``OutlineRowSums``);
/// the rows a node shows follow from its flags and those sums (``OutlineNodeView/rows``). A
/// row's node and a node's row are then found by descending or climbing the tree, in
/// O(depth × log children); expanding or collapsing a node changes the sums of its ancestors
/// alone, however many children it has. Collapsing keeps every descendant's flag.
///
/// Under a filter (``setFilter(_:passes:)``) an item shows when it passes or when an item under
/// it does; a hidden node shows no rows, so the sums skip it and every look-up above holds.
///
/// A node is 16 bytes (``OutlineNode``) and its item its own size: children and sums live in
/// ``OutlineChildList``s, one per node that has children, so a leaf holds no array.
struct OutlineTree<Item: Sendable>: Sendable {
    static var root: Int { 0 }

    // The nodes apart from their items: code generic over the item reads and writes a node's
    // fields in place, where a generic node would be copied whole through its value witnesses.
    private(set) var nodes = [OutlineNode.root]
    /// Each node's item; nil for the root, a status row and a free slot.
    private(set) var items: [Item?] = [nil]
    /// The children of the nodes that have or had some (the root's first), by
    /// ``OutlineNode/childList``.
    private(set) var childLists = [OutlineChildList()]
    /// Slots of removed nodes, reused by the next insertions.
    private var freeSlots: [Int32] = []
    /// Child lists of removed nodes, reused likewise.
    private var freeChildLists: [Int32] = []
    /// The messages of the nodes whose children failed to load.
    private var failures: [Int32: String] = [:]
    /// Whether an item shows; nil shows every item. New items are tried as they are inserted.
    var filter: (@Sendable (Item) -> Bool)?

    /// What `node` is: its fields, its children, the rows it shows.
    subscript(node: Int) -> OutlineNodeView {
        let fields = nodes[node]
        return OutlineNodeView(
            fields: fields, list: fields.childList >= 0 ? childLists[Int(fields.childList)] : nil,
            childrenState: childrenState(of: node), isHidden: isHidden(node))
    }

    /// The item of `node`; nil for the root and a status row.
    func item(of node: Int) -> Item? { items[node] }

    /// The number of rows the outline shows.
    var visibleCount: Int { childRows(of: Self.root) }

    /// The children of `node`, in order.
    func children(of node: Int) -> OutlineChildren {
        OutlineChildren(childList(of: node).map { childLists[$0].children } ?? [])
    }

    /// How many children `node` has.
    func childCount(of node: Int) -> Int {
        childList(of: node).map { childLists[$0].children.count } ?? 0
    }

    /// Whether `node` has children.
    func hasChildren(_ node: Int) -> Bool { childCount(of: node) > 0 }

    /// `node`'s child at `index`.
    func child(of node: Int, at index: Int) -> Int {
        Int(childLists[Int(nodes[node].childList)].children[index])
    }

    /// The rows `node`'s children show, expanded or not.
    func childRows(of node: Int) -> Int {
        childList(of: node).map { childLists[$0].sums.total } ?? 0
    }

    /// How many nodes under `node` pass the filter.
    func passingBelow(_ node: Int) -> Int {
        childList(of: node).map { Int(childLists[$0].passingBelow) } ?? 0
    }

    func childList(of node: Int) -> Int? {
        let list = nodes[node].childList
        return list >= 0 ? Int(list) : nil
    }

    /// Whether `node`'s children are read.
    func childrenState(of node: Int) -> OutlineChildrenState {
        switch nodes[node].childrenStateKind {
        case .loaded: .loaded
        case .unloaded: .unloaded
        case .loading: .loading
        case .failed: .failed(failures[Int32(node)] ?? "")
        }
    }

    // MARK: - Structure

    /// Inserts new collapsed nodes for `items` among `parent`'s children at `index`; returns
    /// them. O(items × log children) at the end, else O(children of parent + items).
    @discardableResult
    mutating func insert(_ items: [Item], under parent: Int, at index: Int) -> [Int] {
        let level = nodes[parent].level + 1
        precondition(
            level <= OutlineNode.maximumLevel, "OutlineSnapshot: an outline is at most \(OutlineNode.maximumLevel + 1) levels deep")
        var made: [Int] = []
        made.reserveCapacity(items.count)
        // Free slots first, then new ones at the end, made at once.
        let reused = min(freeSlots.count, items.count)
        for item in items[..<reused] {
            let slot = Int(freeSlots.removeLast())
            nodes[slot] = OutlineNode(hasItem: true, parent: parent, isExpanded: false, level: level)
            self.items[slot] = item
            made.append(slot)
        }
        let fresh = items.count - reused
        if fresh > 0 {
            precondition(nodes.count + fresh < Int(Int32.max), "OutlineSnapshot: an outline holds fewer than 2^31 items")
            // Doubling: appending one child at a time stays linear.
            if nodes.count + fresh > nodes.capacity { reserveCapacity(max(nodes.count + fresh, 2 * nodes.capacity)) }
            let start = nodes.count
            nodes.append(
                contentsOf: repeatElement(OutlineNode(hasItem: true, parent: parent, isExpanded: false, level: level), count: fresh))
            made.append(contentsOf: start..<start + fresh)
            appendItems(items[reused...])
        }
        var passing = items.count
        if let filter {
            for node in made where !filter(self.items[node]!) {
                nodes[node].passesFilter = false
                passing -= 1
            }
        }
        let list = makeChildList(of: parent)
        if index == childLists[list].children.count {
            // At the end nothing is renumbered and the sums grow in place: filling a node one
            // child at a time stays linear.
            childLists[list].children.reserveCapacity(index + made.count)
            for (offset, node) in made.enumerated() {
                nodes[node].indexInParent = Int32(index + offset)
                childLists[list].children.append(Int32(node))
            }
            // New nodes are collapsed leaves: one row each, none when the filter hides them.
            let rows = filter == nil ? Array(repeating: 1, count: made.count) : made.map { nodes[$0].passesFilter ? 1 : 0 }
            if childLists[list].sums.count == 0 {
                // Filled at once (a regrouping's group, a reload): O(n), not O(n log n).
                childLists[list].sums = OutlineRowSums(rows)
            } else {
                childLists[list].sums.append(contentsOf: rows)
            }
        } else {
            childLists[list].children.insert(contentsOf: made.lazy.map { Int32($0) }, at: index)
            childrenChanged(of: parent, from: index)
        }
        if filter != nil { addPassing(passing, above: made.first ?? parent) }
        refreshRows(from: parent, wholeChain: filter != nil)
        return made
    }

    /// Inserts a status row's node as the only child of `parent`; returns it.
    @discardableResult
    mutating func insertStatus(under parent: Int) -> Int {
        let made = allocate(OutlineNode(hasItem: false, parent: parent, isExpanded: false, level: nodes[parent].level + 1), nil)
        let list = makeChildList(of: parent)
        childLists[list].children.insert(Int32(made), at: 0)
        childrenChanged(of: parent, from: 0)
        refreshRows(from: parent, wholeChain: false)
        return made
    }

    /// Sets whether `node`'s children are read.
    mutating func setChildrenState(_ state: OutlineChildrenState, of node: Int) {
        nodes[node].childrenStateKind = state.kind
        if case let .failed(message) = state {
            failures[Int32(node)] = message
        } else if !failures.isEmpty {
            failures[Int32(node)] = nil
        }
    }

    /// Removes `node` and its descendants; returns the items removed, the node's first.
    @discardableResult
    mutating func remove(_ node: Int) -> [Item] {
        let parent = Int(nodes[node].parent)
        let index = Int(nodes[node].indexInParent)
        let passing = passingBelow(node) + (nodes[node].passesFilter && nodes[node].hasItem ? 1 : 0)
        childLists[Int(nodes[parent].childList)].children.remove(at: index)
        childrenChanged(of: parent, from: index)
        if filter != nil { addPassing(-passing, above: node) }
        refreshRows(from: parent, wholeChain: filter != nil)
        var removed: [Item] = []
        var pending = [node]
        while let next = pending.popLast() {
            if let item = items[next] { removed.append(item) }
            if let list = childList(of: next) {
                pending.append(contentsOf: childLists[list].children.reversed().lazy.map { Int($0) })
                childLists[list] = OutlineChildList()
                freeChildLists.append(Int32(list))
            }
            free(next)
        }
        return removed
    }

    /// Removes `made`, leaves just inserted among `parent`'s children at `index` and nothing
    /// since: an insertion taken back, in one pass over the children.
    mutating func removeInserted(_ made: [Int], under parent: Int, at index: Int) {
        guard !made.isEmpty else { return }
        let passing = made.reduce(0) { $0 + (nodes[$1].passesFilter ? 1 : 0) }
        childLists[Int(nodes[parent].childList)].children.removeSubrange(index..<index + made.count)
        childrenChanged(of: parent, from: index)
        if filter != nil { addPassing(-passing, above: made[0]) }
        refreshRows(from: parent, wholeChain: filter != nil)
        // The nodes made at the end of the arrays (the last of `made`, in order) are given back;
        // the others (free slots reused, before them) are freed again. Only made's own tail may
        // go: a live node can sit between a reused slot and the new ones.
        var atEnd = 0
        while atEnd < made.count, made[made.count - 1 - atEnd] == nodes.count - 1 - atEnd { atEnd += 1 }
        for node in made[..<(made.count - atEnd)] { free(node) }
        nodes.removeLast(atEnd)
        items.removeLast(atEnd)
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

    /// Appends `newItems` to the items, copied through buffers in a plain loop: generic code
    /// that appends one at a time, or iterates through the standard library's sequences, looks
    /// types up for each element (CONTRIBUTING, Hot paths: 7).
    private mutating func appendItems(_ newItems: ArraySlice<Item>) {
        let start = items.count, count = newItems.count
        items += [Item?](repeating: nil, count: count)
        items.withUnsafeMutableBufferPointer { target in
            newItems.withUnsafeBufferPointer { source in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                var offset = 0
                while offset < count {
                    to[start + offset] = from[offset]
                    offset += 1
                }
            }
        }
    }

    private mutating func allocate(_ node: OutlineNode, _ item: Item?) -> Int {
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            items[Int(slot)] = item
            return Int(slot)
        }
        precondition(nodes.count < Int(Int32.max), "OutlineSnapshot: an outline holds fewer than 2^31 items")
        nodes.append(node)
        items.append(item)
        return nodes.count - 1
    }

    private mutating func free(_ node: Int) {
        if nodes[node].childrenStateKind == .failed { failures[Int32(node)] = nil }
        nodes[node] = .free
        items[node] = nil
        freeSlots.append(Int32(node))
    }

    /// The child list of `node`, made when it has none.
    private mutating func makeChildList(of node: Int) -> Int {
        if let list = childList(of: node) { return list }
        let list: Int
        if let reused = freeChildLists.popLast() {
            list = Int(reused)
        } else {
            childLists.append(OutlineChildList())
            list = childLists.count - 1
        }
        nodes[node].childList = Int32(list)
        return list
    }

    /// Orders the children of `parent` as `precedes` says, children that tie keeping their order.
    mutating func sortChildren(of parent: Int, by precedes: (Int, Int) -> Bool?) {
        guard let list = childList(of: parent) else { return }
        let children = childLists[list].children
        guard children.count > 1 else { return }
        let sorted = children.sorted { lhs, rhs in
            precedes(Int(lhs), Int(rhs)) ?? (nodes[Int(lhs)].indexInParent < nodes[Int(rhs)].indexInParent)
        }
        guard sorted != children else { return }
        childLists[list].children = sorted
        childrenChanged(of: parent, from: 0)
    }

    /// Renumbers `parent`'s children from `index` and rebuilds its sums.
    private mutating func childrenChanged(of parent: Int, from index: Int) {
        let list = Int(nodes[parent].childList)
        let children = childLists[list].children
        for position in index..<children.count { nodes[Int(children[position])].indexInParent = Int32(position) }
        childLists[list].sums = OutlineRowSums(children.map { shownRows(of: Int($0)) })
    }

    /// Filters the items by `filter` (nil: every item shows), each one's verdict read from
    /// `passes` (by slot, as ``passes(of:filter:cancellation:)`` gives them) or asked here, then
    /// counts every node's rows again, children before parents. O(nodes).
    mutating func setFilter(_ filter: (@Sendable (Item) -> Bool)?, passes: [Bool]? = nil) {
        self.filter = filter
        for slot in nodes.indices where nodes[slot].hasItem {
            nodes[slot].passesFilter = filter == nil || (passes?[slot] ?? filter!(items[slot]!))
        }
        // Children before parents; leaves have no sums to count.
        for node in branches(from: Self.root).reversed() {
            let list = Int(nodes[node].childList)
            var passing = 0
            for child in childLists[list].children where filter != nil && nodes[Int(child)].hasItem {
                passing += passingBelow(Int(child)) + (nodes[Int(child)].passesFilter ? 1 : 0)
            }
            childLists[list].passingBelow = node == Self.root ? 0 : Int32(passing)
            childLists[list].sums = OutlineRowSums(childLists[list].children.map { shownRows(of: Int($0)) })
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
    /// `wholeChain` (under a filter an ancestor may show or hide however its rows went). A
    /// node's rows before are its weight in its parent's sums.
    private mutating func refreshRows(from node: Int, wholeChain: Bool) {
        var current = node
        while true {
            let parent = Int(nodes[current].parent)
            guard parent >= 0 else { return }
            let list = Int(nodes[parent].childList)
            let index = Int(nodes[current].indexInParent)
            let delta = shownRows(of: current) - childLists[list].sums.weight(at: index)
            if delta != 0 {
                childLists[list].sums.add(delta, at: index)
            } else if !wholeChain {
                return
            }
            current = parent
        }
    }

    /// The rows `node` shows when its parent shows it: none when the filter hides it, else its
    /// own and, expanded, its children's (the root has no row of its own).
    func shownRows(of node: Int) -> Int {
        if node == Self.root { return childRows(of: node) }
        if isHidden(node) { return 0 }
        return nodes[node].isExpanded ? 1 + childRows(of: node) : 1
    }

    /// Whether the filter hides `node`: an item that fails it with nothing under it passing.
    /// Status rows and the root never hide.
    func isHidden(_ node: Int) -> Bool {
        filter != nil && nodes[node].hasItem && !nodes[node].passesFilter && passingBelow(node) == 0
    }

    /// `delta` more nodes pass under each ancestor of `node`.
    private mutating func addPassing(_ delta: Int, above node: Int) {
        guard delta != 0 else { return }
        var current = Int(nodes[node].parent)
        while current > Self.root {
            childLists[Int(nodes[current].childList)].passingBelow += Int32(delta)
            current = Int(nodes[current].parent)
        }
    }
}
