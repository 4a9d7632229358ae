/// One entry of a ``ChangeSet``: a splice of sections or items.
///
/// Indices of each entry are relative to the state after all entries before it, like a sequence
/// of `GListModel::items-changed` splices, so a host applies entries one by one in order.
///
/// - A section insert adds an *empty* section; the items it holds follow as item inserts.
/// - A section delete removes the section with all its items.
/// - Moves remove the element at `from` and insert it at `to`, where `to` is read in the state
///   after the removal (the semantics of moving within an array).
/// - Inserts and updates carry the model, so a host builds or refreshes a row from the entry alone.
public enum StorageChange {
    /// An empty section appears at `index`, with its supplementary models.
    case insertSection(Int, supplements: SectionSupplements = [:])
    /// The section at `index` disappears with all its items.
    case deleteSection(Int)
    /// The section at `from` moves, with its items, to `to`.
    case moveSection(from: Int, to: Int)
    /// The section's own models (header, footer, …) changed; its items did not.
    case updateSection(Int, supplements: SectionSupplements = [:])
    /// `model` appears at `indexPath`.
    case insertItem(at: IndexPath, model: Any)
    /// The item at `indexPath` disappears.
    case deleteItem(at: IndexPath)
    /// The item at `from` moves to `to`.
    case moveItem(from: IndexPath, to: IndexPath)
    /// The item at `indexPath` is now `model`: refresh the existing row in place.
    case updateItem(at: IndexPath, model: Any)
}

extension StorageChange: Equatable {
    public static func == (lhs: StorageChange, rhs: StorageChange) -> Bool {
        switch (lhs, rhs) {
        case let (.insertSection(a, sa), .insertSection(b, sb)),
            let (.updateSection(a, sa), .updateSection(b, sb)):
            return a == b && sa == sb
        case let (.deleteSection(a), .deleteSection(b)):
            return a == b
        case let (.moveSection(fa, ta), .moveSection(fb, tb)):
            return fa == fb && ta == tb
        case let (.insertItem(a, ma), .insertItem(b, mb)),
            let (.updateItem(a, ma), .updateItem(b, mb)):
            return a == b && modelsAreEqual(ma, mb)
        case let (.deleteItem(a), .deleteItem(b)):
            return a == b
        case let (.moveItem(fa, ta), .moveItem(fb, tb)):
            return fa == fb && ta == tb
        default:
            return false
        }
    }
}

extension StorageChange: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .insertSection(index, supplements):
            return "insert section \(index)" + (supplements.isEmpty ? "" : " {\(supplements)}")
        case let .deleteSection(index):
            return "delete section \(index)"
        case let .moveSection(from, to):
            return "move section \(from) → \(to)"
        case let .updateSection(index, supplements):
            return "update section \(index) {\(supplements)}"
        case let .insertItem(indexPath, model):
            return "insert \(indexPath.shortDescription) = \(model)"
        case let .deleteItem(indexPath):
            return "delete \(indexPath.shortDescription)"
        case let .moveItem(from, to):
            return "move \(from.shortDescription) → \(to.shortDescription)"
        case let .updateItem(indexPath, model):
            return "update \(indexPath.shortDescription) = \(model)"
        }
    }
}
