import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// The MainActor, `await` hops and `GtkRuntime.perform` all run inside the GTK main loop on
/// the process main thread. Each test runs a real `gtk_main` guarded by a watchdog.
final class MainActorBridgeTests: XCTestCase {
    func testMainActorTaskRunsInsideGtkMain() throws {
        try MainActor.assumeIsolated { try Self.mainActorTaskRunsInsideGtkMain() }
    }

    func testAwaitHopResumesInsideGtkMain() throws {
        try MainActor.assumeIsolated { try Self.awaitHopResumesInsideGtkMain() }
    }

    func testPerformFromBackgroundRunsInsideGtkMain() throws {
        try MainActor.assumeIsolated { try Self.performFromBackgroundRunsInsideGtkMain() }
    }

    @MainActor
    private static func mainActorTaskRunsInsideGtkMain() throws {
        try requireGtk()
        let observation = LoopObservation()
        let watchdog = Watchdog()
        defer { watchdog.cancel() }

        // Created from inside the running loop: only the dispatch bridge can run it now.
        runOnce(afterMilliseconds: 0) {
            Task { @MainActor in
                observation.record()
                GtkRuntime.quit()
            }
        }
        GtkRuntime.run()

        XCTAssertFalse(watchdog.fired, "the MainActor task never ran inside gtk_main: is the dispatch bridge attached?")
        XCTAssertEqual(observation.runs, 1)
        XCTAssertGreaterThan(observation.mainLoopLevel, 0, "the task did not run inside gtk_main")
        XCTAssertTrue(observation.onProcessMainThread, "the task did not run on the process main thread")
    }

    @MainActor
    private static func awaitHopResumesInsideGtkMain() throws {
        try requireGtk()
        let observation = LoopObservation()
        let watchdog = Watchdog()
        defer { watchdog.cancel() }
        var detachedRanOnMainThread: Bool?

        runOnce(afterMilliseconds: 0) {
            Task { @MainActor in
                detachedRanOnMainThread = await Task.detached { cgtk_is_main_thread() != 0 }.value
                observation.record()
                GtkRuntime.quit()
            }
        }
        GtkRuntime.run()

        XCTAssertFalse(watchdog.fired, "the task did not resume on the MainActor inside gtk_main")
        XCTAssertEqual(detachedRanOnMainThread, false, "the detached task should run off the main thread")
        XCTAssertEqual(observation.runs, 1)
        XCTAssertGreaterThan(observation.mainLoopLevel, 0, "resumed outside gtk_main")
        XCTAssertTrue(observation.onProcessMainThread, "resumed off the process main thread")
    }

    @MainActor
    private static func performFromBackgroundRunsInsideGtkMain() throws {
        try requireGtk()
        let observation = LoopObservation()
        let watchdog = Watchdog()
        defer { watchdog.cancel() }
        let callerThread = CallerThread()

        runOnce(afterMilliseconds: 0) {
            Task.detached {
                callerThread.record(onMainThread: cgtk_is_main_thread() != 0, onGtkThread: GtkRuntime.isOnGtkThread)
                GtkRuntime.perform {
                    observation.record()
                    GtkRuntime.quit()
                }
            }
        }
        GtkRuntime.run()

        XCTAssertFalse(watchdog.fired, "GtkRuntime.perform never ran")
        XCTAssertEqual(callerThread.observed?.onMainThread, false, "perform was not called from a background thread")
        XCTAssertEqual(callerThread.observed?.onGtkThread, false, "isOnGtkThread must be false off the GTK thread")
        XCTAssertEqual(observation.runs, 1)
        XCTAssertGreaterThan(observation.mainLoopLevel, 0, "perform ran outside gtk_main")
        XCTAssertTrue(observation.onProcessMainThread, "perform ran off the process main thread")
        XCTAssertTrue(observation.onGtkThread)
    }
}

/// What the background caller saw, written once from a detached task.
private final class CallerThread: Sendable {
    struct Observed: Equatable {
        var onMainThread: Bool
        var onGtkThread: Bool
    }

    private let storage = LockedValue<Observed?>(nil)

    var observed: Observed? { storage.withLock { $0 } }

    func record(onMainThread: Bool, onGtkThread: Bool) {
        storage.withLock { $0 = Observed(onMainThread: onMainThread, onGtkThread: onGtkThread) }
    }
}
