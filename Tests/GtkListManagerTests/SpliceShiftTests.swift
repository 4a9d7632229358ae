import SeededRandom
import XCTest

@testable import GtkListManager

/// Where a row goes through a batch of splices, by one binary search: the same place as
/// making the splices one at a time on a plain array of rows.
final class SpliceShiftTests: XCTestCase {
    func testARowMovesThroughRemovalsAsThroughEachInTurn() {
        for seed in SeedCount.seeds(40) {
            var random = SplitMix64(seed: seed)
            let count = Int(random.next() % 300)
            // Removals bottom to top, some empty, some touching.
            var removals: [Range<Int>] = []
            var end = count
            while end > 0, random.next() % 8 != 0 {
                let length = Int(random.next() % UInt64(min(end, 6) + 1))
                removals.append(end - length..<end)
                end = max(0, end - length - Int(random.next() % 10))
            }
            var rows = Array(0..<count)
            for removal in removals { rows.removeSubrange(removal) }
            let shift = RemovalShift(bottomToTop: removals)
            XCTAssertEqual(shift.total, count - rows.count, "seed \(seed)")
            XCTAssertFalse(shift.removals.contains(where: \.isEmpty))
            for position in 0..<count {
                XCTAssertEqual(shift.moved(position), rows.firstIndex(of: position), "seed \(seed), row \(position) of \(removals)")
            }
        }
    }

    func testARowMovesThroughInsertionsAsThroughEachInTurn() {
        for seed in SeedCount.seeds(40) {
            var random = SplitMix64(seed: seed)
            let count = Int(random.next() % 300)
            // Insertions top to bottom, each read with the earlier ones made; new rows are -1.
            var rows = Array(0..<count)
            var insertions: [(position: Int, count: Int)] = []
            var position = 0
            while position <= rows.count, random.next() % 8 != 0 {
                position += Int(random.next() % 12)
                guard position <= rows.count else { break }
                let inserted = Int(random.next() % 4)
                insertions.append((position, inserted))
                rows.insert(contentsOf: repeatElement(-1, count: inserted), at: position)
                position += inserted
            }
            let shift = InsertionShift(insertions)
            XCTAssertEqual(shift.total, rows.count - count, "seed \(seed)")
            for row in 0..<count {
                XCTAssertEqual(shift.moved(row), rows.firstIndex(of: row), "seed \(seed), row \(row)")
            }
        }
    }
}
