import SeededRandom
import XCTest

@testable import GRDBStorage

/// The rowids a search found: kept as bits when close, hashed when far apart, it contains exactly
/// them (against a `Set` of random rowids over spans from one to all of `Int64`).
final class RowIDSetTests: XCTestCase {
    func testItContainsExactlyTheRowIDsGivenWhetherBitsOrHashed() {
        var random = SplitMix64(seed: 35)
        let spans: [Int64] = [1, 64, 5_000, 1 << 21, 1 << 40, Int64.max]
        for span in spans {
            for _ in 0..<20 {
                let base = Int64.random(in: -1_000...1_000, using: &random)
                let rowIDs = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                    base &+ Int64.random(in: 0...span, using: &random)
                }
                let set = RowIDSet(rowIDs), expected = Set(rowIDs)
                let probes = rowIDs + (0..<300).map { _ in base &+ Int64.random(in: -64...span, using: &random) } + [.min, .max]
                for probe in probes {
                    XCTAssertEqual(set.contains(probe), expected.contains(probe), "span \(span), rowid \(probe)")
                }
                if span <= 5_000 { XCTAssertNil(set.hashed, "close rowids are kept as bits") }
                if span >= 1 << 40, rowIDs.count > 100 { XCTAssertNotNil(set.hashed, "far apart, they are hashed") }
            }
        }
    }
}
