#if PostgreSQL
    import Foundation

    /// What one process of the PostgreSQL benchmark measured, as the line every side prints, Swift
    /// or C (`Benchmarks/Peers/peer_pg.h`): `RESULT side=… part=… n=… key=value …`, where a key
    /// ending in `_samples` holds every sample of a repeated measurement, comma-separated, so that
    /// the parent pools them across processes and takes percentiles over all of them rather than
    /// medians of medians; `timed_out_s=…` when a C peer ran out of time.
    struct PostgresResult: Sendable {
        var side: String
        let part: PostgresPart
        /// The table's rows.
        let count: Int
        var values: [String: Double] = [:]
        var samples: [String: [Double]] = [:]
        /// The limit the run hit, in seconds; nil when it finished.
        var timedOutAfter: Int?

        init(side: String, part: PostgresPart, count: Int) {
            self.side = side
            self.part = part
            self.count = count
        }

        subscript(key: String) -> Double { values[key] ?? .nan }

        /// The line a measuring process prints.
        var line: String {
            let scalars = values.keys.sorted().map { "\($0)=\(String(format: "%.3f", values[$0] ?? .nan))" }
            let lists = samples.keys.sorted().map { key in
                "\(key)=" + (samples[key] ?? []).map { String(format: "%.3f", $0) }.joined(separator: ",")
            }
            return (["RESULT side=\(side) part=\(part.rawValue) n=\(count)"] + scalars + lists).joined(separator: " ")
        }

        /// Reads a `RESULT` line; nil for any other line.
        init?(line: Substring) {
            guard line.hasPrefix("RESULT ") else { return nil }
            var fields: [String: String] = [:]
            for field in line.dropFirst(7).split(separator: " ") {
                let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard let side = fields.removeValue(forKey: "side"), let part = fields.removeValue(forKey: "part").flatMap(PostgresPart.init),
                let count = fields.removeValue(forKey: "n").flatMap({ Int($0) })
            else { return nil }
            self.init(side: side, part: part, count: count)
            timedOutAfter = fields.removeValue(forKey: "timed_out_s").flatMap { Double($0) }.map { Int($0) }
            for (key, value) in fields {
                if key.hasSuffix("_samples") {
                    samples[key] = value.split(separator: ",").compactMap { Double($0) }
                } else if let number = Double(value) {
                    values[key] = number
                }
            }
        }
    }
#endif
