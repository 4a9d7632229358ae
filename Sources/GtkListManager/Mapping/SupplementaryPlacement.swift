/// Where a section shows its supplementary views of a kind: before its items or after them.
///
/// A section's rows are, top to bottom: its header, the kinds placed ``beforeItems`` in the
/// order they were first registered, its items, the kinds placed ``afterItems`` in the order
/// they were first registered, and its footer. Headers and footers keep their places.
public enum SupplementaryPlacement: Sendable, Equatable {
    /// Between the header and the items.
    case beforeItems
    /// Between the items and the footer.
    case afterItems
}
