import CGtk

/// How a change shows: rows that come, go and move. Off by default
/// (``ListConfiguration/rowAnimation`` is nil).
///
/// On ``ListBoxHost`` each row sits in a `GtkRevealer`: an inserted row opens, a removed row
/// closes, a moved row opens where it goes while a gap as high as it closes where it was, with
/// ``transition`` (a re-sort shows at once). On ``VirtualListHost``, as a list or a grid, every
/// row on screen slides from where it showed to where the change puts it; inserted rows fade in
/// and removed rows fade out as a picture under the others, whatever ``transition`` says, and a
/// change during an animation starts from where the rows show. On ``FlowBoxGridHost``, whose
/// cells GtkFlowBox places, a cell inserted or moved fades in where it goes.
///
/// A removed row leaves the manager's bookkeeping at once (positions, pool, events); only its
/// widget (its picture, on the virtualized host) stays on screen, unselectable, until its
/// transition ends. Reloads and changes applied without animation show at once, as do all
/// changes while the list is not on screen or the desktop turns animations off
/// (`gtk-enable-animations`).
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
