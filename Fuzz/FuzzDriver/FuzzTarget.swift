import Foundation

/// A fuzz target: `check` reads one input and stops the process (``FuzzFailure/fail(_:)``) when a
/// property of the code under test does not hold. Its module also defines libFuzzer's entry:
///
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { MyFuzz.fuzz(data, count) }
/// ```
///
/// Built with `-sanitize=fuzzer,address -DFUZZING` (`scripts/fuzz.sh`), `main` hands the target
/// to libFuzzer, which mutates inputs and keeps those that reach new code. In an ordinary build
/// `main` replays the files or folders given on the command line (the committed corpus: every
/// input that once failed stays a regression test) and fails on the first that fails.
public protocol FuzzTarget {
    static func check(_ input: inout FuzzInput)
    /// Runs once before the first input: what the code under test sets up once per process
    /// (GTK, say), so that libFuzzer's leak check does not count it against an input. Default:
    /// nothing.
    static func setUp()
}

extension FuzzTarget {
    public static func setUp() {}

    /// One input from libFuzzer: what each target's `LLVMFuzzerTestOneInput` calls (libFuzzer
    /// links its own `main` next to the target's and either may start the process).
    public static func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: count)))
        check(&input)
        return 0
    }

    public static func main() {
        setUp()
        #if FUZZING
            FuzzEngine.run(Self.check)
        #else
            CorpusReplay.run(Self.check, paths: CommandLine.arguments.dropFirst())
        #endif
    }
}

/// A property that did not hold: what it was and the input's reading, then a trap (libFuzzer
/// saves the input as a crash; a replay exits non-zero).
public enum FuzzFailure {
    public static func fail(_ message: @autoclosure () -> String) -> Never {
        FileHandle.standardError.write(Data(("property failed: " + message() + "\n").utf8))
        fatalError("fuzz property failed")
    }

    /// Fails with `message` unless `condition` holds.
    public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }
}

/// The steps an input takes, printed as they happen when `FUZZ_TRACE` is set: how to read a
/// crash that stops the process before a property's message.
public enum FuzzTrace {
    private static let isOn = ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil

    public static func note(_ step: @autoclosure () -> String) {
        if isOn { FileHandle.standardError.write(Data((step() + "\n").utf8)) }
    }
}
