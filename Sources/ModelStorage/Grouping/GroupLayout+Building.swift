// A regrouping's build: every item's groups and totals read in one pass per column by code
// specialized for the app's types (`GroupCodes`, `TotalValues`), then the groups made once
// each, every group's items inserted at once and its totals added up from plain arrays. No
// value is boxed, no generic look-up is made, per item.
extension GroupLayout {
    /// The layout of `handles` (in the base's order) grouped by `columns`, groups collapsed or
    /// expanded as `isExpanded` says; nil once `cancellation` is raised. O(n × depth) plus
    /// sorting each group's sub-groups.
    static func built(
        columns: [String], groupings: ColumnGroupings<Model>, descending: Set<String>, models: [Model?], handles: [Int],
        isExpanded: (GroupPath) -> Bool, cancellation: ScanCancellation?
    ) -> GroupLayout? {
        var layout = GroupLayout(columns: columns, groupings: groupings, descending: descending)
        layout.nodeOfHandle = [Int](repeating: -1, count: models.count)
        layout.tree.reserveCapacity(handles.count + 1)
        guard !columns.isEmpty else {
            layout.insertItems(handles.filter { models[$0] != nil }[...], under: OutlineTree<Row>.root)
            return layout
        }
        var levels: [GroupCodes] = []
        for grouper in layout.groupers {
            guard let codes = grouper.codes(models, handles, cancellation) else { return nil }
            levels.append(codes)
        }
        guard cancellation?.isRaised != true else { return nil }
        let totals = groupings.totals.map { $0.values(models, handles) }
        guard cancellation?.isRaised != true else { return nil }
        guard let found = layout.makeGroups(levels, isExpanded: isExpanded, cancellation: cancellation) else { return nil }
        layout.insertItems(handles, leaves: found.leafOfPlace, groupNodes: found.nodes)
        layout.addTotals(totals, leaves: found.leafOfPlace, parents: found.parents, groupNodes: found.nodes)
        layout.sortGroups()
        return layout
    }

    /// The groups made for a build: numbered in the order they first come.
    struct FoundGroups {
        /// Per place of the handles, its leaf group's number; -1 for a handle without a model.
        var leafOfPlace: [Int32]
        /// Per group, its node.
        var nodes: [Int]
        /// Per group, its parent's number; -1 at the top level.
        var parents: [Int32]
    }

    /// Makes every group `levels` (each level's codes, per place) name, each under its parent
    /// in the order it first comes; nil once `cancellation` is raised.
    private mutating func makeGroups(
        _ levels: [GroupCodes], isExpanded: (GroupPath) -> Bool, cancellation: ScanCancellation?
    ) -> FoundGroups? {
        let count = levels[0].codes.count
        var found = FoundGroups(leafOfPlace: [Int32](repeating: -1, count: count), nodes: [], parents: [])
        // The top level's groups by code; a deeper level's by parent and code.
        var topGroups = [Int32](repeating: -1, count: levels[0].values.count)
        var childGroups: [Int: Int32] = [:]
        for place in 0..<count {
            if place % 65_536 == 0, cancellation?.isRaised == true { return nil }
            var group: Int32 = -1
            for (level, codes) in levels.enumerated() {
                let code = codes.codes[place]
                guard code >= 0 else {
                    group = -1
                    break
                }
                let key = (Int(group) << 32) | Int(code)
                if let known = level == 0 ? (topGroups[Int(code)] >= 0 ? topGroups[Int(code)] : nil) : childGroups[key] {
                    group = known
                    continue
                }
                let made = Int32(found.nodes.count)
                let parentNode = group < 0 ? OutlineTree<Row>.root : found.nodes[Int(group)]
                found.nodes.append(makeGroup(codes.values[Int(code)], level: level, under: parentNode, isExpanded: isExpanded))
                found.parents.append(group)
                if level == 0 { topGroups[Int(code)] = made } else { childGroups[key] = made }
                group = made
            }
            found.leafOfPlace[place] = group
        }
        return found
    }

