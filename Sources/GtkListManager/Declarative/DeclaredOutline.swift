import ModelStorage

/// The tree of a declared section as the list shows it: for each visible row, its place in the
/// tree and the row of its parent. Made by flattening the declared rows through the open ones.
struct DeclaredOutline {
    /// Per visible row, its place (level, arrow, position among its siblings).
    private(set) var places: [OutlinePlace] = []
    /// Per visible row, the row of its parent; nil for a top-level row.
    private(set) var parents: [Int?] = []

    /// Whether `rows` make a tree: some declared row is a parent.
    static func isTree(_ rows: [AnyRow]) -> Bool {
        rows.contains { $0.children != nil }
    }

    /// The visible rows of the tree `rows` declare, in order, with their outline: a row's
    /// children follow it when `isExpanded` says it is open.
    static func flatten(_ rows: [AnyRow], isExpanded: (AnyRow) -> Bool) -> (rows: [AnyRow], outline: DeclaredOutline) {
        var visible: [AnyRow] = []
        var outline = DeclaredOutline()
        func add(_ siblings: [AnyRow], level: Int, parent: Int?) {
            for (index, row) in siblings.enumerated() {
                let children = row.children ?? []
                let open = !children.isEmpty && isExpanded(row)
                let place = OutlinePlace(
                    level: level, hasChildren: !children.isEmpty, isExpanded: open, position: index + 1,
                    siblingCount: siblings.count)
                visible.append(row)
                outline.places.append(place)
                outline.parents.append(parent)
                if open { add(children, level: level + 1, parent: visible.count - 1) }
            }
        }
        add(rows, level: 0, parent: nil)
        return (visible, outline)
    }

    /// The level of the row at `row`; nil past the last.
    func level(ofRow row: Int) -> Int? {
        places.indices.contains(row) ? places[row].level : nil
    }

    /// How many rows show under the row at `row`.
    func visibleDescendantCount(ofRow row: Int) -> Int {
        guard places.indices.contains(row) else { return 0 }
        let level = places[row].level
        return places[(row + 1)...].prefix { $0.level > level }.count
    }
}
