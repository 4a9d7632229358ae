/// A tree of items, each expanded or collapsed, and the rows it shows: the items whose every
/// ancestor is expanded, depth first. The shape of Apple's `NSDiffableDataSourceSectionSnapshot`.
///
/// ```swift
/// var outline = OutlineSnapshot<FileItem>()
/// outline.append([home, etc])
/// outline.append(homeFolders, to: home)
/// outline.expand([home])
/// outline.visibleItems        // [home, …homeFolders, etc]
/// outline.level(of: homeFolders[0])   // 1
/// ```
///
/// Semantics:
/// - **Identity.** Items are compared by their diff identity (``ModelIdentity``), as in
///   ``ListSnapshot``, and are unique in the outline.
/// - **Expansion is the item's own.** Collapsing an item hides its descendants and keeps their
///   flags: expand it again and they show as they were, open subfolders open.
///   ``expansionState`` saves every flag (`Codable` when the items are) and
///   ``restoreExpansion(_:)`` puts them back, on this outline or on a later one.
/// - **Cost.** A row's item and an item's row are found in O(depth × log children)
///   (``visibleItem(at:)``, ``index(of:)``); expanding or collapsing an item costs
///   O(depth × log children) however many children it has. Edits cost O(the parent's children +
///   the items added or removed).
/// - **Refusals.** An invalid operation (a repeated item, a missing parent or anchor) changes
///   nothing; it is recorded in ``anomalies`` and returned. Never a crash.
///
/// A snapshot is a `Sendable` value: build it on any thread.
public struct OutlineSnapshot<ItemID: Hashable & Sendable>: Sendable {
    var tree = OutlineTree<ItemID>()
    /// The node of each item, by diff identity.
    var index = OutlineIdentityIndex<ItemID>()
    /// The items a filter opened to show what passes under them, by identity: they close when
    /// it goes.
    var openedByFilter: [SnapshotKey: ItemID] = [:]

    /// What this snapshot refused, oldest first.
    public internal(set) var anomalies: [SnapshotAnomaly] = []

    /// An empty outline.
    public init() {}

    // MARK: - Queries

    /// The top-level items, in order.
    public var rootItems: [ItemID] { items(of: tree.children(of: OutlineTree<ItemID>.root)) }

    /// The items the outline shows, in order: those whose every ancestor is expanded.
    public var visibleItems: [ItemID] { items(of: tree.visibleNodes(from: OutlineTree<ItemID>.root)) }

    /// Every item, depth first, shown or not.
    public var items: [ItemID] { items(of: tree.descendants(of: OutlineTree<ItemID>.root)) }

    /// The rows from `row` on, `count` of them, read from this outline as it is now (a copy):
    /// O(depth × log children) per row read, nothing copied before. `model` makes a row's model.
    func visibleRun(from row: Int, count: Int, model: @escaping (OutlineRow<ItemID>) -> Any) -> ModelRun {
        let frozen = self
        return ModelRun(count: count) { offset in
            guard let shown = frozen.row(at: row + offset) else {
                preconditionFailure("OutlineSnapshot row \(row + offset) out of \(frozen.visibleCount)")
            }
            return model(shown)
        }
    }

    /// The rows `item` shows below its own: its visible descendants; 0 when collapsed.
    func visibleDescendantCount(of item: ItemID) -> Int {
        guard let node = node(of: item), tree[node].isExpanded else { return 0 }
        return max(tree.shownRows(of: node) - 1, 0)
    }

    /// The nodes with children that are shown but collapsed, from `top` (the root: the whole
    /// outline) down through expanded nodes, in row order: what opens when everything under
    /// `top` expands. Empty when `top` is hidden. O(rows shown under `top`).
    func shownCollapsedBranches(from top: Int) -> [Int] {
        guard top == OutlineTree<ItemID>.root || tree.isVisible(top) else { return [] }
        var found: [Int] = []
        var pending = [top]
        while let next = pending.popLast() {
            guard tree.hasChildren(next) else { continue }
            if tree[next].isExpanded {
                pending.append(contentsOf: tree.children(of: next).reversed())
            } else {
                found.append(next)
            }
        }
        return found
    }

    /// The number of rows the outline shows.
    public var visibleCount: Int { tree.visibleCount }

    /// The number of items, shown or not.
    public var count: Int { index.count }

    /// Whether `item` is in the outline.
    public func contains(_ item: ItemID) -> Bool { node(of: item) != nil }

    /// The item shown at row `index`; nil past the last row. O(depth × log children).
    public func visibleItem(at index: Int) -> ItemID? {
        tree.node(atRow: index).flatMap { tree.item(of: $0) }
    }

    /// The row `item` shows at; nil when it is hidden by a collapsed ancestor or absent.
    public func index(of item: ItemID) -> Int? {
        node(of: item).flatMap(tree.row(of:))
    }

