import CGtk
import FuzzDriver
import GtkListManager
import ModelStorage

/// A storage's change log applied through the manager's updater to a host that counts
/// (``CountingHost``, or ``BatchingCountingHost`` for the batched paths): a custom storage of up
/// to six sections of items, with headers and footers, reports change sets of every kind of
/// segment, now and then a reload. After a log the contract allows, the host's positions hold
/// exactly the storage's rows (each carried through the splices from where it was inserted),
/// the manager shows the storage's models there, and nothing was reported; after a log it
/// forbids (an entry past the items or the sections), exactly one `inconsistentChangeSet` was
/// reported and the list reloaded: the host holds the storage's rows all the same. Never a
/// crash, never a splice outside the host's positions.
///
/// GTK must be running (the host's widget is a real one): scripts/fuzz.sh runs it under
/// `xvfb-run` when there is no display.
@main
enum ChangeSetFuzz: FuzzTarget {
    /// GTK, and what GTK and the manager make once per process (a first list on no input).
    static func setUp() {
        MainActor.assumeIsolated {
            guard GtkRuntime.initialize() else { FuzzFailure.fail("no display: run under xvfb-run -a") }
        }
        var empty = FuzzInput([])
        check(&empty)
    }

    static func check(_ input: inout FuzzInput) {
        // libFuzzer calls on the main thread: the manager and the storage are the main actor's.
        let start = input
        MainActor.assumeIsolated {
            var input = start
            run(&input)
            // What the manager left for the main loop runs before the next input.
            while g_main_context_iteration(nil, 0) != 0 {}
        }
    }

    @MainActor private static func run(_ input: inout FuzzInput) {
        var configuration = ListConfiguration()
        configuration.displayHeaderOnEmptySection = input.oneIn(2)
        configuration.displayFooterOnEmptySection = input.oneIn(2)
        configuration.animateMoveAsDeleteAndInsert = input.oneIn(4)
        var log = ChangeLog(state: [])
        for _ in 0..<input.int(in: 0...3) {
            var section = log.freshSection(&input)
            section.items = (0..<input.int(in: 0...6)).map { _ in log.freshItem() }
            log.state.append(section)
        }
        let storage = ScriptedStorage(log.state)
        let host: CountingHost = input.oneIn(2) ? BatchingCountingHost() : CountingHost()
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        var anomalies: [ManagerAnomaly] = []
        manager.anomalyHandler.action = { anomalies.append($0) }
        host.identityAt = { [unowned manager] in identity(of: manager.model(atPosition: $0)) }
        host.resync()

        var steps: [String] = ["start \(log.state.map(\.items))"]
        expectHostShowsStorage(host, manager, storage, configuration, steps: steps)
        for _ in 0..<input.int(in: 1...12) {
            let before = log.state, firstStep = steps.count
            var changes = ChangeSet()
            var forbidden = false
            let reported = anomalies.count
            if input.oneIn(10) {
                log.state = before.filter { _ in !input.oneIn(3) }
                storage.sections = log.state
                storage.deliver(.reload)
                steps.append("reload to \(log.state.map(\.items))")
            } else {
                for _ in 0..<input.int(in: 1...6) {
                    if !forbidden, input.oneIn(8) {
                        steps.append(log.appendForbidden(&input, to: &changes))
                        forbidden = true
                    } else if let step = log.appendAllowed(&input, to: &changes) {
                        steps.append(step)
                    }
                }
                // A storage whose log is wrong holds what it holds: the state its log led to
                // before the bad entry, the state before the log, or another.
                if forbidden, input.oneIn(3) { log.state = input.oneIn(2) ? before : before.reversed() }
                storage.sections = log.state
                storage.deliver(.changes(changes))
            }
            for step in steps[firstStep...] { FuzzTrace.note(step) }
            let new = Array(anomalies[reported...])
            FuzzFailure.require(
                forbidden ? new.count == 1 && new.allSatisfy(isInconsistentChangeSet) : new.isEmpty,
                "\(forbidden ? "a forbidden" : "an allowed") log reported \(new), after:\n  " + steps.joined(separator: "\n  "))
            expectHostShowsStorage(host, manager, storage, configuration, steps: steps)
        }
    }

    private static func isInconsistentChangeSet(_ anomaly: ManagerAnomaly) -> Bool {
        if case .inconsistentChangeSet = anomaly { true } else { false }
    }

    /// The rows `storage` implies: each section's header, items and footer (a title of an
    /// empty section only when the configuration shows it), as (identity, description).
    @MainActor private static func expectedRows(of storage: ScriptedStorage, _ configuration: ListConfiguration) -> [(String, String)] {
        storage.sections.flatMap { section -> [(String, String)] in
            var rows: [(String, String)] = []
            let hasItems = !section.items.isEmpty
            if let header = section.header, hasItems || configuration.displayHeaderOnEmptySection {
                rows.append((identity(of: header)!, header))
            }
            rows += section.items.map { (identity(of: $0)!, $0.description) }
            if let footer = section.footer, hasItems || configuration.displayFooterOnEmptySection {
                rows.append((identity(of: footer)!, footer))
            }
            return rows
        }
    }

    @MainActor private static func expectHostShowsStorage(
        _ host: CountingHost, _ manager: ListManager, _ storage: ScriptedStorage, _ configuration: ListConfiguration,
        steps: [String]
    ) {
        let context = { "after:\n  " + steps.joined(separator: "\n  ") }
        FuzzFailure.require(host.violations.isEmpty, "splices outside the host: \(host.violations), \(context())")
        let expected = expectedRows(of: storage, configuration)
        let carried = host.slots.map { $0 ?? "nil" }
        FuzzFailure.require(carried == expected.map(\.0), "host rows \(carried), expected \(expected.map(\.0)), \(context())")
        let shown = (0..<host.rowCount).map { manager.model(atPosition: $0).map { "\($0)" } ?? "nil" }
        FuzzFailure.require(shown == expected.map(\.1), "manager shows \(shown), expected \(expected.map(\.1)), \(context())")
        if let batching = host as? BatchingCountingHost {
            FuzzFailure.require(
                batching.sectionCount == storage.numberOfSections,
                "host sections \(batching.sectionCount), storage \(storage.numberOfSections), \(context())")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { ChangeSetFuzz.fuzz(data, count) }
