/// Observes a storage for an object whose own API must not carry the observer's callbacks (a
/// list manager, a filtered storage over its base): each delivery goes on to the object, held
/// weakly, through the two functions given. The object keeps the relay (a storage holds its
/// observers weakly).
///
/// ```swift
/// private lazy var baseObservation = ObservationRelay(self) { filtered, base, changes in
///     filtered.baseDidPerform(changes, in: base)
/// } needsReload: { filtered, base in
///     filtered.baseNeedsReload(base)
/// }
/// ```
@MainActor
package final class ObservationRelay<Target: AnyObject>: StorageObserver {
    private weak var target: Target?
    private let didPerform: @MainActor (Target, any Storage, ChangeSet) -> Void
    private let needsReload: @MainActor (Target, any Storage) -> Void

    /// A relay to `target`: `didPerform` with each change set, `needsReload` with each reload.
    package init(
        _ target: Target, didPerform: @escaping @MainActor (Target, any Storage, ChangeSet) -> Void,
        needsReload: @escaping @MainActor (Target, any Storage) -> Void
    ) {
        self.target = target
        self.didPerform = didPerform
        self.needsReload = needsReload
    }

    package func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
        if let target { didPerform(target, storage, changes) }
    }

    package func storageNeedsReload(_ storage: any Storage) {
        if let target { needsReload(target, storage) }
    }
}
