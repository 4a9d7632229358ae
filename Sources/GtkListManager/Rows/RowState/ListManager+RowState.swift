extension ListManager {
    /// Forgets the states of ``StatefulRow`` rows: the rows shown now are given nil through
    /// ``StatefulRow/restoreState(_:)``, and every other model shows as
    /// ``ModelTransfer/update(with:)`` leaves it when it comes back (collapse all, clear all).
    public func forgetRowStates() {
        checkConfinement()
        factory.rowStates.removeAll()
        forEachBoundRow { $0.resetState() }
    }

    /// How many states are kept for ``StatefulRow`` models not shown now.
    package var keptRowStateCount: Int { factory.rowStates.count }
}
