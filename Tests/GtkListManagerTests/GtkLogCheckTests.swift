import CGtk
import Foundation
import GtkLogCheck
import XCTest

/// GLib's warnings and criticals fail the test that logs them: the recorder sees both of GLib's
/// logging paths, the check fails a message the expected list does not name, and a test that
/// logs one fails for real (in a child run of this bundle, so this suite stays green).
final class GtkLogCheckTests: XCTestCase {
    func testACriticalIsRecordedWithItsDomainAndFailsTheCheck() {
        XCTAssertTrue(LoggedMessage.isRecording, "the recorder installs itself before main")
        XCTAssertEqual(LoggedMessage.pendingCount, 0)

        g_object_ref(nil)  // GObject's own precondition: a critical, as a bad cast in a test would give

        let logged = LoggedMessage.takeRecorded()
        XCTAssertEqual(logged.map(\.domain), ["GLib-GObject"])
        XCTAssertEqual(logged.map(\.level), [.critical])
        XCTAssertEqual(ExpectedLogMessage.unexpected(logged, inTest: name), logged, "nothing lists it: it fails the test")
        XCTAssertTrue(
            GtkLogObserver.failureText(logged, when: "during this test")
                .contains("GLib-GObject-CRITICAL: g_object_ref: assertion 'G_IS_OBJECT (object)' failed"))
    }

    func testTheClassicCallsAndTheStructuredOnesAreBothRecorded() {
        // g_logv → g_log_default_handler → the writer; and the structured API straight to it.
        withVaList([]) { g_logv("Gtk", G_LOG_LEVEL_WARNING, "through g_log", $0) }
        g_log_default_handler("Pango", G_LOG_LEVEL_CRITICAL, "through the default handler", nil)
        Self.logStructured(G_LOG_LEVEL_WARNING, domain: "Gdk", text: "structured")
        withVaList([]) { g_logv("Gtk", G_LOG_LEVEL_MESSAGE, "a message is not a warning", $0) }

        XCTAssertEqual(
            LoggedMessage.takeRecorded().map(\.description),
            [
                "Gtk-WARNING: through g_log", "Pango-CRITICAL: through the default handler",
                "Gdk-WARNING: structured",
            ])
    }

    /// Logs through `g_log_structured_array`, as GLib code built with G_LOG_USE_STRUCTURED does.
    private static func logStructured(_ level: GLogLevelFlags, domain: String, text: String) {
        let texts: [String] = ["GLIB_DOMAIN", domain, "MESSAGE", text]
        let strings = texts.map { strdup($0)! }
        defer { strings.forEach { free($0) } }
        let fields = [
            GLogField(key: strings[0], value: strings[1], length: -1), GLogField(key: strings[2], value: strings[3], length: -1),
        ]
        g_log_structured_array(level, fields, gsize(fields.count))
    }

    func testAnExpectedMessageIsAllowedInItsScopeAlone() {
        let expected = [
            ExpectedLogMessage(
                domain: "Gtk", pattern: "^gtk_widget_size_allocate\\(\\): attempt", scope: "SomeTests.testThat",
                reason: "provoked on purpose")
        ]
        let message = LoggedMessage(
            domain: "Gtk", level: .warning, text: "gtk_widget_size_allocate(): attempt to allocate widget with width -4")

        XCTAssertEqual(ExpectedLogMessage.unexpected([message], inTest: "SomeTests.testThat", expected: expected), [])
        XCTAssertEqual(ExpectedLogMessage.unexpected([message], inTest: "SomeTests.testOther", expected: expected), [message])
        XCTAssertEqual(ExpectedLogMessage.unexpected([message], inTest: "SomeTestsMore.testThat", expected: expected), [message])
        var otherDomain = message
        otherDomain.domain = "Gdk"
        XCTAssertEqual(
            ExpectedLogMessage.unexpected([otherDomain], inTest: "SomeTests.testThat", expected: expected), [otherDomain])
    }

    func testATestThatLogsACriticalFails() throws {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        let run = try ProbeProcess.run(
            probe: bundle, ["GtkListManagerTests.GtkLogCheckProbe"], environment: ["GLM_LOG_CHECK_PROBE": "1"])

        XCTAssertNotEqual(run.status, 0, run.output)
        XCTAssertTrue(
            run.output.contains("GtkLogCheckProbe.testLogsACritical : failed - GLib logged 1 unexpected message(s) during this test"),
            run.output)
        XCTAssertTrue(run.output.contains("Gtk-CRITICAL: gtk_widget_show: assertion 'GTK_IS_WIDGET (widget)' failed"), run.output)
        XCTAssertTrue(run.output.contains("GtkLogCheckProbe.testLogsNothing' passed"), run.output)
    }
}

/// The test the end-to-end check runs in a child process: skipped in a normal run.
final class GtkLogCheckProbe: XCTestCase {
    func testLogsACritical() throws {
        try MainActor.assumeIsolated {
            try Self.requireProbeRun()
            gtk_widget_show(nil)
        }
    }

    func testLogsNothing() throws {
        try MainActor.assumeIsolated { try Self.requireProbeRun() }
    }

    @MainActor
    private static func requireProbeRun() throws {
        guard ProcessInfo.processInfo.environment["GLM_LOG_CHECK_PROBE"] == "1" else {
            throw XCTSkip("run by GtkLogCheckTests.testATestThatLogsACriticalFails in a child process")
        }
        try requireGtk()
    }
}
