/// What a conformance check found: nothing when the host keeps the contract.
public struct ConformanceReport: Sendable, CustomStringConvertible {
    /// The host's name, as the check was given it.
    public let host: String
    /// Each breach found, with what led to it (the seed and the steps before it).
    public private(set) var failures: [String] = []

    /// True when the check found nothing.
    public var passed: Bool { failures.isEmpty }

    init(host: String) {
        self.host = host
    }

    mutating func fail(_ failure: String) {
        failures.append(failure)
    }

    mutating func merge(_ other: ConformanceReport) {
        failures += other.failures
    }

    public var description: String {
        passed ? "\(host): conforms" : "\(host): \(failures.count) failure(s)\n" + failures.map { "- \($0)" }.joined(separator: "\n")
    }
}
