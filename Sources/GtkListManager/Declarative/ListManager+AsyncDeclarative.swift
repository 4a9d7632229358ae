// A declarative update as an `async` function that returns once the rows are in the list.
// Named `updateAndWait`: an `async` overload named `update` would be chosen in every async
// context, and a call there without a completion would stop compiling without `await`.
extension ListManager {
    /// Shows the sections `sections` declares, and returns once their rows are in the list:
    /// ``update(animated:completion:_:)``, awaited.
    ///
    /// ```swift
    /// await manager.updateAndWait {
    ///     Section(id: "all", header: "All", rows: Row<PackageRow>.rows(packages))
    /// }
    /// ```
    ///
    /// The declaration applies when called, and nothing supersedes it: the call returns on the
    /// main actor once its rows are in the list (while their animations may still run), after
    /// an update the list is still applying when it is made during one. Cancelling the task
    /// that awaits it cancels nothing: the sections are shown all the same.
    ///
    /// - Parameters:
    ///   - animated: false applies the same changes without row animations.
    ///   - sections: the sections to show, in order.
    public func updateAndWait(animated: Bool = true, @SectionsBuilder _ sections: () -> [Section]) async {
        let declared = sections()
        await withCheckedContinuation { continuation in
            update(animated: animated, completion: { continuation.resume() }) { declared }
        }
    }
}
