import ModelStorage

/// A drag over this list that did not start on one of its own movable rows: told to the drop
/// events (`canHandleDrop`, `dropSessionDidEnter` / `DidUpdate` / `DidExit` / `DidEnd`,
/// `performDrop`).
///
/// From a list of this process (``isLocal``) the items, with their models, are known from the
/// moment the drag enters. From another application only what it offers is known
/// (``offersText``, ``offersURIs``) until the drop: ``items`` is filled before `performDrop`.
@MainActor
public final class DropSession {
    /// The dragged items (see the type's note on when they are known): from a list of this
    /// process, those of every dragged row, row after row in list order.
    public internal(set) var items: [DragItem]
    /// Where the items would be inserted: from the pointer, or a proposal's redirect.
    public internal(set) var destinationIndexPath: IndexPath?
    /// True when the drag comes from a list of this process (its models are in ``items``).
    public let isLocal: Bool
    /// The manager of the list the drag comes from, when it is one of this process.
    public private(set) weak var sourceManager: ListManager?
    /// The index path of the row the drag started on (the pressed row) in ``sourceManager``'s
    /// list, for a local drag.
    public let sourceIndexPath: IndexPath?
    /// The index paths of every dragged row in ``sourceManager``'s list, in list order, for a
    /// local drag (a drag of several selected rows carries them all, ``DragSession``); empty
    /// for a drag from another application.
    public let sourceIndexPaths: [IndexPath]
    /// True when the drag offers text.
    public let offersText: Bool
    /// True when the drag offers a URI list.
    public let offersURIs: Bool
    /// True when the source allows a move (else only a copy).
    public let allowsMove: Bool
    /// The operation of the last proposal (`.cancel` until one was made).
    public internal(set) var proposal: DropProposal = .cancel

    init(
        items: [DragItem], isLocal: Bool, sourceManager: ListManager?, sourceIndexPath: IndexPath?,
        sourceIndexPaths: [IndexPath], offersText: Bool, offersURIs: Bool, allowsMove: Bool
    ) {
        self.items = items
        self.isLocal = isLocal
        self.sourceManager = sourceManager
        self.sourceIndexPath = sourceIndexPath
        self.sourceIndexPaths = sourceIndexPaths
        self.offersText = offersText
        self.offersURIs = offersURIs
        self.allowsMove = allowsMove
    }

    /// The dragged models of type `Model`, in order (local drags only): every dragged row's.
    public func models<Model>(of _: Model.Type) -> [Model] {
        items.compactMap { $0.model as? Model }
    }
}
