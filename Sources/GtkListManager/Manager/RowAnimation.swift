import CGtk

/// How inserted rows appear and removed rows disappear: a `GtkRevealer` transition around each
/// row. Off by default (``ListConfiguration/rowAnimation`` is nil).
///
/// A removed row leaves the manager's bookkeeping at once (positions, pool, events); only its
/// widget stays on screen, unselectable, until its transition ends. Reloads never animate, and
/// nothing animates while the list is not on screen.
public struct RowAnimation: Equatable, Sendable {
    /// The revealer transitions rows use.
    public enum Transition: Equatable, Sendable {
        /// The row grows from its top edge / shrinks to it.
        case slideDown
        /// The row fades in / out.
        case crossfade

        var revealerType: GtkRevealerTransitionType {
            switch self {
            case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
            case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
            }
        }
    }

    /// How rows come and go.
    public var transition: Transition
    /// The transition's length in milliseconds.
    public var milliseconds: Int

    /// An animation of `transition` lasting `milliseconds`; a 200 ms slide by default.
    public init(_ transition: Transition = .slideDown, milliseconds: Int = 200) {
        self.transition = transition
        self.milliseconds = milliseconds
    }
}
