import FuzzDriver
import ModelStorage

/// The filter's mapping of its base's changes: a `MemoryStorage` of numbers in up to three
/// sections goes through any sequence of the changes an app makes (items inserted, removed,
/// moved within and across sections, replaced by values that start or stop passing, several at
/// once in one transaction, sections reset with or without a diff, sections added and removed)
/// while the filter changes now and then; after each, every section of the `FilteredStorage`
/// holds exactly its base section's numbers that pass, in order, and no anomaly was reported.
@main
enum FilterFuzz: FuzzTarget {
    static func check(_ input: inout FuzzInput) {
        // libFuzzer calls on the main thread: the storages are the main actor's.
        let start = input
        MainActor.assumeIsolated {
            var input = start
            run(&input)
        }
    }

    @MainActor private static func run(_ input: inout FuzzInput) {
        let base = MemoryStorage()
        var next = 0
        func fresh() -> Int {
            next += 1
            return next * 10 + Int(next % 7)
        }
        for section in 0..<input.int(in: 1...3) {
            base.setItems((0..<input.int(in: 0...12)).map { _ in fresh() }, forSection: section)
        }
        var divisor = input.int(in: 1...4)
        let filtered = FilteredStorage<Int>(base, filter: { [divisor] in $0 % divisor == 0 })
        var anomalies: [StorageAnomaly] = []
        filtered.anomalyHandler.action = { anomalies.append($0) }
        base.anomalyHandler.action = { anomalies.append($0) }

        var steps: [String] = []
        for _ in 0..<input.int(in: 1...24) {
            if input.oneIn(6) {
                divisor = input.int(in: 1...5)
                filtered.setFilter({ [divisor] in $0 % divisor == 0 }, execution: .immediate)
                steps.append("filter % \(divisor)")
            } else if input.oneIn(4) {
                let count = input.int(in: 2...5)
                base.performUpdates {
                    for _ in 0..<count { steps.append(change(base, &input, fresh)) }
                }
                steps.append("(one transaction of the \(count) before)")
            } else {
                steps.append(change(base, &input, fresh))
            }
            expectFilteredEqualsBase(filtered, base, divisor: divisor, anomalies: anomalies, steps: steps)
        }
    }

    /// One change of the base; what it was, for a failure's message.
    @MainActor private static func change(_ base: MemoryStorage, _ input: inout FuzzInput, _ fresh: () -> Int) -> String {
        let sections = base.numberOfSections
        let section = input.int(in: 0...max(sections - 1, 0))
        let count = sections > 0 ? base.numberOfItems(inSection: section) : 0
        switch input.int(in: 0...7) {
        case 0, 1:
            let at = IndexPath(item: input.int(in: 0...count), section: section)
            let items = (0..<input.int(in: 1...3)).map { _ in fresh() }
            try? base.insertItems(items, at: at)
            return "insert \(items) at \(at)"
        case 2 where count > 0:
            let paths = Set((0..<input.int(in: 1...3)).map { _ in IndexPath(item: input.int(in: 0...(count - 1)), section: section) })
            base.removeItems(at: Array(paths))
            return "remove \(paths.sorted())"
        case 3 where count > 0:
            let from = IndexPath(item: input.int(in: 0...(count - 1)), section: section)
            let target = input.int(in: 0...(sections - 1))
            let targetCount = base.numberOfItems(inSection: target) - (target == section ? 1 : 0)
            let to = IndexPath(item: input.int(in: 0...targetCount), section: target)
            base.moveItem(at: from, to: to)
            return "move \(from) → \(to)"
        case 4 where count > 0:
            let at = IndexPath(item: input.int(in: 0...(count - 1)), section: section)
            let value = fresh()
            try? base.replaceItem(at: at, with: value)
            return "replace \(at) with \(value)"
        case 5 where sections > 0:
            let kept = (base.items(inSection: section) ?? []).compactMap { $0 as? Int }.filter { _ in !input.oneIn(3) }
            let items = kept + (0..<input.int(in: 0...2)).map { _ in fresh() }
            let diffing = !input.oneIn(3)
            base.setItems(items, forSection: section, diffing: diffing)
            return "set section \(section) to \(items)\(diffing ? " diffed" : "")"
        case 6 where sections < 4:
            let items = (0..<input.int(in: 0...4)).map { _ in fresh() }
            base.setItems(items, forSection: sections)
            return "add section \(sections): \(items)"
        case 7 where sections > 1:
            base.deleteSections([section])
            return "delete section \(section)"
        default:
            return "nothing"
        }
    }

    @MainActor private static func expectFilteredEqualsBase(
        _ filtered: FilteredStorage<Int>, _ base: MemoryStorage, divisor: Int, anomalies: [StorageAnomaly], steps: [String]
    ) {
        let expected = (0..<base.numberOfSections).map { section in
            (base.items(inSection: section) ?? []).compactMap { $0 as? Int }.filter { $0 % divisor == 0 }
        }
        let shown = (0..<filtered.numberOfSections).map { section in
            (0..<filtered.numberOfItems(inSection: section)).compactMap { filtered.item(at: IndexPath(item: $0, section: section)) as? Int }
        }
        FuzzFailure.require(anomalies.isEmpty, "anomalies \(anomalies) after \(steps)")
        FuzzFailure.require(shown == expected, "filtered \(shown), expected \(expected), after \(steps)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt { FilterFuzz.fuzz(data, count) }
