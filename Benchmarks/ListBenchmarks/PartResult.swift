import Foundation

/// A part of a benchmark whose processes each measure one part at one size (the big tree's,
/// the big table's), named as the C peers name it.
protocol BenchmarkPart: RawRepresentable<String>, Sendable {
    /// The part a line that names none measured (peers that measure one part only); nil when
    /// every line must name its part.
    static var unnamed: Self? { get }
}

/// What one side measured for one part and one size, as the line every side prints, Swift or
/// C: `RESULT side=… [part=…] n=… key=value …`, or `… timed_out_s=…` from a C peer that ran out
/// of time (see `Benchmarks/Peers/peer_measure.h`). Unlike the big list's lines, each part has
/// its own keys, and a side may add some of its own: every number is kept.
struct PartResult<Part: BenchmarkPart> {
    var side: String
    let part: Part
    let count: Int
    var values: [String: Double]
    /// The limit the run hit, in seconds; nil when it finished.
    var timedOutAfter: Int?

    subscript(key: String) -> Double { values[key] ?? .nan }

    /// The line a measuring process prints.
    var line: String {
        let fields = values.keys.sorted().map { "\($0)=\(String(format: "%.3f", values[$0] ?? .nan))" }
        return "RESULT side=\(side) part=\(part.rawValue) n=\(count) " + fields.joined(separator: " ")
    }

    init(side: String, part: Part, count: Int, values: [String: Double], timedOutAfter: Int? = nil) {
        self.side = side
        self.part = part
        self.count = count
        self.values = values
        self.timedOutAfter = timedOutAfter
    }

    /// Reads a `RESULT` line; nil for any other line.
    init?(line: Substring) {
        guard line.hasPrefix("RESULT ") else { return nil }
        var fields: [String: String] = [:]
        for field in line.dropFirst(7).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        let named = fields.removeValue(forKey: "part")
        guard let side = fields.removeValue(forKey: "side"), let part = named.map(Part.init(rawValue:)) ?? Part.unnamed,
            let count = fields.removeValue(forKey: "n").flatMap({ Int($0) })
        else { return nil }
        let timedOut = fields.removeValue(forKey: "timed_out_s").flatMap { Int($0) }
        self.init(side: side, part: part, count: count, values: fields.compactMapValues { Double($0) }, timedOutAfter: timedOut)
    }

    /// Key by key, the median of the runs and their spread (`<key>_min`, `<key>_max`); a
    /// timeout in any run stands for them all, with the figures that run had (the others
    /// finished by luck, not by speed).
    static func median(of runs: [Self]) -> Self? {
        guard let first = runs.first else { return nil }
        if let timedOut = runs.first(where: { $0.timedOutAfter != nil }) { return timedOut }
        var values: [String: Double] = [:]
        for key in first.values.keys {
            let sorted = runs.map { $0[key] }.sorted()
            values[key] = sorted[sorted.count / 2]
            values[key + "_min"] = sorted.first
            values[key + "_max"] = sorted.last
        }
        return Self(side: first.side, part: first.part, count: first.count, values: values)
    }
}

extension Optional {
    /// One figure of a result for a report's cell: the median, and with several runs their range
    /// ("median (min–max)"); "timeout > N s" when its process ran out of time, "–" when not
    /// measured.
    func figure<Part>(_ key: String, runs: Int, _ format: (Double) -> String = ms) -> String where Wrapped == PartResult<Part> {
        guard let result = self else { return "–" }
        guard !result[key].isNaN else { return result.timedOutAfter.map { "timeout > \($0) s" } ?? "–" }
        let low = result[key + "_min"], high = result[key + "_max"]
        guard runs > 1, !low.isNaN, !high.isNaN, low != high else { return format(result[key]) }
        return "\(format(result[key])) (\(format(low))–\(format(high)))"
    }
}
