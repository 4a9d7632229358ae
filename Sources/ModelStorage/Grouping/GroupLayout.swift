/// The rows of a ``GroupedStorage``: an ``OutlineTree`` whose root holds the top-level groups,
/// each group its sub-groups or, at the last level, its items in the base's order; each group
/// with its totals. Built off the main thread by a regroup, then changed in place, item by item,
/// as the base changes.
struct GroupLayout<Model: Sendable>: Sendable {
    /// What a node of the tree shows: not nested in the generic layout, so the tree's code
    /// runs specialized for it (Hot paths: 7).
    typealias Row = GroupedRow

    /// A group's node apart from the tree.
    struct Group: Sendable {
        let path: GroupPath
        let column: String
        let title: String
        let order: GroupOrder
        var accumulators: [GroupAccumulator]
    }

    /// A group among its parent's children, found by value.
    struct ChildKey: Hashable, Sendable {
        let parent: Int
        let value: GroupValue
    }

    /// The columns grouped by (each declared), outermost first.
    let columns: [String]
    let groupings: ColumnGroupings<Model>
    /// The columns whose groups come in descending order.
    let descending: Set<String>
    let groupers: [ColumnGroupings<Model>.Grouper]
    /// Per level, 1 for ascending groups, -1 for descending ones.
    private let directions: [Int]
    var tree = OutlineTree<Row>()
    /// Each group's state, by node.
    var groups: [Int: Group] = [:]
    var groupNodes: [GroupPath: Int] = [:]
    var childGroups: [ChildKey: Int] = [:]
    /// Each handle's node; -1 for none.
    var nodeOfHandle: [Int] = []

    init(columns: [String], groupings: ColumnGroupings<Model>, descending: Set<String> = []) {
        self.columns = columns
        self.groupings = groupings
        self.descending = descending.intersection(columns)
        groupers = columns.map { groupings.groupers[$0]! }
        directions = columns.map { descending.contains($0) ? -1 : 1 }
    }

    /// The order of two groups of one level: negative when `lhs` comes first.
    private func compare(_ lhs: Int, _ rhs: GroupOrder, level: Int) -> Int {
        groups[lhs]!.order.compare(rhs) * directions[level]
    }

    // MARK: - Reading

    /// The node of `handle`; nil when it shows nowhere.
    func node(ofHandle handle: Int) -> Int? {
        handle < nodeOfHandle.count && nodeOfHandle[handle] >= 0 ? nodeOfHandle[handle] : nil
    }

    /// The leaf group (the root without grouping) holding the items of `values`' group.
    func existingLeaf(of values: [GroupValue]) -> Int? {
        var parent = OutlineTree<Row>.root
        for value in values {
            guard let child = childGroups[ChildKey(parent: parent, value: value)] else { return nil }
            parent = child
        }
        return parent
    }

    /// The group values of `model`, outermost first.
    func values(of model: Model) -> [GroupValue] {
        var values: [GroupValue] = []
        values.reserveCapacity(groupers.count)
        for grouper in groupers { values.append(grouper.value(model)) }
        return values
    }

    /// The group nodes from `node` up to the top level (`node` first when it is a group).
    func groupChain(from node: Int) -> [Int] {
        var chain: [Int] = []
        var current = node
        while current > OutlineTree<Row>.root {
            if groups[current] != nil { chain.append(current) }
            current = tree[current].parent
        }
        return chain
    }

    /// The model of the group row of `node`.
    /// Reading changes nothing, so a layout shared with a copy is not copied (Hot paths: 18).
    func itemGroup(of node: Int) -> ItemGroup? {
        guard let group = groups[node] else { return nil }
        var totals: [String: GroupTotal.Value] = [:]
        for (index, total) in groupings.totals.enumerated() {
            totals[total.column] = group.accumulators[index].value(reader: total.reader)
        }
        let count = countOfItems(under: node)
        return ItemGroup(id: group.path, column: group.column, title: group.title, level: tree[node].level, count: count, totals: totals)
    }

    /// How many items a group holds: its accumulators count them; without totals, its leaves.
    func countOfItems(under node: Int) -> Int {
        if let first = groups[node]?.accumulators.first { return first.count }
        return itemCounts[node] ?? 0
    }

    /// Items under each group, kept when no total is declared (the accumulators count otherwise).
    var itemCounts: [Int: Int] = [:]

    // MARK: - Changing

    /// The leaf group for `values`, made (collapsed, or expanded when `isExpanded` says) where
    /// missing: among its siblings in group order (`sorted`), else last. `created` gets the
    /// nodes made, outermost first.
    mutating func leaf(
        for values: [GroupValue], sorted: Bool, isExpanded: (GroupPath) -> Bool, created: inout [Int]
    ) -> Int {
        var parent = OutlineTree<Row>.root
        var path = GroupPath([])
        for (level, value) in values.enumerated() {
            path = path.appending(value)
            let key = ChildKey(parent: parent, value: value)
            if let child = childGroups[key] {
                parent = child
                continue
            }
            let grouper = groupers[level]
            let order = grouper.order(value)
            let index = sorted ? insertionIndex(of: order, under: parent, level: level) : tree[parent].children.count
            let node = tree.insert([.group], under: parent, at: index)[0]
            groups[node] = Group(
                path: path, column: columns[level], title: grouper.title(value), order: order,
                accumulators: groupings.totals.map { GroupAccumulator(kind: $0.kind) })
            groupNodes[path] = node
            childGroups[key] = node
            if isExpanded(path) { tree.setExpanded(true, node) }
            created.append(node)
            parent = node
        }
        return parent
    }

