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
        case let .insertSection(section, _):
            remap { $0.section >= section ? IndexPath(item: $0.item, section: $0.section + 1) : $0 }
        case let .deleteSection(section):
            remap { path in
                if path.section == section { return nil }
                return path.section > section ? IndexPath(item: path.item, section: path.section - 1) : path
            }
        case let .moveSection(from, to):
            remap { IndexPath(item: $0.item, section: Self.section($0.section, afterMoving: from, to: to)) }
        case let .insertItem(indexPath, _):
            remapItems { Self.item($0, afterInserting: indexPath) }
        case let .deleteItem(indexPath):
            remapItems { Self.item($0, afterDeleting: indexPath) }
        case let .moveItem(from, to):
            remapItems { path in
                if path == from { return to }
                return Self.item(Self.item(path, afterDeleting: from)!, afterInserting: to)
            }
        case .updateSection, .updateItem:
            break
        }
    }

    // MARK: - Remapping

    /// Moves every selected index path and the cursor's section through `transform` (nil drops).
    private mutating func remap(_ transform: (IndexPath) -> IndexPath?) {
        selected = Set(selected.compactMap(transform))
        if let cursor {
            self.cursor = transform(cursor.indexPath).map { RowLocation(role: cursor.role, indexPath: $0) }
        }
    }

    /// Like `remap`, for item entries: a header or footer cursor keeps its place.
    private mutating func remapItems(_ transform: (IndexPath) -> IndexPath?) {
        selected = Set(selected.compactMap(transform))
        if let cursor, cursor.role == .item {
            self.cursor = transform(cursor.indexPath).map(RowLocation.item)
        }
    }

    private static func item(_ path: IndexPath, afterInserting inserted: IndexPath) -> IndexPath {
        guard path.section == inserted.section, path.item >= inserted.item else { return path }
        return IndexPath(item: path.item + 1, section: path.section)
    }

    private static func item(_ path: IndexPath, afterDeleting deleted: IndexPath) -> IndexPath? {
        guard path.section == deleted.section else { return path }
        if path.item == deleted.item { return nil }
        return path.item > deleted.item ? IndexPath(item: path.item - 1, section: path.section) : path
    }

    private static func section(_ section: Int, afterMoving from: Int, to: Int) -> Int {
        if section == from { return to }
        if from < to, section > from, section <= to { return section - 1 }
        if to < from, section >= to, section < from { return section + 1 }
        return section
    }
}
