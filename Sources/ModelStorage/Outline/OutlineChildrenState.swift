/// Whether an outline item's children are read: items whose children are read lazily show an
/// arrow before they are, a loading row while they are, and an error row when reading failed.
public enum OutlineChildrenState: Equatable, Sendable {
    /// The children the item has are all it has (perhaps none).
    case loaded
    /// The children are not read yet: the item shows an arrow, and its first expand asks the
    /// storage's children provider (``OutlineStorage/childrenProvider``).
    case unloaded
    /// A provider is reading the children; the item shows a loading row while expanded.
    case loading
    /// Reading the children failed with `message`; the item shows an error row with a retry
    /// while expanded.
    case failed(String)
}

/// The model of the row an outline shows under an item whose children are loading, or failed
/// to load: the list shows it with a row mapped to this type (GtkListManager registers a
/// default one: a spinner, or the message and a Retry button).
public struct OutlineChildrenStatus: CustomStringConvertible {
    /// Where reading stands.
    public enum Phase: Equatable, Sendable {
        /// Being read.
        case loading
        /// Reading failed with this message.
        case failed(String)
    }

    /// The identity of the item whose children these are.
    public let parent: AnyHashable
    /// Where reading stands.
    public let phase: Phase
    private let retryAction: @MainActor () -> Void

    /// A status of `parent`'s children; `retry` asks the storage to read them again.
    public init(parent: AnyHashable, phase: Phase, retry: @escaping @MainActor () -> Void) {
        self.parent = parent
        self.phase = phase
        self.retryAction = retry
    }

    /// Reads the children again (after a failure): the row shows loading, then the children.
    @MainActor public func retry() {
        retryAction()
    }

    public var description: String {
        switch phase {
        case .loading: "loading children of \(parent)"
        case let .failed(message): "children of \(parent) failed: \(message)"
        }
    }
}

extension OutlineChildrenStatus: Equatable {
    public static func == (lhs: OutlineChildrenStatus, rhs: OutlineChildrenStatus) -> Bool {
        lhs.parent == rhs.parent && lhs.phase == rhs.phase
    }
}
