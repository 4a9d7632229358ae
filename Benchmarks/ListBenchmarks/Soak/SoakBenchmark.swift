import CGtk
import Foundation
import GtkListManager

/// The soak (issue 58): every host, a tree, a table, a filter and a database storage in one
/// process, each in a window of its own, driven for the minutes given with seeded random
/// changes, scrolling and selection. Every minute (a tenth of the run for runs under ten
/// minutes) a line: resident memory, the criticals and warnings logged, and each list's bound
/// rows read back from GTK against its storage. At the end a verdict and the memory curve as
/// an SVG (`--plot FILE`, `soak-memory.svg` unless told).
@MainActor
enum SoakBenchmark {
    struct Options {
        var minutes = 60.0
        var plot = "soak-memory.svg"
        var seed: UInt64 = 58
        /// Words of the lists' names to keep (`--lists tree,database`); empty keeps them all.
        var lists: [String] = []
    }

    /// `soak [minutes] [--plot FILE] [--seed N]`.
    static func run(arguments: ArraySlice<String>) {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--plot": options.plot = rest.popFirst() ?? options.plot
            case "--seed": options.seed = rest.popFirst().flatMap { UInt64($0) } ?? options.seed
            case "--lists": options.lists = rest.popFirst()?.split(separator: ",").map(String.init) ?? []
            default:
                guard let minutes = Double(argument), minutes > 0 else {
                    say("usage: list-benchmarks soak [minutes] [--plot FILE] [--seed N] [--lists WORD,…]")
                    exit(2)
                }
                options.minutes = minutes
            }
        }
        exit(soak(options) ? 0 : 1)
    }

    /// The soak itself; true when memory stayed within the goal, no critical was logged and
    /// every check passed.
    private static func soak(_ options: Options) -> Bool {
        SoakLogCounter.install()
        guard GtkRuntime.initialize() else {
            say("soak: no display: run under xvfb-run")
            return false
        }
        let subjects: [any SoakSubject]
        do {
            subjects = try makeSubjects(keeping: options.lists)
        } catch {
            say("soak: the database could not be opened: \(error)")
            return false
        }
        var random = SoakRandom(seed: options.seed)
        let total = options.minutes * 60
        // A line a minute; a tenth of the run when it is short, so that it still has a curve.
        let interval = options.minutes < 10 ? total / 10 : 60
        let warmUp = options.minutes < 10 ? total / 5 : 120
        say("# Soak: \(subjects.count) lists for \(options.minutes) min, seed \(options.seed)")
        say("minute | RSS MiB | criticals | warnings | rows checked | check failures | steps")
        settle(subjects)
        var samples = [(minute: 0.0, mib: ProcessProbes.residentMiB())]
        var failures = 0, steps = 0
        say(line(minute: 0, mib: samples[0].mib, checked: 0, failed: 0, steps: 0))
        let start = ProcessProbes.wallMilliseconds()
        var elapsed = 0.0
        while elapsed < total {
            let next = min(Double(samples.count) * interval, total)
            while (ProcessProbes.wallMilliseconds() - start) / 1000 < next {
                for subject in subjects { subject.step(&random) }
                steps += subjects.count
                GtkRuntime.iterate(until: { false }, timeout: .milliseconds(15))
            }
            settle(subjects)
            var checked = 0, failed = 0
            for subject in subjects {
                let outcome = SoakCheck.run(subject)
                checked += outcome.checked
                failed += outcome.failures.count
                for failure in outcome.failures.prefix(3) { say("  check failed: \(failure)") }
            }
            failures += failed
            elapsed = (ProcessProbes.wallMilliseconds() - start) / 1000
            samples.append((next / 60, ProcessProbes.residentMiB()))
            say(line(minute: next / 60, mib: samples.last!.mib, checked: checked, failed: failed, steps: steps))
        }
        return verdict(samples: samples, warmUpMinutes: warmUp / 60, failures: failures, options: options)
    }

    /// The lists whose names contain one of `words` (all of them when there are none), made
    /// only when kept, so that a run of a few shows what they alone hold.
    private static func makeSubjects(keeping words: [String]) throws -> [any SoakSubject] {
        let made: [(name: String, make: () throws -> any SoakSubject)] = [
            ("virtualized list", { SoakMemoryList(name: "virtualized list", host: VirtualListHost(), sectioned: true) }),
            (
                "virtualized grid",
                { SoakMemoryList(name: "virtualized grid", host: VirtualListHost.virtualizedGrid(), sectioned: true) }
            ),
            ("ListBoxHost", { SoakMemoryList(name: "ListBoxHost", host: ListBoxHost(), sectioned: true) }),
            ("FlowBoxGridHost", { SoakMemoryList(name: "FlowBoxGridHost", host: FlowBoxGridHost(), sectioned: true) }),
            ("tree", { SoakTree() }),
            ("table", { SoakMemoryList(name: "table (makeTable)", host: VirtualListHost(), table: true) }),
            ("filter", { SoakMemoryList(name: "filter (FilteredStorage)", host: VirtualListHost(), filtered: true) }),
            ("database", { try SoakDatabase() }),
        ]
        return try made.filter { list in words.isEmpty || words.contains { list.name.contains($0) } }.map { try $0.make() }
    }

    /// Writes a line at once, unbuffered, so that a long run's log can be followed as it runs.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Runs the main loop until background work has arrived and the lists are laid out.
    private static func settle(_ subjects: [any SoakSubject]) {
        GtkRuntime.iterate(
            until: { g_main_context_pending(nil) == 0 && subjects.allSatisfy(\.isSettled) }, timeout: .seconds(10))
        GtkRuntime.iterate(until: { false }, timeout: .milliseconds(100))
    }

    private static func line(minute: Double, mib: Double, checked: Int, failed: Int, steps: Int) -> String {
        let values: [String] = [
            String(format: "%.2f", minute), String(format: "%.1f", mib),
            String(SoakLogCounter.criticals.load(ordering: .relaxed)),
            String(SoakLogCounter.warnings.load(ordering: .relaxed)), String(checked), String(failed), String(steps),
        ]
        return values.joined(separator: " | ")
    }

    /// Growth after the warm-up (the largest sample after it less the sample at its end),
    /// criticals and check failures; writes the plot.
    private static func verdict(
        samples: [(minute: Double, mib: Double)], warmUpMinutes: Double, failures: Int, options: Options
    ) -> Bool {
        let warmIndex = samples.lastIndex { $0.minute <= warmUpMinutes + 1e-9 } ?? 0
        let base = samples[warmIndex].mib
        let growth = (samples[warmIndex...].map(\.mib).max() ?? base) - base
        let criticals = SoakLogCounter.criticals.load(ordering: .relaxed)
        // The goal: at most 2 MB over the hour.
        let allowed = 2.0
        let passed = growth <= allowed && criticals == 0 && failures == 0
        say(
            String(
                format: "verdict: %@, memory growth after %.2f min warm-up %.2f MiB (goal ≤ %.1f), criticals %d, check failures %d",
                passed ? "PASS" : "FAIL", warmUpMinutes, growth, allowed, criticals, failures))
        let svg = SoakPlot.svg(
            samples: samples, warmUpMinute: samples[warmIndex].minute,
            title: String(format: "Soak: resident memory, %g min, growth after warm-up %.2f MiB", options.minutes, growth))
        do {
            try svg.write(toFile: options.plot, atomically: true, encoding: .utf8)
            say("plot: \(options.plot)")
        } catch {
            say("soak: the plot could not be written to \(options.plot): \(error)")
        }
        return passed
    }
}
