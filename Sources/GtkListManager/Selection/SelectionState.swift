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

    /// Follows one change-set entry. O(selected).
    mutating func apply(_ change: StorageChange) {
        guard !isEmpty else { return }
        switch change {
        case .updateSection, .updateItem:
            return
        default:
            break
        }
        selected = Set(selected.compactMap(change.destination(ofItemAt:)))
        guard let cursor else { return }
        // A header or footer cursor follows its section only.
        self.cursor =
            cursor.role == .item
            ? change.destination(ofItemAt: cursor.indexPath).map(RowLocation.item)
            : change.destination(ofSection: cursor.section).map {
                RowLocation(role: cursor.role, indexPath: IndexPath(item: cursor.indexPath.item, section: $0))
            }
    }
}
