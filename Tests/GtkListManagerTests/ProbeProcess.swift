import Foundation
import XCTest

/// A probe executable of the package (`ThreadMisuseProbe` unless named), built next to the
/// test bundle, run to its end.
enum ProbeProcess {
    struct Result {
        let status: Int32
        let reason: Process.TerminationReason
        let output: String
        let errors: String
    }

    static func run(_ arguments: String...) throws -> Result {
        try run(probe: "ThreadMisuseProbe", arguments)
    }

    static func run(probe name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
        let executable = bundle.deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("\(name) is not built next to \(bundle.path)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The runtime's backtracer would add seconds and pages of output to each expected stop.
        let environment = ["SWIFT_BACKTRACE": "enable=no"].merging(environment) { $1 }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
            output: try text(of: output), errors: try text(of: errors))
    }

    /// Not `String(contentsOf:)`: it leaks its 4 KiB read buffer on an empty file (swift-foundation
    /// in Swift 6.3), which LeakSanitizer reports at the test process's exit.
    private static func text(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}
