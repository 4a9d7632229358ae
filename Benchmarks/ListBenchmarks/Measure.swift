import Foundation

/// Runs `body` `repetitions` times and returns the median wall time in seconds.
///
/// Medians, because these machines are noisy; the benchmark reports ratios measured in one run
/// rather than absolute times.
@MainActor
func medianSeconds(repetitions: Int = 5, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<repetitions {
        let elapsed = clock.measure(body)
        samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return samples.sorted()[samples.count / 2]
}

/// Formats seconds for a table cell.
func formatted(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: String(format: "%.1f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
    case ..<1: String(format: "%.2f ms", seconds * 1e3)
    default: String(format: "%.2f s", seconds)
    }
}

/// Prints a Markdown table.
func printTable(_ title: String, _ header: [String], _ rows: [[String]]) {
    print("\n### \(title)\n")
    print("| " + header.joined(separator: " | ") + " |")
    print("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
    for row in rows { print("| " + row.joined(separator: " | ") + " |") }
}

/// Formats milliseconds for a table cell ("–" when not measured).
func ms(_ value: Double) -> String {
    value.isNaN ? "–" : value < 10 ? String(format: "%.2f ms", value) : String(format: "%.0f ms", value)
}

/// Formats a ratio for a table cell.
func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

/// Formats a speed-up for a table cell.
func faster(_ value: Double) -> String { String(format: "%.1f× faster", value) }

/// The sample below which `percent` per cent of `samples` fall.
func percentile(_ samples: [Double], _ percent: Int) -> Double {
    let sorted = samples.sorted()
    return sorted[max(0, (sorted.count * percent + 99) / 100 - 1)]
}
