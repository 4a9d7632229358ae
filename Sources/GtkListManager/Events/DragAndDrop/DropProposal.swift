import ModelStorage

/// What a list would do with a drop at the pointer: answered by `dropSessionDidUpdate`.
public struct DropProposal: Equatable, Sendable {
    /// The drop operation, shown to the user by the pointer (GDK's drag action).
    public enum Operation: Equatable, Sendable {
        /// Refuse the drop here.
        case cancel
        /// Copy the items (`GDK_ACTION_COPY`).
        case copy
        /// Move the items (`GDK_ACTION_MOVE`): the source is told and may remove them.
        case move
    }

    /// The operation.
    public var operation: Operation
    /// Where the items would go; nil keeps the index path under the pointer.
    public var destinationIndexPath: IndexPath?

    /// A proposal of `operation`, at `destinationIndexPath` (nil: the one under the pointer).
    public init(_ operation: Operation, destinationIndexPath: IndexPath? = nil) {
        self.operation = operation
        self.destinationIndexPath = destinationIndexPath
    }

    /// Refuse the drop.
    public static let cancel = DropProposal(.cancel)
    /// Copy to the index path under the pointer.
    public static let copy = DropProposal(.copy)
    /// Move to the index path under the pointer.
    public static let move = DropProposal(.move)

    /// Copy to `indexPath` instead of the one under the pointer.
    public static func copy(to indexPath: IndexPath) -> DropProposal { DropProposal(.copy, destinationIndexPath: indexPath) }
    /// Move to `indexPath` instead of the one under the pointer.
    public static func move(to indexPath: IndexPath) -> DropProposal { DropProposal(.move, destinationIndexPath: indexPath) }
}
