// Rows: which nodes show, and where.
extension OutlineTree {
    /// Whether `node` shows: every ancestor is expanded and the filter keeps it.
    func isVisible(_ node: Int) -> Bool {
        // An ancestor of a node the filter keeps is kept too.
        guard !isHidden(node) else { return false }
        var current = Int(nodes[node].parent)
        while current > Self.root {
            if !nodes[current].isExpanded { return false }
            current = Int(nodes[current].parent)
        }
        return current == Self.root
    }

    /// The row `node` shows, counted from 0; nil when an ancestor is collapsed.
    func row(of node: Int) -> Int? {
        guard isVisible(node) else { return nil }
        var row = 0
        var current = node
        while current != Self.root {
            let parent = Int(nodes[current].parent)
            let sums = childLists[Int(nodes[parent].childList)].sums
            row += sums.sum(before: Int(nodes[current].indexInParent)) + (parent == Self.root ? 0 : 1)
            current = parent
        }
        return row
    }

    /// The node that shows row `row`; nil past the last row.
    func node(atRow row: Int) -> Int? {
        var current = Self.root
        var remaining = row
        while let list = childList(of: current), let (slot, before) = childLists[list].sums.slot(holding: remaining) {
            let child = Int(childLists[list].children[slot])
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
        shown.reserveCapacity(shownRows(of: node))
        var pending: [Int] = []
        if node == Self.root || nodes[node].isExpanded { pushChildren(of: node, onto: &pending) }
        if node != Self.root { shown.append(node) }
        while let next = pending.popLast() {
            guard !isHidden(next) else { continue }
            shown.append(next)
            if nodes[next].isExpanded { pushChildren(of: next, onto: &pending) }
        }
        return shown
    }

    /// `node`'s descendants, depth first, expanded or not.
    func descendants(of node: Int) -> [Int] {
        var found: [Int] = []
        var pending: [Int] = []
        pushChildren(of: node, onto: &pending)
        while let next = pending.popLast() {
            found.append(next)
            pushChildren(of: next, onto: &pending)
        }
        return found
    }

    /// Pushes `node`'s children on `pending` last first, so that they pop in order.
    private func pushChildren(of node: Int, onto pending: inout [Int]) {
        guard let list = childList(of: node) else { return }
        let children = childLists[list].children
        pending.reserveCapacity(pending.count + children.count)
        for child in children.reversed() { pending.append(Int(child)) }
    }

    /// The expanded nodes, each before its own descendants (in no particular order among
    /// siblings), leaves opened before they had children among them. Only nodes with children
    /// are descended into and collected into the walk: a leaf costs a read.
    func expandedNodes() -> [Int] {
        var found: [Int] = []
        var pending = [Self.root]
        while let next = pending.popLast() {
            guard let list = childList(of: next) else { continue }
            for child in childLists[list].children {
                let child = Int(child)
                if nodes[child].isExpanded { found.append(child) }
                if hasChildren(child) { pending.append(child) }
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
            guard let list = childList(of: next), !childLists[list].children.isEmpty else { continue }
            found.append(next)
            for child in childLists[list].children where hasChildren(Int(child)) { pending.append(Int(child)) }
        }
        return found
    }

    /// The nodes whose children may need sorting: those with two or more.
    var nodesWithSeveralChildren: [Int] {
        nodes.indices.filter { childCount(of: $0) > 1 }
    }
}

// Single fields, read without making a node's view.
extension OutlineTree {
    /// `node`'s parent; -1 for the root.
    func parent(of node: Int) -> Int { Int(nodes[node].parent) }

    /// `node`'s level: 0 for a top-level item.
    func level(of node: Int) -> Int { nodes[node].level }

    /// Whether `node` shows its children.
    func isExpanded(_ node: Int) -> Bool { nodes[node].isExpanded }

    /// `node`'s place among its siblings, from 0.
    func indexInParent(of node: Int) -> Int { Int(nodes[node].indexInParent) }
}
