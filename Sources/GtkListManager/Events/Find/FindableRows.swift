import Foundation

/// What type-ahead find reads of a list: its items' models, and the folded text each is found
/// by (``FindableRow``).
@MainActor
struct FindableRows {
    /// Unowned, as the type-ahead search that reads it is the manager's: a build of the index
    /// holding it strongly kept a closed list alive, still building, until it was done.
    unowned let manager: ListManager

    /// The number of items, every section's together.
    var count: Int {
        (0..<manager.storage.numberOfSections).reduce(0) { $0 + manager.storage.numberOfItems(inSection: $1) }
    }

    /// The folded findable text of `model` at `indexPath`; empty (found by no query) when its
    /// row class is not findable. A feature that shows items its own way (a table) says what
    /// they are found by.
    func foldedText(of model: Any, at indexPath: IndexPath) -> [UInt8] {
        let text =
            if let presenter = manager.installedFeatures?.itemPresenter {
                presenter.findableText(of: model, at: indexPath)
            } else if let mapping = manager.factory.registry.mapping(for: model, role: .item, at: indexPath),
                let findable = mapping.rowClass as? any FindableRow.Type
            {
                findable.findableText(ofAny: model)
            } else {
                String?.none
            }
        return text.map(TypeAheadMatch.fold) ?? []
    }

    /// The folded findable text of the storage's item at `indexPath`.
    func foldedText(at indexPath: IndexPath) -> [UInt8] {
        manager.storage.item(at: indexPath).map { foldedText(of: $0, at: indexPath) } ?? []
    }
}
