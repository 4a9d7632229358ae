import ModelStorage

/// The selected items and the focused row (the cursor), by index path, carried through every
/// entry of a change set: an insertion before them shifts them, a deletion drops them, a move
/// takes them along. They live in the manager, not in row widgets, so they survive rows that a
/// host unbinds and binds again.
struct SelectionState: Equatable {
    /// The selected items.
    private(set) var selected: Set<IndexPath> = []
    /// The row that has, or last had, the keyboard focus.
    var cursor: RowLocation?

    var isEmpty: Bool { selected.isEmpty && cursor == nil }

    func isSelected(_ indexPath: IndexPath) -> Bool {
        selected.contains(indexPath)
    }

    mutating func select(_ indexPath: IndexPath) {
        selected.insert(indexPath)
    }

    mutating func deselect(_ indexPath: IndexPath) {
        selected.remove(indexPath)
    }

    mutating func setSelected(_ indexPaths: Set<IndexPath>) {
        selected = indexPaths
    }

    /// Forgets everything (a reload: every row is new).
    mutating func reset() {
        self = SelectionState()
    }

    /// Follows one run of a change set: an entry, or many items inserted or deleted together.
    /// O(selected), however many items the run moves.
    mutating func apply(_ run: ChangeRun) {
        guard !isEmpty, !run.updatesInPlace else { return }
        selected = Set(selected.compactMap(run.destination(ofItemAt:)))
        guard let cursor else { return }
        // A header or footer cursor follows its section only.
        self.cursor =
            cursor.role == .item
            ? run.destination(ofItemAt: cursor.indexPath).map(RowLocation.item)
            : run.destination(ofSection: cursor.section).map {
                RowLocation(role: cursor.role, indexPath: IndexPath(item: cursor.indexPath.item, section: $0))
            }
    }
}
