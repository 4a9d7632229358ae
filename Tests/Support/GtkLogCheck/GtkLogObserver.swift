import Synchronization
import XCTest

/// Fails the XCTest case that made GLib log a warning, critical or error ``ExpectedLogMessage/all``
/// does not list. The recorder installs itself before `main` and starts this observer then, so
/// the first test is checked too: each test at its end, in a teardown block of its own.
public final class GtkLogObserver: XCTestObservation, Sendable {
    private static let started = Atomic<Bool>(false)
    /// The last test that ended, named when messages logged after its check fail the next one.
    private let lastFinished = Mutex<String?>(nil)

    private init() {}

    /// Starts checking the tests for GLib's messages, from the next test on; once per process
    /// (later calls do nothing). Messages logged between tests fail the next one, naming when they
    /// came; those after the last fail the process at exit (the recorder's own last check).
    public static func start() {
        guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        XCTestObservationCenter.shared.addTestObserver(GtkLogObserver())
    }

    public func testCaseWillStart(_ testCase: XCTestCase) {
        // What was logged since the last check: in the previous test's tearDown, between tests,
        // or before this observer started.
        let previous = lastFinished.withLock { $0 }
        let since = previous.map { "after \($0) was checked (its tearDown, or between the tests)" } ?? "before this test"
        Self.fail(logged: since, in: testCase.name)
        testCase.addTeardownBlock { Self.fail(logged: "during this test", in: testCase.name) }
    }

    public func testCaseDidFinish(_ testCase: XCTestCase) {
        lastFinished.withLock { $0 = testCase.name }
    }

    /// Fails the running test with the recorded messages `testName` does not expect.
    private static func fail(logged when: String, in testName: String) {
        guard LoggedMessage.pendingCount > 0 else { return }
        let unexpected = ExpectedLogMessage.unexpected(LoggedMessage.takeRecorded(), inTest: testName)
        guard !unexpected.isEmpty else { return }
        XCTFail(failureText(unexpected, when: when))
    }

    /// The failure's text: each message as GLib printed it, and where to list one that is expected.
    public static func failureText(_ messages: [LoggedMessage], when: String) -> String {
        "GLib logged \(messages.count) unexpected message(s) \(when) (fix the cause, or list it with a reason in "
            + "Tests/Support/GtkLogCheck/ExpectedLogMessages.swift):\n"
            + messages.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Called by the recorder's constructor, before `main`: the observer is in place before XCTest
/// runs the first test.
@_cdecl("glm_log_check_start")
public func startGtkLogCheck() {
    GtkLogObserver.start()
}
