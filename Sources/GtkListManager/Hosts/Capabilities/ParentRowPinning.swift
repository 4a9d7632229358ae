/// A parent row as a host pinning parent rows needs it: where it is, and where the rows under
/// it end.
public struct PinnableParentRow: Equatable, Sendable {
    /// The parent's flat position.
    public var position: Int
    /// The flat position of the last row shown under it (itself when it shows none): the row
    /// after it, no longer under the parent, pushes the pinned parent up.
    public var lastDescendant: Int

    /// A parent at `position` whose rows end at `lastDescendant`.
    public init(position: Int, lastDescendant: Int) {
        self.position = position
        self.lastDescendant = lastDescendant
    }
}

/// A host that can keep the ancestors of its top row pinned at the top of its viewport while a
/// tree scrolls, as VS Code's "sticky scroll" does: the outermost ancestor first, each pinned
/// row the very row widget bound at its position (its selection, focus and arrow are its own),
/// the deepest pushed up by the next row not under it. At most 40% of the viewport's height is
/// pinned; when the ancestors need more, the outermost are kept, as VS Code does.
///
/// The host knows nothing of trees: ``ListManager/pinsParentRows`` gives it ``parentOfRow``,
/// which answers from the outline. ``VirtualListHost`` adopts it (as a list, not as a grid);
/// the list box binds every row in a `GtkViewport` and cannot pin, so the option does nothing
/// there. Separate from ``ListHost`` so that hosts written outside the package keep compiling.
@MainActor
public protocol ParentRowPinning: ListHost {
    /// The parent of the row at a flat position, nil for a top-level row or a row that is no
    /// tree's; nil pins nothing (the default). Asked O(depth) times per pinned row in each
    /// layout, never per row of the list.
    var parentOfRow: ((Int) -> PinnableParentRow?)? { get set }
    /// The positions of the parent rows pinned now, outermost first.
    var pinnedParentPositions: [Int] { get }
    /// Scrolls so that the parent pinned at `position` shows where it is pinned, as a row of
    /// the list, its rows under it: what a click on it does, and a collapse by its arrow. False
    /// when no parent is pinned there.
    @discardableResult
    func scrollToPinnedParent(at position: Int) -> Bool
}
