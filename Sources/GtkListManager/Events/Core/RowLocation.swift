import ModelStorage

/// Where a row sits in the manager's sections: an item's index path, or a section's header or
/// footer (index path `[section, 0]`).
public struct RowLocation: Hashable, Sendable, CustomStringConvertible {
    /// Item, header or footer.
    public let role: RowRole
    /// The item's index path; for headers and footers, item 0 of their section.
    public let indexPath: IndexPath

    /// The section the row belongs to.
    public var section: Int { indexPath.section }

    /// An item's location.
    public static func item(_ indexPath: IndexPath) -> RowLocation {
        RowLocation(role: .item, indexPath: indexPath)
    }

    public var description: String { "\(role) \(indexPath.shortDescription)" }
}
