import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// The randomized storage sequences of the list tests on the flow-box grid, with models of two
/// more supplementary kinds (a banner before the cells, a summary after them): after every
/// step, each section's supplementary views and cells, read from GTK, are exactly what the
/// storage implies, section by section (a cell in the wrong section's flow box, or a view on
/// the wrong side of the cells, fails), and no row view leaks.
final class FlowBoxGridRandomizedTests: XCTestCase {
    static let sequenceCount = SeedCount.of(600)
    static let sequenceLength = 30

    func testRandomSequencesKeepEverySectionEqualToTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomSequences()
        }
    }

    @MainActor private static func randomSequences() throws {
        let startingRows = NumberRow.liveCount
        var steps = 0
        for seed in 0..<UInt64(sequenceCount) {
            var rng = SplitMix64(seed: seed &+ 0x9_1D)
            let configuration = RandomizedGrid.randomConfiguration(&rng)
            let host = FlowBoxGridHost()
            let (manager, storage) = RandomizedGrid.manager(on: host, configuration)
            var history: [String] = []
            for _ in 0..<sequenceLength {
                let step = RandomizedListTests.randomStep(storage, &rng, otherKinds: RandomizedGrid.otherKinds)
                history.append(step.name)
                step.run()
                steps += 1
                let actual = inspectSections(of: host)
                let expected = RandomizedGrid.expectedSections(of: storage, configuration)
                guard actual == expected, manager.rowCount == actual.joined().count else {
                    XCTFail(
                        """
                        seed \(seed), configuration \(configuration), after:
                        \(history.map { "  \($0)" }.joined(separator: "\n"))
                        grid:    \(actual)
                        storage: \(expected)
                        """)
                    return
                }
            }
        }
        XCTAssertEqual(NumberRow.liveCount, startingRows, "every row view is released with its manager")
        print("Randomized flow-box grid: \(sequenceCount) sequences, \(steps) steps checked against GTK")
    }
}
