/// A host that can keep a strip at its viewport's leading edge (the right one right to left)
/// while its rows scroll sideways: a table's frozen columns. The table places the frozen cells
/// at the scroll offset in each row on screen at every sideways step; the host draws that
/// strip again over what the step shifted, so nothing that scrolled shows through it.
///
/// Hosts that cannot — the list box, whose rows are all bound in one `GtkViewport`, so pinning
/// would place cells in every row of the list at every step — do not adopt it: a table on them
/// shows its frozen columns as ordinary columns and reports
/// ``ManagerAnomaly/frozenColumnsUnsupported(host:)``. Separate from ``HorizontalScrolling``
/// so that hosts written outside the package keep compiling.
@MainActor
public protocol PinnedLeadingArea: HorizontalScrolling {
    /// How wide the pinned strip is, in pixels; 0 for none.
    var pinnedLeadingWidth: Int { get set }
}
