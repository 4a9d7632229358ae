import CGtk
import GtkListManager
import Synchronization
import XCTest

// XCTest on Linux: test methods stay nonisolated (a @MainActor test method crashes the runner
// at launch) and call a static @MainActor body through MainActor.assumeIsolated; the body is
// static because capturing the XCTestCase `self` in MainActor code is a Swift 6 error.

/// Initializes GTK once per process, or skips the test when there is no display; then sets
/// the default text direction the run asks for (``TestTextDirection``).
@MainActor
func requireGtk() throws {
    guard GtkRuntime.initialize() else {
        throw XCTSkip("no X display: run under xvfb-run -a")
    }
    TestTextDirection.applyOnce()
}

/// Runs `body` once on the GTK thread after `milliseconds`, through a plain GLib timeout source
/// (deliberately not `GtkRuntime.perform`, so bridge tests do not depend on it).
@MainActor
@discardableResult
func runOnce(afterMilliseconds milliseconds: guint, _ body: @escaping @MainActor () -> Void) -> guint {
    let userData = CallbackBox<@MainActor () -> Void>(body).retainedPointer()
    return g_timeout_add_full(
        G_PRIORITY_DEFAULT, milliseconds,
        { userData in
            let body = CallbackBox<@MainActor () -> Void>.payload(of: userData)
            MainActor.assumeIsolated { body() }
            return 0  // G_SOURCE_REMOVE
        }, userData, CallbackBoxRelease.destroyNotify)
}

/// Quits the running `gtk_main` after a timeout, so a broken bridge fails a test instead of
/// hanging the whole run.
@MainActor
final class Watchdog {
    private(set) var fired = false
    private var sourceID: guint = 0

    init(milliseconds: guint = 5_000) {
        sourceID = runOnce(afterMilliseconds: milliseconds) { [weak self] in
            self?.fired = true
            self?.sourceID = 0
            GtkRuntime.quit()
        }
    }

    /// Removes the timeout if it has not fired.
    func cancel() {
        if sourceID != 0 { g_source_remove(sourceID) }
        sourceID = 0
    }
}

/// Where and when a piece of code ran, recorded on the MainActor.
@MainActor
final class LoopObservation {
    private(set) var runs = 0
    private(set) var mainLoopLevel: guint = 0
    private(set) var onProcessMainThread = false
    private(set) var onGtkThread = false

    func record() {
        runs += 1
        mainLoopLevel = gtk_main_level()
        onProcessMainThread = cgtk_is_main_thread() != 0
        onGtkThread = GtkRuntime.isOnGtkThread
    }
}

/// A thread-safe counter of `DeinitProbe` deinitializations.
final class DeinitCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() {
        count.add(1, ordering: .acquiringAndReleasing)
    }
}

/// An object whose deinit is counted: put one in a callback box's payload to prove the box is
/// released.
final class DeinitProbe: Sendable {
    private let counter: DeinitCounter

    init(_ counter: DeinitCounter) {
        self.counter = counter
    }

    deinit {
        counter.increment()
    }
}
