import ModelStorage

/// A place reserved in the list for an item whose data arrives later (a drop from another
/// application), made by ``ListManager/drop(_:toPlaceholderAt:showing:)``.
///
/// Every step goes through the storage's `PlaceholderStorage` side (`MemoryStorage` and the
/// database storages adopt it), so observers and the list see each step as one change. The
/// placeholder follows every change the storage reports meanwhile, so it is found where other
/// changes moved it, on any host (a virtualized host binds no row for it until it is on screen).
@MainActor
public final class DropPlaceholder {
    /// The item the placeholder stands for.
    public let item: DragItem
    private weak var manager: ListManager?
    /// Where the placeholder model is shown, followed through every change set; nil when none
    /// was shown or a change removed it.
    private var shownIndexPath: IndexPath?
    private let showsPlaceholderModel: Bool
    /// Where the item goes when no placeholder model is shown.
    private let requestedIndexPath: IndexPath
    private var isSettled = false

    /// A placeholder at `indexPath`; settled from the start when `refused` (a malformed path).
    init(item: DragItem, manager: ListManager, indexPath: IndexPath, placeholderModel: Any?, refused: Bool) {
        self.item = item
        self.manager = manager
        requestedIndexPath = indexPath
        isSettled = refused
        guard !refused, let placeholderModel, let storage = manager.placeholderStorage else {
            showsPlaceholderModel = false
            return
        }
        let target = Self.clamped(indexPath, in: storage)
        showsPlaceholderModel = (try? storage.insertPlaceholder(placeholderModel, at: target)) != nil
        guard showsPlaceholderModel else { return }
        shownIndexPath = target
        manager.features.require(.dropPlaceholders, as: DropPlaceholderTracker.self).track(self)
    }

    /// Where the placeholder is now, or the index path it was made for when it shows no model;
    /// nil once settled, or when a change removed the placeholder model.
    public var indexPath: IndexPath? {
        guard !isSettled else { return nil }
        return showsPlaceholderModel ? shownIndexPath : requestedIndexPath
    }

    /// Puts `model` where the placeholder is: replaces the placeholder model (one update), or
    /// inserts it (one insert) when none was shown. Returns the index path of the model, or
    /// nil when the placeholder was settled or removed already, or the storage refused the
    /// model (it is not a `PlaceholderStorage`, or not one that stores such models).
    @discardableResult
    public func commitInsertion(ofItem model: Any) -> IndexPath? {
        guard !isSettled, let manager, let storage = manager.placeholderStorage else { return nil }
        settle()
        if showsPlaceholderModel {
            guard let indexPath = shownIndexPath, (try? storage.commitPlaceholder(at: indexPath, with: model)) != nil
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
        settle()
        guard let manager, let storage = manager.placeholderStorage, let indexPath = shownIndexPath else { return }
        storage.removePlaceholder(at: indexPath)
    }

    /// Where the placeholder model is shown while the drop is unsettled; nil otherwise.
    var placeholderIndexPath: IndexPath? {
        isSettled ? nil : shownIndexPath
    }

    /// Follows the placeholder model through one change of the storage.
    func follow(_ run: ChangeRun) {
        shownIndexPath = shownIndexPath.flatMap(run.destination(ofItemAt:))
    }

    /// The list was reloaded: the placeholder model is gone with the old rows, or was never
    /// told apart from the others.
    func lose() {
        shownIndexPath = nil
    }

    private func settle() {
        isSettled = true
        manager?.features.installed(DropPlaceholderTracker.self)?.forget(self)
    }

    /// `indexPath` limited to the storage: an existing section (or the next new one) and an
    /// item index at most the section's count.
    private static func clamped(_ indexPath: IndexPath, in storage: any Storage) -> IndexPath {
        let section = min(max(indexPath.section, 0), storage.numberOfSections)
        let item = min(max(indexPath.item, 0), storage.numberOfItems(inSection: section))
        return IndexPath(item: item, section: section)
    }
}
