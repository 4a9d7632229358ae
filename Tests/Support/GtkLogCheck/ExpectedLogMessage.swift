/// A GLib warning or critical a test may log without failing: one domain, one message pattern,
/// one suite or test, and why. The list (``ExpectedLogMessage/all``) stays as short as can be:
/// a message that shows a fault of ours is fixed, not listed.
public struct ExpectedLogMessage: Sendable {
    /// The log domain, exactly (`Gtk`, `GLib-GObject`).
    public var domain: String
    /// A regular expression the message's text contains a match of.
    public var pattern: String
    /// The test (`Suite.testName`) or the suite (`Suite`) it is expected in; no other test may log it.
    public var scope: String
    /// Why it is expected: the GTK bug (with its issue), or the test that provokes it on purpose.
    public var reason: String

    public init(domain: String, pattern: String, scope: String, reason: String) {
        self.domain = domain
        self.pattern = pattern
        self.scope = scope
        self.reason = reason
    }

    /// Whether `message`, logged in the test named `testName` (`Suite.testName`, as XCTest names
    /// it), is this one.
    public func matches(_ message: LoggedMessage, inTest testName: String) -> Bool {
        guard message.domain == domain, testName == scope || testName.hasPrefix(scope + ".") else { return false }
        guard let regex = try? Regex(pattern) else { return false }
        return message.text.contains(regex)
    }

    /// Of `messages` logged in `testName`, those no entry of `expected` allows: the ones that fail it.
    public static func unexpected(
        _ messages: [LoggedMessage], inTest testName: String, expected: [ExpectedLogMessage] = all
    ) -> [LoggedMessage] {
        messages.filter { message in !expected.contains { $0.matches(message, inTest: testName) } }
    }
}
