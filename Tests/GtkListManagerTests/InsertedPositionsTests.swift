import SeededRandom
import XCTest

@testable import GtkListManager

/// The positions a virtualized host's animation fades in: those the splices since its last
/// layout inserted, followed through every later splice as a plain array of rows follows them.
final class InsertedPositionsTests: XCTestCase {
    func testInsertedPositionsFollowLaterSplicesAsAnArrayOfRowsDoes() {
        for seed in SeedCount.seeds(60) {
            var random = SplitMix64(seed: seed)
            // Each row: whether it was inserted by these splices.
            var rows = [Bool](repeating: false, count: 40)
            var inserted = InsertedPositions()
            for _ in 0..<Int(random.next() % 12) {
                switch random.next() % 4 {
                case 0:
                    let at = Int(random.next() % UInt64(rows.count + 1)), count = 1 + Int(random.next() % 3)
                    rows.insert(contentsOf: repeatElement(true, count: count), at: at)
                    inserted.insert(count, at: at)
                case 1 where !rows.isEmpty:
                    let start = Int(random.next() % UInt64(rows.count))
                    let removed = start..<min(start + 1 + Int(random.next() % 4), rows.count)
                    rows.removeSubrange(removed)
                    inserted.remove(removed)
                case 2 where !rows.isEmpty:
                    let source = Int(random.next() % UInt64(rows.count)), destination = Int(random.next() % UInt64(rows.count))
                    rows.insert(rows.remove(at: source), at: destination)
                    inserted.move(from: source, to: destination)
                default:
                    // A batch of removals, bottom to top.
                    var removals: [Range<Int>] = []
                    var end = rows.count
                    while end > 0, random.next() % 3 != 0 {
                        let length = Int(random.next() % UInt64(min(end, 3) + 1))
                        removals.append(end - length..<end)
                        end = max(0, end - length - Int(random.next() % 6))
                    }
                    for removal in removals { rows.removeSubrange(removal) }
                    inserted.moveBoundaries(RemovalShift(bottomToTop: removals).movedBoundary)
                }
            }
            XCTAssertEqual(
                rows.indices.filter { inserted.contains($0) }, rows.indices.filter { rows[$0] }, "seed \(seed)")
        }
    }

    func testPastItsLimitEveryPositionCountsAsInserted() {
        var inserted = InsertedPositions()
        for position in stride(from: 0, to: 2 * InsertedPositions.limit + 2, by: 2) { inserted.insert(1, at: position) }
        XCTAssertTrue(inserted.overflowed)
        XCTAssertTrue(inserted.contains(1), "a position not inserted counts as inserted once the ranges overflowed")
        inserted.removeAll()
        XCTAssertTrue(inserted.isEmpty)
        XCTAssertFalse(inserted.contains(0))
    }
}
