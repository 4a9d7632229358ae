import ModelStorage

/// A place reserved in the list for an item whose data arrives later (a drop from another
/// application), made by ``ListManager/drop(_:toPlaceholderAt:showing:)``.
///
/// Every step goes through the storage's ``PlaceholderStorage`` side (``MemoryStorage`` and the
/// database storage adopt it), so observers and the list see each step as one change. The
/// placeholder follows its row when other changes move it meanwhile.
@MainActor
public final class DropPlaceholder {
    /// The item the placeholder stands for.
    public let item: DragItem
    private weak var manager: ListManager?
    /// The row showing the placeholder model, when one is shown.
    private weak var record: BoundRow?
    /// Where the item goes when no placeholder row is shown.
    private let requestedIndexPath: IndexPath
    private var isSettled = false

    init(item: DragItem, manager: ListManager, indexPath: IndexPath, placeholderModel: Any?) {
        self.item = item
        self.manager = manager
        requestedIndexPath = indexPath
        guard let placeholderModel, let storage = manager.placeholderStorage else { return }
        let target = Self.clamped(indexPath, in: storage)
        guard (try? storage.insertPlaceholder(placeholderModel, at: target)) != nil else { return }
        record = manager.boundRow(at: target)
    }

    /// Where the placeholder is now: its row's index path, or the index path it was made for.
    public var indexPath: IndexPath? {
        guard !isSettled else { return nil }
        if let record { return manager?.location(of: record)?.indexPath }
        return requestedIndexPath
    }

    /// Puts `model` where the placeholder is: replaces the placeholder model (one update), or
    /// inserts it (one insert) when none was shown. Returns the index path of the model, or
    /// nil when the placeholder was settled already or the storage takes no drops (it is not a
    /// ``PlaceholderStorage``).
    @discardableResult
    public func commitInsertion(ofItem model: Any) -> IndexPath? {
        guard !isSettled, let manager, let storage = manager.placeholderStorage else { return nil }
        isSettled = true
        if record != nil {
            guard let indexPath = record.flatMap({ manager.location(of: $0)?.indexPath }),
                (try? storage.commitPlaceholder(at: indexPath, with: model)) != nil
            else { return nil }
            return indexPath
        }
        let target = Self.clamped(requestedIndexPath, in: storage)
        guard (try? storage.insertItem(model, to: target)) != nil else { return nil }
        return target
    }

    /// Removes the placeholder model (one removal), when one is shown; the placeholder is
    /// settled either way.
    public func deletePlaceholder() {
        guard !isSettled else { return }
        isSettled = true
        guard let manager, let storage = manager.placeholderStorage,
            let indexPath = record.flatMap({ manager.location(of: $0)?.indexPath })
        else { return }
        storage.removePlaceholder(at: indexPath)
    }

    /// `indexPath` limited to the storage: an existing section (or the next new one) and an
    /// item index at most the section's count.
    private static func clamped(_ indexPath: IndexPath, in storage: any Storage) -> IndexPath {
        let section = min(max(indexPath.section, 0), storage.numberOfSections)
        let item = min(max(indexPath.item, 0), storage.numberOfItems(inSection: section))
        return IndexPath(item: item, section: section)
    }
}
