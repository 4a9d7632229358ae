/// What becomes of selected rows that a collapse hides (``ListManager/selectionHiddenByCollapse``).
///
/// A hidden row has no index path, so it is not among ``ListManager/selectedIndexPaths`` while
/// hidden, whatever the policy.
public enum HiddenSelectionPolicy: Sendable {
    /// Selected again when they show again (their ancestors opened), as they were.
    case keep
    /// The collapsed row is selected instead.
    case selectParent
    /// Deselected, as GtkTreeView does.
    case deselect
}

extension ListManager {
    /// What becomes of selected rows that the user's collapse hides (by a row's arrow or a key).
    /// Default: ``HiddenSelectionPolicy/keep``. A collapse made on the storage directly deletes
    /// the rows it hides, which deselects them.
    public var selectionHiddenByCollapse: HiddenSelectionPolicy {
        get { features.installed(OutlineEvents.self)?.hiddenSelectionPolicy ?? .keep }
        set {
            checkConfinement()
            features.require(.outlineRows, as: OutlineEvents.self).hiddenSelectionPolicy = newValue
        }
    }

    /// How many items hidden by a collapse keep their selection (``HiddenSelectionPolicy/keep``),
    /// for tests.
    package var keptHiddenSelectionCount: Int { features.installed(OutlineEvents.self)?.keptSelectionCount ?? 0 }
}
