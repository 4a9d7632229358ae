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
        // Every group's accumulators side by side, total after total.
        var accumulators: [GroupAccumulator] = []
        accumulators.reserveCapacity(groupNodes.count * width)
        for _ in groupNodes { accumulators.append(contentsOf: groupings.totals.map { GroupAccumulator(kind: $0.kind) }) }
        // Each item's value, to its group and up: the switch out of the loop, one add a step.
        func addEach(_ add: (_ accumulator: Int, _ place: Int) -> Void, offset: Int) {
            for (place, leaf) in leaves.enumerated() where leaf >= 0 {
                var group = leaf
                while group >= 0 {
                    add(Int(group) * width + offset, place)
                    group = parents[Int(group)]
                }
            }
        }
        // A minimum's or maximum's values are gathered per group, then added at once.
        func gathered<Value>(_ values: [Value], offset: Int) -> [[Value]] {
            var lists = [[Value]](repeating: [], count: groupNodes.count)
            addEach({ accumulator, place in lists[accumulator / width].append(values[place]) }, offset: offset)
            return lists
        }
        for (index, values) in totals.enumerated() {
            let keepsValues = !groupNodes.isEmpty && accumulators[index].keepsValues
            switch values {
            case let .integers(values) where keepsValues:
                for (group, list) in gathered(values, offset: index).enumerated() {
                    accumulators[group * width + index].add(integers: list)
                }
            case let .reals(values) where keepsValues:
                for (group, list) in gathered(values, offset: index).enumerated() { accumulators[group * width + index].add(reals: list) }
            case let .integers(values): addEach({ accumulators[$0].add(integer: values[$1]) }, offset: index)
            case let .reals(values): addEach({ accumulators[$0].add(real: values[$1]) }, offset: index)
            }
        }
        for (group, node) in groupNodes.enumerated() {
            groups[node]?.accumulators = Array(accumulators[(group * width)..<((group + 1) * width)])
        }
    }
}
