import Synchronization

/// Raised on the main actor when a scan's result can no longer apply (a newer filter), read by
/// the scan on its queue.
@usableFromInline
final class ScanCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    @usableFromInline var isRaised: Bool { flag.load(ordering: .relaxed) }

    func raise() {
        flag.store(true, ordering: .relaxed)
    }
}
