import Foundation

/// What type-ahead find reads of a list: its items' models, and the folded text each is found
/// by (``FindableRow``).
@MainActor
struct FindableRows {
    let manager: ListManager

    /// The number of items, every section's together.
    var count: Int {
        (0..<manager.storage.numberOfSections).reduce(0) { $0 + manager.storage.numberOfItems(inSection: $1) }
    }

    /// The folded findable text of `model` at `indexPath`; empty (found by no query) when its
    /// row class is not findable.
    func foldedText(of model: Any, at indexPath: IndexPath) -> [UInt8] {
        guard let mapping = manager.factory.registry.mapping(for: model, role: .item, at: indexPath),
            let findable = mapping.rowClass as? any FindableRow.Type, let text = findable.findableText(ofAny: model)
        else { return [] }
        return TypeAheadMatch.fold(text)
    }

    /// The folded findable text of the storage's item at `indexPath`.
    func foldedText(at indexPath: IndexPath) -> [UInt8] {
        manager.storage.item(at: indexPath).map { foldedText(of: $0, at: indexPath) } ?? []
    }
}
