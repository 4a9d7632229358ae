import CGtk
import GtkListManager
import XCTest

/// Boot API: one-time initialization, GTK thread bookkeeping, loop helpers.
final class GtkRuntimeTests: XCTestCase {
    func testInitializeIsIdempotent() throws {
        try MainActor.assumeIsolated { try Self.initializeIsIdempotent() }
    }

    func testIterateReturnsFalseOnTimeout() throws {
        try MainActor.assumeIsolated { try Self.iterateReturnsFalseOnTimeout() }
    }

    func testQuitWithoutRunningLoopIsHarmless() throws {
        try MainActor.assumeIsolated { try Self.quitWithoutRunningLoopIsHarmless() }
    }

    @MainActor
    private static func initializeIsIdempotent() throws {
        try requireGtk()
        XCTAssertTrue(GtkRuntime.isInitialized)
        XCTAssertTrue(GtkRuntime.initialize(), "a second call must return the first result")
        XCTAssertTrue(GtkRuntime.initialize(arguments: ["tests", "--not-a-gtk-option"]))
        XCTAssertTrue(GtkRuntime.isOnGtkThread)
        XCTAssertEqual(cgtk_is_main_thread(), 1, "XCTest runs synchronous tests on the main thread")
    }

    @MainActor
    private static func iterateReturnsFalseOnTimeout() throws {
        try requireGtk()
        let clock = ContinuousClock()
        let start = clock.now
        XCTAssertFalse(GtkRuntime.iterate(until: { false }, timeout: .milliseconds(50)))
        let elapsed = clock.now - start
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(50))
        XCTAssertLessThan(elapsed, .seconds(2), "iterate must not block past its timeout")

        var fired = false
        runOnce(afterMilliseconds: 20) { fired = true }
        XCTAssertTrue(GtkRuntime.iterate(until: { fired }))
    }

    @MainActor
    private static func quitWithoutRunningLoopIsHarmless() throws {
        try requireGtk()
        XCTAssertEqual(gtk_main_level(), 0)
        GtkRuntime.quit()
        XCTAssertEqual(gtk_main_level(), 0)
    }
}
