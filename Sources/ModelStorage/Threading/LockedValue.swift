import Foundation

/// A value that threads share, behind a lock.
///
/// The lock is a pthread mutex (`NSLock`), not the Synchronization module's `Mutex`: under
/// contention that one hands the lock over inside the kernel (a priority-inheriting futex),
/// where ThreadSanitizer cannot see it, and the sanitizer run would report a race that is none.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
