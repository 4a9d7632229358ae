/// The requests a storage refuses. Each leaves the storage unchanged.
public enum StorageAnomaly: Anomaly {
    /// An insert at an item index past the end of its section.
    case insertionIndexPathTooBig(indexPath: IndexPath, countOfElementsInSection: Int)
    /// A batch insert whose item and index-path counts differ.
    case batchInsertionItemCountMismatch(itemsCount: Int, indexPathsCount: Int)
    /// `replaceItem` found no item equal to the one to replace.
    case replaceItemFailedItemNotFound(itemDescription: String)
    /// `removeItem(s)` found no (more) item equal to one to remove.
    case removeItemFailedItemNotFound(itemDescription: String)
    /// `reloadItem` found no item equal to the one to reload.
    case reloadItemFailedItemNotFound(itemDescription: String)
    /// `moveItem` found no item at the source.
    case moveItemFailedItemNotFound(indexPath: IndexPath)
    /// `moveItem`'s destination is past the end of its section (counted without the source).
    case moveItemFailedIndexPathTooBig(indexPath: IndexPath, countOfElementsInSection: Int)
    /// `moveItemWithoutNotification` got a source or destination out of range.
    case moveItemFailedInvalidIndexPaths(
        sourceIndexPath: IndexPath, destinationIndexPath: IndexPath,
        sourceElementsInSection: Int, destinationElementsInSection: Int)
    /// `moveItemWithoutNotification` was called while a transaction had already recorded changes
    /// that observers have not seen: the silent move would make them apply those to a wrong state.
    case moveWithoutNotificationInsideTransaction(sourceIndexPath: IndexPath, destinationIndexPath: IndexPath)
    /// An index path that addresses no item (removal, reload by position).
    case itemIndexPathOutOfRange(indexPath: IndexPath, countOfElementsInSection: Int)
    /// An index path with a negative component, or that is not an (item, section) pair.
    case invalidIndexPath(indexPath: IndexPath)
    /// A section index that addresses no section.
    case sectionIndexOutOfRange(operation: SectionOperation, index: Int, numberOfSections: Int)
    /// A section object that already belongs to a storage was inserted again.
    case sectionAlreadyInStorage(operation: SectionOperation, index: Int)
    /// A diffed replacement met identities that are not unique within a state. The storage still
    /// handled them by its documented, deterministic rule and lost nothing, but rows may move or
    /// refresh in ways the caller did not mean.
    case duplicateIdentifiers(kind: IdentifierKind, count: Int)
    /// A diffed replacement met a model with no identity (not `Diffable`, `Identifiable`,
    /// `Hashable` or a class instance): it is always deleted and inserted again.
    case modelWithoutIdentity(typeName: String)
    /// A storage that stores only some items (a database storage, its records) was given an
    /// item it cannot store, or it stores none (it cannot write).
    case itemNotAccepted(typeName: String, reason: String)
    /// A sort named a column the storage was given no comparison for: that key was left out,
    /// the others applied.
    case unknownSortColumn(column: String, knownColumns: [String])
    /// A grouping named a column the storage was given no grouping for
    /// (``ColumnGroupings``): that column was left out, the others applied.
    case unknownGroupColumn(column: String, knownColumns: [String])
    /// The base of a ``FilteredStorage`` reported a change its state could not take: an item
    /// or section index past what its earlier changes left (`count`: the items of `section`,
    /// or the sections when `section` is nil). The filter read the base again as it is now and
    /// reloaded its observers.
    case inconsistentBaseChange(storageTypeName: String, change: String, count: Int, section: Int?)

    /// Whose identifiers ``duplicateIdentifiers(kind:count:)`` found duplicated.
    public enum IdentifierKind: String, Sendable {
        /// Section identifiers.
        case sections
        /// Item identifiers.
        case items
    }

    /// The section-level operations named by ``sectionIndexOutOfRange(operation:index:numberOfSections:)``.
    public enum SectionOperation: String, Sendable {
        /// `MemoryStorage.insertSection(_:at:)`.
        case insertSection
        /// `MemoryStorage.deleteSections(_:)`.
        case deleteSections
        /// `MemoryStorage.moveSection(_:toSection:)`.
        case moveSection
        /// `MemoryStorage.removeItems(fromSection:)`.
        case removeItemsFromSection
        /// `MemoryStorage.reloadSections(_:)`.
        case reloadSections
        /// `MemoryStorage.setSections(_:)` and `setSections(_:diffing:)`: a section given twice.
        case setSection
        /// Setting a header, footer or other supplementary model of one section.
        case setSupplementaryModel
    }

