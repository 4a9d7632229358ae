import Foundation

/// What a big-table process measures: one part at one row count. The C peers measure `load`
/// only, and their line names no part.
enum BigTablePart: String, CaseIterable {
    /// 20 fixed 160 px columns as the peers': first frame, vertical jumps, horizontal steps,
    /// memory, and the widths read before and after the jumps and steps.
    case load
    /// The same rows with a fit-content and a share column among six fixed ones, filling the
    /// window: widths read after each of the random jumps.
    case widths
    /// Column 3 widened by `setWidth`, as a drag of its header's edge does, a frame each step.
    case resize
    /// A click on a header re-sorting a `SortedStorage`, then a second click reversing it.
    case sort
}

/// One process's figures, as the line every side prints, Swift or C:
/// `RESULT side=… [part=…] n=… key=value …` (`Benchmarks/Peers/peer_table.h`), or with
/// `timed_out_s=…` from a peer that ran out of time.
struct BigTableResult {
    var side: String
    let part: BigTablePart
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

    init(side: String, part: BigTablePart, count: Int, values: [String: Double], timedOutAfter: Int? = nil) {
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
        guard let side = fields.removeValue(forKey: "side"),
            let part = BigTablePart(rawValue: fields.removeValue(forKey: "part") ?? BigTablePart.load.rawValue),
            let count = fields.removeValue(forKey: "n").flatMap({ Int($0) })
        else { return nil }
        let timedOut = fields.removeValue(forKey: "timed_out_s").flatMap { Int($0) }
        self.init(side: side, part: part, count: count, values: fields.compactMapValues { Double($0) }, timedOutAfter: timedOut)
    }

    /// Key by key, the median of the runs and their spread (`<key>_min`, `<key>_max`); a
    /// timeout in any run stands for them all, with the figures that run had.
    static func median(of runs: [BigTableResult]) -> BigTableResult? {
        guard let first = runs.first else { return nil }
        if let timedOut = runs.first(where: { $0.timedOutAfter != nil }) { return timedOut }
        var values: [String: Double] = [:]
        for key in first.values.keys {
            let sorted = runs.map { $0[key] }.sorted()
            values[key] = sorted[sorted.count / 2]
            values[key + "_min"] = sorted.first
            values[key + "_max"] = sorted.last
        }
        return BigTableResult(side: first.side, part: first.part, count: first.count, values: values)
    }
}
