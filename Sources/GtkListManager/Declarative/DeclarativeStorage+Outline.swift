import ModelStorage

/// Declared rows with children show as trees: the manager reads their places and opens and
/// closes them through the declarative state. Rows of sections that declare no tree have no
/// place, and show as plain rows.
extension DeclarativeStorage: OutlineProviding {
    func outlinePlace(at indexPath: IndexPath) -> OutlinePlace? {
        outline(at: indexPath).map { $0.places[indexPath.item] }
    }

    func parentIndexPath(of indexPath: IndexPath) -> IndexPath? {
        outline(at: indexPath)?.parents[indexPath.item].map { IndexPath(item: $0, section: indexPath.section) }
    }

    func setExpanded(_ expanded: Bool, at indexPath: IndexPath) {
        guard outline(at: indexPath) != nil else { return }
        expansionRequest?(sections[indexPath.section].items[indexPath.item].row, expanded, false)
    }

    func expandDescendants(at indexPath: IndexPath) {
        guard outline(at: indexPath) != nil else { return }
        expansionRequest?(sections[indexPath.section].items[indexPath.item].row, true, true)
    }

    func visibleDescendantCount(at indexPath: IndexPath) -> Int {
        outline(at: indexPath)?.visibleDescendantCount(ofRow: indexPath.item) ?? 0
    }

    func itemIdentity(at indexPath: IndexPath) -> AnyHashable? {
        guard outline(at: indexPath) != nil else { return nil }
        return sections[indexPath.section].items[indexPath.item].row.identity.map(AnyHashable.init)
    }

    /// A scan of the tree sections' rows: declared lists are short.
    func indexPath(ofItemIdentity identity: AnyHashable) -> IndexPath? {
        for (sectionIndex, section) in sections.enumerated() where section.outline != nil {
            if let item = section.items.firstIndex(where: { $0.row.identity.map(AnyHashable.init) == identity }) {
                return IndexPath(item: item, section: sectionIndex)
            }
        }
        return nil
    }

    /// Declared rows move where the app declares them: a drop never moves them.
    func moveRows(at indexPaths: [IndexPath], to placement: OutlineRowPlacement) -> Bool {
        false
    }

    /// The tree of the section of `indexPath` when it declares one and holds that row.
    private func outline(at indexPath: IndexPath) -> DeclaredOutline? {
        guard indexPath.isItemPosition, sections.indices.contains(indexPath.section), let outline = sections[indexPath.section].outline,
            outline.places.indices.contains(indexPath.item)
        else { return nil }
        return outline
    }
}
