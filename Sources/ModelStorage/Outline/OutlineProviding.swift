/// Where a row sits in its section's tree: what a list needs to indent it, draw its disclosure
/// arrow and tell a screen reader about it.
public struct OutlinePlace: Equatable, Sendable {
    /// 0 for a top-level item.
    public var level: Int
    /// Whether the item has children to show, or may have some not read yet (it shows an
    /// arrow).
    public var hasChildren: Bool
    /// Whether the item shows its children.
    public var isExpanded: Bool
    /// The item's place among its siblings, from 1.
    public var position: Int
    /// How many siblings the item has, itself included.
    public var siblingCount: Int

    /// A place in a tree.
    public init(level: Int, hasChildren: Bool, isExpanded: Bool, position: Int, siblingCount: Int) {
        self.level = level
        self.hasChildren = hasChildren
        self.isExpanded = isExpanded
        self.position = position
        self.siblingCount = siblingCount
    }
}

/// A storage whose sections show trees (``OutlineStorage``, or your own): the list manager
/// reads each row's place to indent it and draw its arrow, and opens and closes rows through it
/// (a click on the arrow, Right and Left, `+`, `-` and `*`).
@MainActor
public protocol OutlineProviding: Storage {
    /// The place of the row at `indexPath`; nil when there is no such row.
    func outlinePlace(at indexPath: IndexPath) -> OutlinePlace?
    /// The row of the parent of the row at `indexPath`; nil for a top-level row.
    func parentIndexPath(of indexPath: IndexPath) -> IndexPath?
    /// Expands or collapses the item of the row at `indexPath`, delivering the rows it shows or
    /// hides as an update.
    func setExpanded(_ expanded: Bool, at indexPath: IndexPath)
    /// Expands the item of the row at `indexPath` and every item under it.
    func expandDescendants(at indexPath: IndexPath)
    /// How many rows show under the row at `indexPath` (0 when it is collapsed).
    func visibleDescendantCount(at indexPath: IndexPath) -> Int
    /// The identity of the item of the row at `indexPath`, to find it again after it was
    /// hidden (``indexPath(ofItemIdentity:)``).
    func itemIdentity(at indexPath: IndexPath) -> AnyHashable?
    /// The row showing the item of `identity`; nil when it is hidden or gone.
    func indexPath(ofItemIdentity identity: AnyHashable) -> IndexPath?
    /// Moves the items of the rows at `indexPaths` (each with what is under it) to
    /// `placement`, as a drop of those rows on a row does; false when refused.
    func moveRows(at indexPaths: [IndexPath], to placement: OutlineRowPlacement) -> Bool
}

/// A tree storage that tells whether an item is still in its trees, shown or hidden under a
/// closed parent: the list forgets the selection a collapse hid once its item is deleted.
@MainActor
package protocol OutlineItemMembership {
    /// Whether the item of `identity` (``OutlineProviding/itemIdentity(at:)``) is in a tree.
    func containsItem(withIdentity identity: AnyHashable) -> Bool
}

extension OutlineStorage: OutlineItemMembership {
    package func containsItem(withIdentity identity: AnyHashable) -> Bool {
        guard let key = identity.base as? OutlineItemKey<ItemID> else { return false }
        return outlines.contains { $0.contains(key.item) }
    }
}

extension OutlineSnapshot {
    /// The place of the item shown at row `index`.
    func place(ofRow index: Int) -> OutlinePlace? {
        guard let node = tree.node(atRow: index) else { return nil }
        guard tree.filter != nil else { return tree.place(of: node) }
        // Under a filter the arrow and the position count the children and siblings it keeps.
        let (position, count) = shownSiblingPosition(of: node)
        var place = tree.place(of: node)
        place.hasChildren = tree.childRows(of: node) > 0 || tree.childrenState(of: node) == .unloaded
        place.position = position
        place.siblingCount = count
        return place
    }

    /// How many rows show under the item shown at row `index`.
    func visibleDescendantCount(ofRow index: Int) -> Int {
        tree.node(atRow: index).map { max(tree.shownRows(of: $0) - 1, 0) } ?? 0
    }

    /// The identity of the item shown at row `index`.
    func key(ofRow index: Int) -> OutlineItemKey<ItemID>? {
        tree.node(atRow: index).flatMap { tree.item(of: $0) }.map(OutlineItemKey.init)
    }

    /// The row of the parent of the item shown at row `index`; nil for a top-level item.
    func parentRow(ofRow index: Int) -> Int? {
        guard let node = tree.node(atRow: index) else { return nil }
        let parent = tree.parent(of: node)
        return parent == OutlineTree<ItemID>.root ? nil : tree.row(of: parent)
    }
}

extension OutlineStorage: OutlineProviding {
    public func outlinePlace(at indexPath: IndexPath) -> OutlinePlace? {
        guard let (section, row) = sectionAndRow(of: indexPath) else { return nil }
        return outlines[section].place(ofRow: row)
    }

    public func parentIndexPath(of indexPath: IndexPath) -> IndexPath? {
        guard let (section, row) = sectionAndRow(of: indexPath) else { return nil }
        return outlines[section].parentRow(ofRow: row).map { IndexPath(item: $0, section: section) }
    }

    public func setExpanded(_ expanded: Bool, at indexPath: IndexPath) {
        checkConfinement()
        guard let (section, row) = sectionAndRow(of: indexPath), let item = outlines[section].visibleItem(at: row) else { return }
        if expanded { expand([item]) } else { collapse([item]) }
    }

    public func visibleDescendantCount(at indexPath: IndexPath) -> Int {
        guard let (section, row) = sectionAndRow(of: indexPath) else { return 0 }
        return outlines[section].visibleDescendantCount(ofRow: row)
    }

    public func itemIdentity(at indexPath: IndexPath) -> AnyHashable? {
        guard let (section, row) = sectionAndRow(of: indexPath) else { return nil }
        return outlines[section].key(ofRow: row).map(AnyHashable.init)
    }

    public func indexPath(ofItemIdentity identity: AnyHashable) -> IndexPath? {
        guard let key = identity.base as? OutlineItemKey<ItemID> else { return nil }
        return indexPath(of: key.item)
    }

    public func expandDescendants(at indexPath: IndexPath) {
        checkConfinement()
        guard let (section, row) = sectionAndRow(of: indexPath), let item = outlines[section].visibleItem(at: row) else { return }
        expandDescendants(of: item)
    }
}

/// An item's identity as ``OutlineProviding/itemIdentity(at:)`` gives it: compared and hashed as
/// its ``SnapshotKey``, and carrying the item, by which the outline finds its node again.
struct OutlineItemKey<ItemID: Hashable & Sendable>: Hashable, Sendable {
    let key: SnapshotKey
    let item: ItemID

    init(_ item: ItemID) {
        key = SnapshotKey(item)
        self.item = item
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

extension OutlineTree {
    /// Where `node` sits, without a filter: its level, whether it shows an arrow, its place
    /// among its siblings. Read in one call: from generic code each call costs one
    /// (CONTRIBUTING, Hot paths: 7).
    func place(of node: Int) -> OutlinePlace {
        OutlinePlace(
            level: level(of: node), hasChildren: hasChildren(node) || childrenState(of: node) == .unloaded,
            isExpanded: isExpanded(node), position: indexInParent(of: node) + 1, siblingCount: childCount(of: parent(of: node)))
    }
}
