/// What happens to a declarative row's selection after its ``Row/onTap`` ran.
public enum RowTapBehaviour: Hashable, Sendable {
    /// The row is deselected at once: the tap was an action, not a choice (the usual answer).
    /// The deselection is not reported as ``Row/onDeselect``.
    case deselect
    /// The row stays selected and ``Row/onSelect`` is called.
    case keepSelection
}