    /// Where a group ordered `order` goes among the groups under `parent`: after those it does
    /// not precede. O(log siblings).
    private func insertionIndex(of order: GroupOrder, under parent: Int, level: Int) -> Int {
        let children = tree[parent].children
        var low = 0, high = children.count
        while low < high {
            let middle = (low + high) / 2
            if compare(children[middle], order, level: level) <= 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Inserts `handle`'s node among `leaf`'s items by `label` (each child's label read through
    /// `labelOf`, binary search), or last when `atEnd`; returns the node.
    @discardableResult
    mutating func insertItem(_ handle: Int, into leaf: Int, label: UInt64, labelOf: (Int) -> UInt64, atEnd: Bool) -> Int {
        var index = tree[leaf].children.count
        if !atEnd {
            let children = tree[leaf].children
            var low = 0, high = children.count
            while low < high {
                let middle = (low + high) / 2
                guard case let .item(other) = tree.item(of: children[middle])! else { break }
                if labelOf(other) < label { low = middle + 1 } else { high = middle }
            }
            index = low
        }
        let node = tree.insert([.item(handle)], under: leaf, at: index)[0]
        if handle >= nodeOfHandle.count {
            nodeOfHandle.append(contentsOf: repeatElement(-1, count: handle + 1 - nodeOfHandle.count))
        }
        nodeOfHandle[handle] = node
        return node
    }

    /// Removes `handle`'s node (its groups stay, perhaps empty).
    mutating func removeItem(_ handle: Int) {
        guard let node = node(ofHandle: handle) else { return }
        tree.remove(node)
        nodeOfHandle[handle] = -1
    }

    /// Adds `model` to the totals of the groups from `leaf` up: O(depth × totals × log n).
    mutating func count(_ model: Model, from leaf: Int, adding: Bool) {
        let totals = groupings.totals
        var current = leaf
        while current > OutlineTree<Row>.root {
            if var group = groups[current] {
                // Out of the dictionary while it changes, so the accumulators are not copied.
                groups[current] = nil
                for index in totals.indices {
                    if adding {
                        group.accumulators[index].add(model, reader: totals[index].reader)
                    } else {
                        group.accumulators[index].remove(model, reader: totals[index].reader)
                    }
                }
                groups[current] = group
                if totals.isEmpty { itemCounts[current, default: 0] += adding ? 1 : -1 }
            }
            current = tree[current].parent
        }
    }

    /// Removes the group `node` (which has no children left).
    mutating func removeGroup(_ node: Int) {
        guard let group = groups.removeValue(forKey: node) else { return }
        let parent = tree[node].parent
        groupNodes[group.path] = nil
        if let value = group.path.last { childGroups[ChildKey(parent: parent, value: value)] = nil }
        itemCounts[node] = nil
        tree.remove(node)
    }

    mutating func setExpanded(_ expanded: Bool, _ node: Int) {
        tree.setExpanded(expanded, node)
    }

    /// Puts the items of every leaf group in label order (after the base reordered).
    mutating func sortItems(labelOf: (Int) -> UInt64) {
        let leaves = columns.isEmpty ? [OutlineTree<Row>.root] : groups.keys.filter { tree[$0].level == columns.count - 1 }
        for leaf in leaves {
            let tree = self.tree
            self.tree.sortChildren(of: leaf) { lhs, rhs in
                guard case let .item(left) = tree.item(of: lhs)!, case let .item(right) = tree.item(of: rhs)! else { return nil }
                return labelOf(left) < labelOf(right)
            }
        }
    }

    /// Orders every group's sub-groups by value (after a build that appended them).
    mutating func sortGroups() {
        guard !columns.isEmpty else { return }
        let parents = [OutlineTree<Row>.root] + groups.keys.filter { tree[$0].level < columns.count - 1 }
        for parent in parents {
            let groups = self.groups
            let direction = directions[parent == OutlineTree<Row>.root ? 0 : tree[parent].level + 1]
            tree.sortChildren(of: parent) { lhs, rhs in
                let order = groups[lhs]!.order.compare(groups[rhs]!.order) * direction
                return order == 0 ? nil : order < 0
            }
        }
    }
}

/// What a node of a ``GroupLayout``'s tree shows.
enum GroupedRow: Sendable {
    case group
    /// The item of a handle of the storage's copy of the base.
    case item(Int)
}

extension GroupPath {
    /// The last value; nil for the empty path.
    var last: GroupValue? { count > 0 ? GroupValue(values[count - 1]) : nil }
}
