import GtkListManager
import SeededRandom
import XCTest

/// The height index of the virtualized host against a plain array of heights: seeded random
/// splices and measurements, and after each the counts, offsets and look-ups agree.
final class RowHeightIndexTests: XCTestCase {
    /// The reference: one optional height per row (nil: unmeasured), and what follows from it.
    private struct Reference {
        var heights: [Int?] = []
        let defaultEstimate: Int

        var estimate: Int {
            let measured = heights.compactMap { $0 }
            guard !measured.isEmpty else { return defaultEstimate }
            return max(1, (measured.reduce(0, +) + measured.count / 2) / measured.count)
        }
        /// Every row's height with the current estimate (computed once per check).
        var resolved: [Int] {
            let estimate = estimate
            return heights.map { $0 ?? estimate }
        }
    }

    /// The top of each row and the total, from resolved heights.
    private static func offsets(_ resolved: [Int]) -> [Int] {
        var offsets = [0]
        for height in resolved { offsets.append(offsets[offsets.count - 1] + height) }
        return offsets
    }

    private static func position(atOffset offset: Int, in offsets: [Int]) -> Int? {
        let count = offsets.count - 1
        guard count > 0 else { return nil }
        guard offset > 0 else { return 0 }
        for position in 0..<count where offsets[position + 1] > offset { return position }
        return count - 1
    }

    func testRandomSplicesAndMeasurementsAgreeWithAPlainArray() {
        for seed in SeedCount.seeds(30) {
            var rng = SplitMix64(seed: seed)
            var index = RowHeightIndex(defaultEstimate: 20)
            var reference = Reference(defaultEstimate: 20)
            func random(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(rng.next() % UInt64(bound)) }
            for step in 0..<120 {
                let count = reference.heights.count
                switch random(12) {
                case 0, 1:
                    // Inserts from one row to a few blocks' worth, so blocks split.
                    let inserted = random(3) == 0 ? 1 + random(1_500) : 1 + random(8)
                    let position = random(count + 1)
                    index.insert(count: inserted, at: position)
                    reference.heights.insert(contentsOf: repeatElement(nil, count: inserted), at: position)
                case 2 where count > 0:
                    let start = random(count), length = 1 + random(min(count - start, random(2) == 0 ? 900 : 5))
                    index.remove(start..<start + length)
                    reference.heights.removeSubrange(start..<start + length)
                case 3...5 where count > 0:
                    for _ in 0..<1 + random(20) {
                        let position = random(count), height = random(4) == 0 ? 0 : 10 + random(60)
                        index.setHeight(height, of: position)
                        reference.heights[position] = height
                    }
                case 6 where count > 0:
                    let position = random(count)
                    index.forgetHeight(of: position)
                    reference.heights[position] = nil
                case 8:
                    // Several insertions in one call, top to bottom, as a tree's expand-all.
                    var insertions: [(position: Int, count: Int)] = []
                    var position = random(count / 2 + 1)
                    for _ in 0..<1 + random(12) {
                        let inserted = 1 + random(random(2) == 0 ? 400 : 4)
                        insertions.append((position, inserted))
                        reference.heights.insert(contentsOf: repeatElement(nil, count: inserted), at: position)
                        position = min(position + inserted + random(30), reference.heights.count)
                    }
                    index.insert(insertions)
                case 10 where count > 0:
                    // Several removals in one call, bottom to top, as a filter's keystroke: runs
                    // of one row to several blocks, emptying blocks on the way.
                    var removals: [Range<Int>] = []
                    var end = count
                    for _ in 0..<1 + random(40) where end > 0 {
                        let length = 1 + random(min(end, random(3) == 0 ? 700 : 6))
                        removals.append(end - length..<end)
                        end = random(end - length + 1)
                    }
                    index.remove(removals)
                    for removal in removals { reference.heights.removeSubrange(removal) }
                case 7 where count > 1:
                    let source = random(count), destination = random(count)
                    index.move(from: source, to: destination)
                    // With one measured height or none every row counts the same: the index
                    // skips the move (which rows count as measured stays).
                    if Set(reference.heights.compactMap { $0 }).count > 1 {
                        reference.heights.insert(reference.heights.remove(at: source), at: destination)
                    }
                case 9 where count > 1:
                    // A re-sort of a run of rows (a section's items): heights go with their rows.
                    let start = random(count), length = 1 + random(count - start)
                    let destinations = Array(0..<length).shuffled(using: &rng)
                    index.reorder(startingAt: start, destinations: destinations)
                    if Set(reference.heights.compactMap { $0 }).count > 1 {
                        var reordered = reference.heights
                        for offset in 0..<length { reordered[start + destinations[offset]] = reference.heights[start + offset] }
                        reference.heights = reordered
                    }
                default:
                    break
                }
                let context = "seed \(seed) step \(step)"
                let resolved = reference.resolved, offsets = Self.offsets(resolved)
                XCTAssertEqual(index.count, reference.heights.count, context)
                XCTAssertEqual(index.estimate, reference.estimate, context)
                XCTAssertEqual(index.totalHeight, offsets.last, context)
                guard !reference.heights.isEmpty else { continue }
                for _ in 0..<4 {
                    let position = random(reference.heights.count)
                    XCTAssertEqual(index.offset(of: position), offsets[position], "\(context): offset of \(position)")
                    XCTAssertEqual(index.height(of: position), resolved[position], context)
                    XCTAssertEqual(index.isMeasured(position), reference.heights[position] != nil, context)
                    let offset = random(offsets[offsets.count - 1] + 40) - 20
                    XCTAssertEqual(
                        index.position(atOffset: offset), Self.position(atOffset: offset, in: offsets), "\(context): row at \(offset)")
                }
                if index.count != reference.heights.count { return }
            }
        }
    }

    func testAMillionRowsStoreHeightsOnlyWhereRowsWereMeasured() {
        var index = RowHeightIndex(defaultEstimate: 24)
        index.insert(count: 1_000_000, at: 0)
        XCTAssertEqual(index.totalHeight, 24_000_000)
        XCTAssertEqual(index.storedHeightCount, 0, "no row measured: nothing stored per row")
        index.setHeight(48, of: 999_999)
        XCTAssertLessThanOrEqual(index.storedHeightCount, RowHeightIndex.blockCapacity, "one block's worth")
        index.insert(count: 1_000, at: 500_000)
        index.remove(0..<1_000)
        XCTAssertEqual(index.count, 1_000_000)
        XCTAssertEqual(index.position(atOffset: index.offset(of: 999_999)), 999_999)
        XCTAssertEqual(index.height(of: 999_999), 48)
        XCTAssertEqual(index.offset(of: 999_999) + 48, index.totalHeight)
        index.forgetHeight(of: 999_999)
        XCTAssertEqual(index.storedHeightCount, 0, "a block whose last measured row is forgotten stores nothing again")
    }
}
