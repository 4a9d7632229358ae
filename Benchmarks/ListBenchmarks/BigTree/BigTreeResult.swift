import Foundation

/// What one side measured for one part of the big-tree benchmark and one size, as the line every
/// side prints, Swift or C: `RESULT side=… part=… n=… key=value …`, or `… timed_out_s=…` from a
/// C peer that ran out of time (see `Benchmarks/Peers/peer_measure.h`). Unlike the big list's
/// lines, each part has its own keys, and a side may add some of its own: every number is kept.
struct BigTreeResult {
    var side: String
    let part: BigTreePart
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

    init(side: String, part: BigTreePart, count: Int, values: [String: Double], timedOutAfter: Int? = nil) {
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
        guard let side = fields.removeValue(forKey: "side"), let part = fields.removeValue(forKey: "part").flatMap(BigTreePart.init),
            let count = fields.removeValue(forKey: "n").flatMap({ Int($0) })
        else { return nil }
        let timedOut = fields.removeValue(forKey: "timed_out_s").flatMap { Int($0) }
        self.init(side: side, part: part, count: count, values: fields.compactMapValues { Double($0) }, timedOutAfter: timedOut)
    }

    /// The median of several runs, key by key; a timeout in any run stands for them all, with
    /// the figures that run had (the others finished by luck, not by speed).
    static func median(of runs: [BigTreeResult]) -> BigTreeResult? {
        guard let first = runs.first else { return nil }
        if let timedOut = runs.first(where: { $0.timedOutAfter != nil }) { return timedOut }
        var values: [String: Double] = [:]
        for key in first.values.keys {
            let sorted = runs.map { $0[key] }.sorted()
            values[key] = sorted[sorted.count / 2]
        }
        return BigTreeResult(side: first.side, part: first.part, count: first.count, values: values)
    }
}

/// What a big-tree process measures: one part at one size (the C peers take the same names).
enum BigTreePart: String, CaseIterable {
    /// A parent of N children expanded, then collapsed: `expand_ms`, `expand_mb`, `collapse_ms`.
    case expand
    /// Random jumps and wheel steps in the expanded tree of N children.
    case scroll
    /// The same in a flat list of N rows (ours only): what the tree is held to.
    case flatScroll = "flat-scroll"
    /// N/100 parents of 100 children, all expanded, then all collapsed.
    case expandAll = "expand-all"
    /// Select all over N expanded children.
    case selectAll = "select-all"
    /// N children appended to one collapsed parent, one at a time.
    case fill
    /// The same children appended in one call (ours only): what one at a time costs more.
    case fillBatch = "fill-batch"
}