    /// Makes the group of `value` at `level`, last under `parent`; returns its node.
    private mutating func makeGroup(_ value: GroupValue, level: Int, under parent: Int, isExpanded: (GroupPath) -> Bool) -> Int {
        let path = (groups[parent]?.path ?? GroupPath([])).appending(value)
        let grouper = groupers[level]
        let node = tree.insert([.group], under: parent, at: tree[parent].children.count)[0]
        groups[node] = Group(
            path: path, column: columns[level], title: grouper.title(value), order: grouper.order(value),
            accumulators: groupings.totals.map { GroupAccumulator(kind: $0.kind) })
        groupNodes[path] = node
        childGroups[ChildKey(parent: parent, value: value)] = node
        if isExpanded(path) { tree.setExpanded(true, node) }
        return node
    }

    /// Puts each place's handle last in its leaf group, group by group (a counting sort), in
    /// the handles' order.
    private mutating func insertItems(_ handles: [Int], leaves: [Int32], groupNodes: [Int]) {
        var starts = [Int](repeating: 0, count: groupNodes.count + 1)
        for leaf in leaves where leaf >= 0 { starts[Int(leaf) + 1] += 1 }
        for group in groupNodes.indices { starts[group + 1] += starts[group] }
        var next = starts
        var grouped = [Int](repeating: 0, count: starts[groupNodes.count])
        for (place, leaf) in leaves.enumerated() where leaf >= 0 {
            grouped[next[Int(leaf)]] = handles[place]
            next[Int(leaf)] += 1
        }
        for (group, node) in groupNodes.enumerated() where starts[group + 1] > starts[group] {
            insertItems(grouped[starts[group]..<starts[group + 1]], under: node)
        }
    }

    /// Puts `handles` last under `node`, at once.
    private mutating func insertItems(_ handles: ArraySlice<Int>, under node: Int) {
        let made = tree.insert(handles.map { .item($0) }, under: node, at: tree[node].children.count)
        for (handle, item) in zip(handles, made) { nodeOfHandle[handle] = item }
    }

    /// Adds each place's values of `totals` to its leaf group's totals and its ancestors'; with
    /// no total, counts the items.
    private mutating func addTotals(_ totals: [TotalValues], leaves: [Int32], parents: [Int32], groupNodes: [Int]) {
        let width = totals.count
        guard width > 0 else {
            var counts = [Int](repeating: 0, count: groupNodes.count)
            for leaf in leaves {
                var group = leaf
                while group >= 0 {
                    counts[Int(group)] += 1
                    group = parents[Int(group)]
                }
            }
            for (group, node) in groupNodes.enumerated() { itemCounts[node] = counts[group] }
            return
        }
        // Per group, the places of the items under it, in order, group after group (a counting
        // sort): each total then reads a group's values from plain arrays, in concrete code.
        var starts = [Int](repeating: 0, count: groupNodes.count + 1)
        for leaf in leaves where leaf >= 0 {
            var group = leaf
            while group >= 0 {
                starts[Int(group) + 1] += 1
                group = parents[Int(group)]
            }
        }
        for group in groupNodes.indices { starts[group + 1] += starts[group] }
        var next = starts
        var places = [Int32](repeating: 0, count: starts[groupNodes.count])
        for (place, leaf) in leaves.enumerated() where leaf >= 0 {
            var group = leaf
            while group >= 0 {
                places[next[Int(group)]] = Int32(place)
                next[Int(group)] += 1
                group = parents[Int(group)]
            }
        }
        for (group, node) in groupNodes.enumerated() {
            let members = places[starts[group]..<starts[group + 1]]
            var accumulators = groupings.totals.map { GroupAccumulator(kind: $0.kind) }
            for (index, values) in totals.enumerated() {
                // A minimum's or maximum's values go in at once; a sum's or count's one by one.
                switch values {
                case let .integers(values) where accumulators[index].keepsValues:
                    accumulators[index].add(integers: members.map { values[Int($0)] })
                case let .reals(values) where accumulators[index].keepsValues:
                    accumulators[index].add(reals: members.map { values[Int($0)] })
                case let .integers(values):
                    for place in members { accumulators[index].add(integer: values[Int(place)]) }
                case let .reals(values):
                    for place in members { accumulators[index].add(real: values[Int(place)]) }
                }
            }
            groups[node]?.accumulators = accumulators
        }
    }
}
