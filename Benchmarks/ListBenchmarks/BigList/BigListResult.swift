import Foundation

/// What one side measured for one row count, as the line every side prints, Swift or C:
/// `RESULT side=… n=… first_frame_ms=… …` (see `Benchmarks/Peers/peer_measure.h`). The big-grid
/// benchmark prints the same kind of line with its own keys.
struct BigListResult {
    var side: String
    var count: Int
    var values: [String: Double]
    /// The keys this result reports, in the line's order.
    var keys: [String]

    /// The keys every side of the big-list benchmark reports.
    static let listKeys = [
        "first_frame_ms", "jump_cpu_p50_ms", "jump_cpu_p95_ms", "jump_frame_ms", "wheel_cpu_p50_ms",
        "wheel_cpu_p95_ms", "insert1_ms", "insert1000_ms", "delete1_ms", "delete1000_ms", "stayed",
        "live_widgets", "list_mb", "wrong_rows",
    ]

    subscript(key: String) -> Double { values[key] ?? .nan }

    /// The line a measuring process prints.
    var line: String {
        let fields = keys.map { key -> String in
            let value = self[key]
            return ["stayed", "live_widgets", "wrong_rows"].contains(key)
                ? "\(key)=\(Int(value))" : "\(key)=\(String(format: "%.3f", value))"
        }
        return "RESULT side=\(side) n=\(count) " + fields.joined(separator: " ")
    }

    /// Reads a `RESULT` line; nil for any other line or one that misses one of `keys`.
    init?(line: Substring, keys: [String] = listKeys) {
        guard line.hasPrefix("RESULT ") else { return nil }
        var fields: [String: String] = [:]
        for field in line.dropFirst(7).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let side = fields["side"], let count = fields["n"].flatMap({ Int($0) }) else { return nil }
        var values: [String: Double] = [:]
        for key in keys {
            guard let value = fields[key].flatMap({ Double($0) }) else { return nil }
            values[key] = value
        }
        self.init(side: side, count: count, values: values, keys: keys)
    }

    init(side: String, count: Int, values: [String: Double], keys: [String] = listKeys) {
        self.side = side
        self.count = count
        self.values = values
        self.keys = keys
    }

    /// The median of several runs, key by key.
    static func median(of runs: [BigListResult]) -> BigListResult? {
        guard let first = runs.first else { return nil }
        var values: [String: Double] = [:]
        for key in first.keys {
            let sorted = runs.map { $0[key] }.sorted()
            values[key] = sorted[sorted.count / 2]
        }
        return BigListResult(side: first.side, count: first.count, values: values, keys: first.keys)
    }
}
