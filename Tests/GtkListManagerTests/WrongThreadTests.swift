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

/// The probe executable, built next to the test bundle, run to its end.
enum ProbeProcess {
    struct Result {
        let status: Int32
        let reason: Process.TerminationReason
        let output: String
        let errors: String
    }

    static func run(_ arguments: String...) throws -> Result {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = bundle.deletingLastPathComponent().appendingPathComponent("ThreadMisuseProbe")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("ThreadMisuseProbe is not built next to \(bundle.path)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The runtime's backtracer would add seconds and pages of output to each expected stop.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        // Files rather than pipes: nothing to drain while the child runs.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("stdout"), errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, reason: process.terminationReason,
            output: try String(contentsOf: output, encoding: .utf8),
            errors: try String(contentsOf: errors, encoding: .utf8))
    }
}
