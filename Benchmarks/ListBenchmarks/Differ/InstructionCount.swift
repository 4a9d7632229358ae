import Foundation

/// Instructions of one diff, counted by callgrind in a child process: repeatable where times on
/// these machines are not.
///
/// The child is `list-benchmarks differ-one CASE N`, which builds the inputs and runs exactly one
/// diff through `glm_measured_diff`; callgrind counts that call alone (`--toggle-collect`), with
/// `SWIFT_DETERMINISTIC_HASHING=1` so hash tables probe the same way every run. Like
/// DifferenceKit's figures, the count is of the first diff in a process, so it includes the
/// runtime building generic metadata once.
///
/// Valgrind cannot read the DWARF of Swift 6 release builds ("possibly corrupted debuginfo"), so
/// the child is a copy of this executable without debug information (`strip -g`).
enum InstructionCount {
    /// The commands the README gives for counting one cell by hand.
    static func command(_ diffCase: DiffCase, count: Int) -> String {
        "strip -g -o /tmp/list-benchmarks .build/release/list-benchmarks && SWIFT_DETERMINISTIC_HASHING=1 "
            + "valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=glm_measured_diff "
            + "/tmp/list-benchmarks differ-one \(diffCase.rawValue) \(count)"
    }

    /// The instructions of one diff of `diffCase` at `count`, or nil without valgrind and strip.
    static func ofOneDiff(_ diffCase: DiffCase, count: Int) -> Int? {
        ofChild(["differ-one", diffCase.rawValue, String(count)], collecting: "glm_measured_diff")
    }

    /// The instructions of reading the script of `diffCase` at `count` as `reading` says.
    static func ofReading(_ diffCase: DiffCase, count: Int, _ reading: ScriptReading) -> Int? {
        ofChild(["differ-read", diffCase.rawValue, String(count), reading.rawValue], collecting: "glm_measured_read")
    }

    /// The instructions of the call `symbol` in a child run with `arguments`.
    private static func ofChild(_ arguments: [String], collecting symbol: String) -> Int? {
        guard let valgrind = executable("valgrind"), let child = strippedCopy else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=\(symbol)", child] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "==1234== Collected : 13012345"
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let number = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        return number
    }

    /// This executable without debug information, made once per run in the temporary folder.
    private static let strippedCopy: String? = {
        guard let strip = executable("strip") else { return nil }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("list-benchmarks-\(getpid())").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strip)
        process.arguments = ["-g", "-o", copy, CommandLine.arguments[0]]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        atexit { try? FileManager.default.removeItem(atPath: InstructionCount.strippedCopyPath) }
        return copy
    }()

    /// Where ``strippedCopy`` is (read by the exit handler, which captures nothing).
    nonisolated(unsafe) static var strippedCopyPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("list-benchmarks-\(getpid())").path
    }

    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
