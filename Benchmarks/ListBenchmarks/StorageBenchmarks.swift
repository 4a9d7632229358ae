import Foundation
import ModelStorage

/// Storage costs: random access must not grow with N, and removing k items from N must cost
/// O(N + k), not O(N · k).
@MainActor
enum StorageBenchmarks {
    static func run() {
        itemAccess()
        removal()
    }

    /// A storage of `count` items spread over 10 sections.
    static func makeStorage(count: Int) -> MemoryStorage {
        let storage = MemoryStorage()
        let perSection = count / 10
        storage.setItemsForAllSections((0..<10).map { s in Array(s * perSection..<(s + 1) * perSection) })
        return storage
    }

    static func itemAccess() {
        var rows: [[String]] = []
        var baseline = 0.0
        for count in [10_000, 100_000, 1_000_000] {
            let storage = makeStorage(count: count)
            var rng = SystemRandomNumberGenerator()
            let paths = (0..<100_000).map { _ in
                IndexPath(item: Int.random(in: 0..<count / 10, using: &rng), section: Int.random(in: 0..<10, using: &rng))
            }
            var sink = 0
            let seconds = medianSeconds {
                for path in paths { sink &+= storage.item(at: path) as! Int }
            }
            precondition(sink != 42)
            let perAccess = seconds / Double(paths.count)
            if baseline == 0 { baseline = perAccess }
            rows.append([count.formatted(), formatted(perAccess), String(format: "%.2f×", perAccess / baseline)])
        }
        printTable("item(at:) — 100k random accesses", ["items N", "per access", "vs N = 10k"], rows)
    }

    static func removal() {
        var rows: [[String]] = []
        for (count, removed) in [(10_000, 1_000), (100_000, 10_000), (1_000_000, 100_000), (100_000, 1_000), (100_000, 50_000)] {
            let values = stride(from: 0, to: count, by: count / removed).map { $0 }
            let paths = values.map { IndexPath(item: $0 % (count / 10), section: $0 / (count / 10)) }
            var storages: [MemoryStorage] = []
            let byValue =
                medianSeconds(repetitions: 3) {
                    let storage = makeStorage(count: count)
                    storage.removeItems(values)
                    storages.append(storage)
                } - medianSeconds(repetitions: 3) { storages.append(makeStorage(count: count)) }
            let byPath =
                medianSeconds(repetitions: 3) {
                    let storage = makeStorage(count: count)
                    storage.removeItems(at: paths)
                    storages.append(storage)
                } - medianSeconds(repetitions: 3) { storages.append(makeStorage(count: count)) }
            storages.removeAll()
            rows.append([
                count.formatted(), removed.formatted(), formatted(byValue), formatted(byPath),
                formatted(byPath / Double(count + removed)),
            ])
        }
        // What O(N · k) would cost: one removal at a time, each scanning and shifting.
        let count = 100_000
        let values = Array(stride(from: 0, to: count, by: 100))
        let oneByOne = medianSeconds(repetitions: 1) {
            let storage = makeStorage(count: count)
            for value in values { try? storage.removeItem(value) }
        }
        let batched = medianSeconds(repetitions: 3) { makeStorage(count: count).removeItems(values) }
        printTable(
            "Removing k items from N (10 sections)",
            ["N", "k", "removeItems(values)", "removeItems(at:)", "by path per (N + k)"], rows)
        print(
            "\nN = 100,000, k = 1,000: one `removeItems` \(formatted(batched)), 1,000 single `removeItem` "
                + "calls (O(N · k)) \(formatted(oneByOne)): \(String(format: "%.0f", oneByOne / batched))× slower.")
    }
}
