/// What one transaction delivers to observers: an incremental change set, or a full reload.
public enum StorageUpdate: Equatable, CustomStringConvertible {
    /// Apply these changes in order.
    case changes(ChangeSet)
    /// The content was replaced as a whole: reload everything.
    case reload

    public var description: String {
        switch self {
        case let .changes(changeSet): changeSet.description
        case .reload: "reload"
        }
    }
}
