/// The plainest outline there is, for `OutlineFuzz` to compare `OutlineSnapshot` with: each
/// parent's children in an array, a parent per item, the expanded items in a set. Operations
/// apply completely or not at all, as the snapshot's do.
struct ReferenceOutline {
    private var children: [Int: [Int]] = [:]
    private var topLevel: [Int] = []
    private var parents: [Int: Int?] = [:]
    private(set) var expanded: Set<Int> = []

    func contains(_ item: Int) -> Bool { parents[item] != nil }

    func parent(of item: Int) -> Int? { parents[item] ?? nil }

    func children(of parent: Int?) -> [Int] { parent.map { children[$0] ?? [] } ?? topLevel }

    /// Every item, depth first, parents before their children.
    var items: [Int] { walk(from: nil, openOnly: false) }

    /// The items a list shows: those whose ancestors are all expanded.
    var visibleItems: [Int] { walk(from: nil, openOnly: true) }

    private func walk(from parent: Int?, openOnly: Bool) -> [Int] {
        children(of: parent).flatMap { item in
            [item] + (openOnly && !expanded.contains(item) ? [] : walk(from: item, openOnly: openOnly))
        }
    }

    /// Whether `ancestor` is `item` or above it.
    func isAncestor(_ ancestor: Int, ofOrSame item: Int) -> Bool {
        var current: Int? = item
        while let node = current {
            if node == ancestor { return true }
            current = parent(of: node)
        }
        return false
    }

    /// Adds new items under `parent` at `index`; false (nothing changes) when one exists or
    /// repeats.
    mutating func add(_ items: [Int], under parent: Int?, at index: Int) -> Bool {
        guard Set(items).count == items.count, !items.contains(where: contains) else { return false }
        for item in items { parents[item] = .some(parent) }
        var siblings = children(of: parent)
        siblings.insert(contentsOf: items, at: index)
        setChildren(siblings, of: parent)
        return true
    }

    /// Removes `item` and everything under it.
    mutating func remove(_ item: Int) {
        for child in children(of: item) { remove(child) }
        children[item] = nil
        expanded.remove(item)
        let parent = parent(of: item)
        setChildren(children(of: parent).filter { $0 != item }, of: parent)
        parents[item] = nil
    }

    /// Takes `item` out with what is under it and its flags, to be attached elsewhere.
    mutating func detach(_ item: Int) -> Snapshot {
        let subtree = Snapshot(of: item, in: self)
        remove(item)
        return subtree
    }

    /// Puts a subtree taken out back under `parent` at `index`.
    mutating func attach(_ subtree: Snapshot, under parent: Int?, at index: Int) {
        _ = add([subtree.item], under: parent, at: index)
        if subtree.isExpanded { expanded.insert(subtree.item) }
        for (offset, child) in subtree.children.enumerated() { attach(child, under: subtree.item, at: offset) }
    }

    mutating func setExpanded(_ isExpanded: Bool, _ item: Int) {
        if isExpanded { expanded.insert(item) } else { expanded.remove(item) }
    }

    private mutating func setChildren(_ items: [Int], of parent: Int?) {
        if let parent { children[parent] = items } else { topLevel = items }
    }

    /// An item with its flag and everything under it, taken out for a move.
    struct Snapshot {
        let item: Int
        let isExpanded: Bool
        let children: [Snapshot]

        init(of item: Int, in outline: ReferenceOutline) {
            self.item = item
            isExpanded = outline.expanded.contains(item)
            children = outline.children(of: item).map { Snapshot(of: $0, in: outline) }
        }
    }
}
