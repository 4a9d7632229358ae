import Dispatch
import Foundation
import Glibc

/// One measuring process with a time limit, for the big trees' and big tables' parts: some
/// sides take minutes where others take milliseconds (GtkTreeView measuring a million rows, our
/// storage reporting an expand row by row), and the benchmark must report that rather than hang.
/// The C peers end themselves at their limit with a `timed_out_s` line; a process still running
/// shortly after the limit is killed.
enum TimedChildProcess {
    /// How a run ended.
    enum Outcome<Result> {
        /// Its line: complete, or from a C peer at its limit the figures it had (`timedOutAfter`).
        case measured(Result)
        /// Killed at the limit without a line.
        case killed(afterSeconds: Int)
        case failed
    }

    /// Time a C peer gets past its own limit to print its timeout line before it is killed.
    private static let graceSeconds = 3

    /// Runs `command` and reads the first line of its output `parse` takes.
    static func run<Result>(
        _ command: [String], environment: [String: String], limit seconds: Int, parse: (Substring) -> Result?
    ) -> Outcome<Result> {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: command[0])
        child.arguments = Array(command.dropFirst())
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let output = Pipe()
        child.standardOutput = output
        do { try child.run() } catch { return .failed }
        let pid = child.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds + graceSeconds), execute: watchdog)
        // The pipe ends when the process does, killed or not.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        watchdog.cancel()
        let result = String(decoding: data, as: UTF8.self).split(separator: "\n").lazy.compactMap(parse).first
        if child.terminationReason == .uncaughtSignal, child.terminationStatus == SIGKILL { return .killed(afterSeconds: seconds) }
        guard child.terminationStatus == 0, let result else { return .failed }
        return .measured(result)
    }
}
