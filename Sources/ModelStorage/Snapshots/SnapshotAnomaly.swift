/// The snapshot operations a ``ListSnapshot`` refuses. Each leaves the snapshot unchanged.
///
/// A snapshot is a value: it records what it refused in ``ListSnapshot/anomalies`` (and each
/// operation also returns its anomaly). The storage or manager that applies the snapshot reports
/// them to its anomaly handler, so nothing goes unnoticed and nothing crashes.
///
/// Identifiers are named by their `String(describing:)` text.
public enum SnapshotAnomaly: Anomaly {
    /// Sections to append or insert repeat each other or identifiers already in the snapshot.
    case sectionIdentifiersNotUnique(operation: SnapshotOperation, identifiers: [String])
    /// Items to append or insert repeat each other or identifiers already in the snapshot (in any
    /// section: item identifiers are unique across the whole snapshot).
    case itemIdentifiersNotUnique(operation: SnapshotOperation, identifiers: [String])
    /// Sections named by the operation (to change, or as its anchor) are not in the snapshot.
    case sectionsNotFound(operation: SnapshotOperation, identifiers: [String])
    /// Items named by the operation (to change, or as its anchor) are not in the snapshot.
    case itemsNotFound(operation: SnapshotOperation, identifiers: [String])
    /// `appendItems(_:toSection: nil)` on a snapshot without sections: there is no last section.
    case noSectionToAppendTo(itemCount: Int)
    /// A section or item was to move before or after itself.
    case movedRelativeToItself(operation: SnapshotOperation, identifier: String)

    public var description: String {
        switch self {
        case .sectionIdentifiersNotUnique: "sectionIdentifiersNotUnique"
        case .itemIdentifiersNotUnique: "itemIdentifiersNotUnique"
        case .sectionsNotFound: "sectionsNotFound"
        case .itemsNotFound: "itemsNotFound"
        case .noSectionToAppendTo: "noSectionToAppendTo"
        case .movedRelativeToItself: "movedRelativeToItself"
        }
    }

    public var debugDescription: String {
        "⚠️ [ListSnapshot] " + explanation
    }

    private var explanation: String {
        switch self {
        case let .sectionIdentifiersNotUnique(operation, identifiers):
            "\(operation.rawValue) refused: section identifier(s) \(Self.list(identifiers)) are already in "
                + "the snapshot or repeated. Section identifiers must be unique. Nothing was changed."
        case let .itemIdentifiersNotUnique(operation, identifiers):
            "\(operation.rawValue) refused: item identifier(s) \(Self.list(identifiers)) are already in "
                + "the snapshot or repeated. Item identifiers must be unique across all sections "
                + "(compared by identity: diffIdentifier, id, or the value). Nothing was changed."
        case let .sectionsNotFound(operation, identifiers):
            "\(operation.rawValue) refused: no section \(Self.list(identifiers)) in the snapshot. "
                + "Nothing was changed."
        case let .itemsNotFound(operation, identifiers):
            "\(operation.rawValue) refused: no item \(Self.list(identifiers)) in the snapshot. "
                + "Nothing was changed."
        case let .noSectionToAppendTo(count):
            "appendItems(_:toSection:) refused: \(count) item(s) to append to the last section, but "
                + "the snapshot has no section. Append a section first. Nothing was changed."
        case let .movedRelativeToItself(operation, identifier):
            "\(operation.rawValue) refused: \(identifier) cannot move relative to itself. "
                + "Nothing was changed."
        }
    }

    private static func list(_ identifiers: [String]) -> String {
        identifiers.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// The ``ListSnapshot`` and ``OutlineSnapshot`` operations an anomaly names; the raw value is the
/// method's signature.
public enum SnapshotOperation: String, Sendable {
    /// ``ListSnapshot/appendSections(_:)``.
    case appendSections = "appendSections(_:)"
    /// ``ListSnapshot/insertSections(_:beforeSection:)``.
    case insertSectionsBeforeSection = "insertSections(_:beforeSection:)"
    /// ``ListSnapshot/insertSections(_:afterSection:)``.
    case insertSectionsAfterSection = "insertSections(_:afterSection:)"
    /// ``ListSnapshot/deleteSections(_:)``.
    case deleteSections = "deleteSections(_:)"
    /// ``ListSnapshot/moveSection(_:beforeSection:)``.
    case moveSectionBeforeSection = "moveSection(_:beforeSection:)"
    /// ``ListSnapshot/moveSection(_:afterSection:)``.
    case moveSectionAfterSection = "moveSection(_:afterSection:)"
    /// ``ListSnapshot/reloadSections(_:)``.
    case reloadSections = "reloadSections(_:)"
    /// ``ListSnapshot/appendItems(_:toSection:)``.
    case appendItems = "appendItems(_:toSection:)"
    /// ``ListSnapshot/insertItems(_:beforeItem:)``.
    case insertItemsBeforeItem = "insertItems(_:beforeItem:)"
    /// ``ListSnapshot/insertItems(_:afterItem:)``.
    case insertItemsAfterItem = "insertItems(_:afterItem:)"
    /// ``ListSnapshot/deleteItems(_:)``.
    case deleteItems = "deleteItems(_:)"
    /// ``ListSnapshot/moveItem(_:beforeItem:)``.
    case moveItemBeforeItem = "moveItem(_:beforeItem:)"
    /// ``ListSnapshot/moveItem(_:afterItem:)``.
    case moveItemAfterItem = "moveItem(_:afterItem:)"
    /// ``ListSnapshot/reloadItems(_:)``.
    case reloadItems = "reloadItems(_:)"
    /// ``ListSnapshot/reconfigureItems(_:)``.
    case reconfigureItems = "reconfigureItems(_:)"
    /// ``OutlineSnapshot/append(_:to:)``.
    case appendToParent = "append(_:to:)"
    /// ``OutlineSnapshot/insert(_:before:)``.
    case insertBeforeItem = "insert(_:before:)"
    /// ``OutlineSnapshot/insert(_:after:)``.
    case insertAfterItem = "insert(_:after:)"
    /// ``OutlineSnapshot/delete(_:)``.
    case deleteOutlineItems = "delete(_:)"
    /// ``OutlineSnapshot/expand(_:)`` and ``OutlineSnapshot/expandDescendants(of:)``.
    case expand = "expand(_:)"
    /// ``OutlineSnapshot/collapse(_:)``.
    case collapse = "collapse(_:)"
    /// ``OutlineSnapshot/replace(childrenOf:using:)``.
    case replaceChildren = "replace(childrenOf:using:)"
    /// ``OutlineSnapshot/markChildrenUnloaded(_:)``.
    case markChildrenUnloaded = "markChildrenUnloaded(_:)"
    /// ``OutlineSnapshot/move(_:to:)``.
    case moveOutlineItems = "move(_:to:)"
    /// Children an ``OutlineStorage/childrenProvider`` read.
    case loadChildren = "childrenProvider"
    /// ``OutlineStorage/reveal(_:under:)``.
    case reveal = "reveal(_:under:)"
}
