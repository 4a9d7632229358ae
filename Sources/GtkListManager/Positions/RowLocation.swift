import ModelStorage

/// Where a row sits in the manager's sections: an item's index path, or a section's
/// supplementary view of a kind (index path `[section, 0]`).
public struct RowLocation: Hashable, Sendable, CustomStringConvertible {
    /// An item or a supplementary view (header, footer, another kind).
    public let role: RowRole
    /// The item's index path; for supplementary views, item 0 of their section.
    public let indexPath: IndexPath

    /// The section the row belongs to.
    public var section: Int { indexPath.section }

    /// An item's location.
    public static func item(_ indexPath: IndexPath) -> RowLocation {
        RowLocation(role: .item, indexPath: indexPath)
    }

    /// The location of section `section`'s supplementary view of `kind`.
    public static func supplementary(_ kind: SupplementaryKind, inSection section: Int) -> RowLocation {
        RowLocation(role: .supplementary(kind), indexPath: IndexPath(item: 0, section: section))
    }

    public var description: String { "\(role) \(indexPath.shortDescription)" }
}
