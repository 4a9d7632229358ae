import XCTest

@testable import GtkListManager

/// Where sections start in the flat list: prefix sums, and a position's section found among
/// empty sections that share a start.
final class SectionStartsTests: XCTestCase {
    func testEachPositionFindsTheSectionWhoseRowsIncludeIt() {
        // Rows per section: 3, 0, 0, 2, 0, 4 (empty sections share the next one's start).
        let counts = [3, 0, 0, 2, 0, 4]
        var starts = SectionStarts(count: counts.count) { counts[$0] }
        XCTAssertEqual(starts.total, 9)
        XCTAssertEqual((0...counts.count).map { starts[$0] }, [0, 3, 3, 3, 5, 5, 9])
        let expected = [0, 0, 0, 3, 3, 5, 5, 5, 5]
        XCTAssertEqual((0..<9).map { starts.section(containing: $0) }, expected, "in order")
        XCTAssertEqual((0..<9).reversed().map { starts.section(containing: $0) }, expected.reversed(), "backwards")
        XCTAssertNil(starts.section(containing: 9))
        XCTAssertNil(starts.section(containing: -1))
    }

    func testNoSectionsHoldNoPositions() {
        var starts = SectionStarts()
        XCTAssertEqual(starts.total, 0)
        XCTAssertEqual(starts.sectionCount, 0)
        XCTAssertNil(starts.section(containing: 0))
    }

    func testRowsAddedToASectionMoveOnlyTheStartsAfterIt() {
        var counts = [3, 0, 0, 2, 0, 4]
        var starts = SectionStarts(count: counts.count) { counts[$0] }
        _ = starts.section(containing: 6)  // a hint in the last section, which must not go stale
        for (section, rows) in [(1, 5), (3, -2), (5, -4), (0, 1)] {
            starts.add(rows, toSection: section)
            counts[section] += rows
            let summed = SectionStarts(count: counts.count) { counts[$0] }
            XCTAssertEqual((0...counts.count).map { starts[$0] }, (0...counts.count).map { summed[$0] }, "after \(rows) in \(section)")
            var fresh = summed
            XCTAssertEqual(
                (0..<starts.total).map { starts.section(containing: $0) }, (0..<fresh.total).map { fresh.section(containing: $0) })
        }
    }
}