    public var description: String {
        switch self {
        case .insertionIndexPathTooBig: "insertionIndexPathTooBig"
        case .batchInsertionItemCountMismatch: "batchInsertionItemCountMismatch"
        case .replaceItemFailedItemNotFound: "replaceItemFailedItemNotFound"
        case .removeItemFailedItemNotFound: "removeItemFailedItemNotFound"
        case .reloadItemFailedItemNotFound: "reloadItemFailedItemNotFound"
        case .moveItemFailedItemNotFound: "moveItemFailedItemNotFound"
        case .moveItemFailedIndexPathTooBig: "moveItemFailedIndexPathTooBig"
        case .moveItemFailedInvalidIndexPaths: "moveItemFailedInvalidIndexPaths"
        case .moveWithoutNotificationInsideTransaction: "moveWithoutNotificationInsideTransaction"
        case .itemIndexPathOutOfRange: "itemIndexPathOutOfRange"
        case .invalidIndexPath: "invalidIndexPath"
        case .sectionIndexOutOfRange: "sectionIndexOutOfRange"
        case .sectionAlreadyInStorage: "sectionAlreadyInStorage"
        case .duplicateIdentifiers: "duplicateIdentifiers"
        case .modelWithoutIdentity: "modelWithoutIdentity"
        case .itemNotAccepted: "itemNotAccepted"
        case .unknownSortColumn: "unknownSortColumn"
        case .unknownGroupColumn: "unknownGroupColumn"
        case .inconsistentBaseChange: "inconsistentBaseChange"
        }
    }

    public var debugDescription: String {
        "⚠️ [ModelStorage] " + explanation
    }

    private var explanation: String {
        switch self {
        case let .insertionIndexPathTooBig(indexPath, count):
            "Could not insert at \(indexPath.shortDescription): its section holds \(count) "
                + "element(s), so the item index must be at most \(count). Nothing was inserted."
        case let .batchInsertionItemCountMismatch(items, paths):
            "Batch insert refused: \(items) item(s) but \(paths) index path(s). Pass one index "
                + "path per item."
        case let .replaceItemFailedItemNotFound(item):
            "Could not replace \(item): no equal item is in the storage."
        case let .removeItemFailedItemNotFound(item):
            "Could not remove \(item): no equal item (left) in the storage. Nothing was removed."
        case let .reloadItemFailedItemNotFound(item):
            "Could not reload \(item): no equal item is in the storage."
        case let .moveItemFailedItemNotFound(indexPath):
            "Could not move the item at \(indexPath.shortDescription): there is no item there."
        case let .moveItemFailedIndexPathTooBig(indexPath, count):
            "Could not move to \(indexPath.shortDescription): without the moved item the "
                + "destination section holds \(count) element(s)."
        case let .moveItemFailedInvalidIndexPaths(source, destination, sourceCount, destinationCount):
            "Could not move \(source.shortDescription) → \(destination.shortDescription) without "
                + "notification: the source section holds \(sourceCount) element(s), the "
                + "destination section \(destinationCount)."
        case let .moveWithoutNotificationInsideTransaction(source, destination):
            "Refused to move \(source.shortDescription) → \(destination.shortDescription) without "
                + "notification inside a transaction that already recorded changes: observers "
                + "would apply those changes to a state that moved under them. Move outside the "
                + "transaction, or use moveItem(at:to:)."
        case let .itemIndexPathOutOfRange(indexPath, count):
            "No item at \(indexPath.shortDescription): its section holds \(count) element(s). "
                + "Nothing was changed."
        case let .invalidIndexPath(indexPath):
            "Index path \(indexPath.shortDescription) is not a valid (item, section) pair: an index "
                + "is negative or missing. Nothing was changed."
        case let .sectionIndexOutOfRange(operation, index, count):
            "\(operation.rawValue): no section \(index); the storage has \(count) section(s). "
                + "Nothing was changed."
        case let .sectionAlreadyInStorage(operation, index):
            "\(operation.rawValue) at \(index): this SectionModel already belongs to a storage. "
                + "Create a new SectionModel."
        case let .duplicateIdentifiers(kind, count):
            "The new content repeats \(count) \(kind.rawValue) identifier(s). The storage handled the "
                + "repeats by its documented rule (MemoryStorage and SingleSectionStorage keep every "
                + "occurrence, the k-th old matched with the k-th new; SortedStorage keeps the last). "
                + "Make identifiers unique."
        case let .modelWithoutIdentity(typeName):
            "\(typeName) has no identity for diffing: make it Diffable, Identifiable or Hashable. "
                + "Its rows are recreated on every diffed update."
        case let .itemNotAccepted(typeName, reason):
            "The storage cannot store a \(typeName): \(reason). Nothing was inserted."
        case let .unknownSortColumn(column, known):
            "The sort names column \"\(column)\", which has no comparison (declared: "
                + "\(known.isEmpty ? "none" : known.joined(separator: ", "))). That key was left out and the "
                + "others applied. Declare the column in the ColumnComparisons, or make the column unsortable."
        case let .unknownGroupColumn(column, known):
            "The grouping names column \"\(column)\", which has no grouping (declared: "
                + "\(known.isEmpty ? "none" : known.joined(separator: ", "))). That column was left out and the "
                + "others applied. Declare the column in the ColumnGroupings, or make the column not groupable."
        case let .inconsistentBaseChange(storage, change, count, section):
            "The filtered storage's base (\(storage)) reported \"\(change)\" when "
                + (section.map { "section \($0) held \(count) item(s)" } ?? "it had \(count) section(s)")
                + ", as its earlier changes left it: its change log contradicts itself. The filter read the base again "
                + "as it is now and reloaded. Fix the storage's change log (see Storage's change-set contract)."
        }
    }
}