    /// Whether `item` shows its children (it may have none yet).
    public func isExpanded(_ item: ItemID) -> Bool {
        node(of: item).map { tree[$0].isExpanded } ?? false
    }

    /// Whether every ancestor of `item` is expanded.
    public func isVisible(_ item: ItemID) -> Bool {
        node(of: item).map(tree.isVisible) ?? false
    }

    /// The parent of `item`; nil for a top-level or absent item.
    public func parent(of item: ItemID) -> ItemID? {
        node(of: item).flatMap { tree.item(of: tree[$0].parent) }
    }

    /// How deep `item` is: 0 for a top-level item; nil when absent.
    public func level(of item: ItemID) -> Int? {
        node(of: item).map { tree[$0].level }
    }

    /// The children of `item` (of the outline's top level when nil), in order.
    public func children(of item: ItemID?) -> [ItemID] {
        guard let parent = item.map(node(of:)) ?? OutlineTree<ItemID>.root else { return [] }
        return items(of: tree.children(of: parent))
    }

    /// `item`'s place among its siblings and how many they are (1-based, as screen readers
    /// speak it); under a filter, among the siblings it keeps. Nil when absent.
    public func siblingPosition(of item: ItemID) -> (position: Int, count: Int)? {
        guard let node = node(of: item) else { return nil }
        if tree.filter != nil { return shownSiblingPosition(of: node) }
        return (tree[node].indexInParent + 1, tree.childCount(of: tree[node].parent))
    }

    /// The items under `parent` as an outline of their own, with their flags, `parent` at its
    /// top when `includingParent`. Empty when `parent` is absent.
    public func snapshot(of parent: ItemID, includingParent: Bool = false) -> OutlineSnapshot {
        var copy = OutlineSnapshot()
        guard let node = node(of: parent) else { return copy }
        copy.graft(includingParent ? [node] : Array(tree.children(of: node)), from: self, under: OutlineTree<ItemID>.root, at: 0)
        return copy
    }

    // MARK: - Internals shared by the editing extensions

    func node(of item: ItemID) -> Int? { index.node(of: item, in: tree.items) }

    func items(of nodes: some Sequence<Int>) -> [ItemID] { nodes.compactMap { tree.item(of: $0) } }

    /// Removes `node` and what is under it from the tree and the index; returns their items,
    /// the node's first.
    @discardableResult
    mutating func removeNode(_ node: Int) -> [ItemID] {
        if tree[node].hasItem { index.remove(node) }
        for descendant in tree.descendants(of: node) where tree[descendant].hasItem { index.remove(descendant) }
        return tree.remove(node)
    }

    /// Copies `sourceNodes` of `source` and their descendants, with their flags, among
    /// `parent`'s children at `index`, each sibling list in one insertion. The caller has checked
    /// that none of the items is here already.
    mutating func graft(_ sourceNodes: [Int], from source: OutlineSnapshot, under parent: Int, at index: Int) {
        var pending: [(from: [Int], into: Int, at: Int)] = [(sourceNodes, parent, index)]
        while let (fromNodes, into, at) = pending.popLast() {
            // Status rows stay behind: the copy's children are not being read.
            let copied = fromNodes.filter { !source.tree[$0].isStatus }
            let made = tree.insert(source.items(of: copied), under: into, at: at)
            for (from, node) in zip(copied, made) {
                self.index.insert(node, in: tree.items)
                if source.tree[from].isExpanded { tree.setExpanded(true, node) }
                tree.setChildrenState(source.tree[from].childrenState == .loaded ? .loaded : .unloaded, of: node)
                if source.tree.hasChildren(from) { pending.append((Array(source.tree.children(of: from)), node, 0)) }
            }
        }
    }

    /// Whether an ancestor of `node` (not itself) is in `nodes`.
    func hasAncestor(in nodes: Set<Int>, _ node: Int) -> Bool {
        var current = tree[node].parent
        while current > OutlineTree<ItemID>.root {
            if nodes.contains(current) { return true }
            current = tree[current].parent
        }
        return false
    }

    /// The blocks of rows shown under `nodes`, as (row of the node, rows under it), top to
    /// bottom: one per node shown and open whose ancestors are not among `nodes` (their rows
    /// hold the others').
    func rowBlocks(under nodes: [Int]) -> [(row: Int, count: Int)] {
        let members = Set(nodes)
        return nodes.compactMap { node -> (row: Int, count: Int)? in
            guard tree[node].isExpanded, !hasAncestor(in: members, node), let row = tree.row(of: node) else { return nil }
            let count = tree.shownRows(of: node) - 1
            return count > 0 ? (row, count) : nil
        }.sorted { $0.row < $1.row }
    }

    /// Records `anomaly` and returns it.
    mutating func refuse(_ anomaly: SnapshotAnomaly) -> SnapshotAnomaly {
        anomalies.append(anomaly)
        return anomaly
    }
}
