import Foundation
import XCTest

/// Calls made off the main actor stop the process with a message that says what was wrong, in
/// every build configuration. Each probe is a Swift 5-mode client (`ThreadMisuseProbe`) that
/// calls one main-actor API from a thread of its own; it runs in a child process, since the
/// check ends the process.
final class WrongThreadTests: XCTestCase {
    /// Probe name → the start of the message it must stop with.
    static let probes: KeyValuePairs<String, String> = [
        "memory-storage": "MemoryStorage was mutated off the main actor",
        "single-section-storage": "SingleSectionStorage was mutated off the main actor",
        "sorted-storage": "SortedStorage was changed off the main actor",
        "snapshot-storage": "SnapshotStorage was given a snapshot off the main actor",
        "observer": "A storage observer was removed off the main actor",
        "create-manager": "A ListManager was created off the main actor",
        "reload": "ListManager.reload() was called off the main actor",
        "register": "ListManager.register(_:mapping:handler:) was called off the main actor",
        "event": "ListManager was given a closure for didSelect off the main actor",
        "select": "ListManager.selectItem(at:) was called off the main actor",
        "declarative": "ListManager.update(animated:completion:_:) was called off the main actor",
    ]

    func testEveryProbeSucceedsOnTheMainThread() throws {
        for (probe, _) in Self.probes {
            let result = try ProbeProcess.run(probe, "--on-main-thread")
            XCTAssertEqual(result.status, 0, "\(probe): \(result.errors)")
            XCTAssertEqual(result.output, "ok\n", probe)
        }
    }

    func testEveryCallOffTheMainActorStopsWithAMessageNamingTheCallAndTheThread() throws {
        for (probe, message) in Self.probes {
            let result = try ProbeProcess.run(probe)
            XCTAssertEqual(result.reason, .uncaughtSignal, "\(probe) must stop: \(result.output)")
            XCTAssertFalse(result.output.contains("ok"), "\(probe) went on after the wrong call")
            let fatal = result.errors.split(separator: "\n").first { $0.contains("Fatal error: ") } ?? ""
            XCTAssertTrue(fatal.contains("Fatal error: \(message), on thread "), "\(probe): \(result.errors.prefix(600))")
            XCTAssertTrue(fatal.contains("\"probe-worker\""), "\(probe): the message names the thread: \(fatal)")
            XCTAssertTrue(fatal.contains("`await MainActor.run { … }`"), "\(probe): the message says how to fix it")
        }
    }

    func testTheMessageIsLoggedThroughSwiftLogBeforeTheProcessStops() throws {
        let result = try ProbeProcess.run("reload")
        let logged = result.errors.split(separator: "\n").first { $0.contains("critical GtkListManager.threading:") }
        XCTAssertNotNil(logged, result.errors)
        XCTAssertTrue(logged?.contains("ListManager.reload() was called off the main actor") == true)
    }
}
