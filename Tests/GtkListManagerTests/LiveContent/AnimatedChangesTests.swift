import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Animated changes on the virtualized list and grid, read back from GTK frame by frame: where
/// each row's widget is allocated, its opacity, and the pixels the list draws. The frames are
/// 60 Hz frames of the animations' time (``SteppedFrameTime``), however long each takes to draw.
final class AnimatedChangesTests: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { SteppedFrameTime.start() }
    }

    override func tearDown() {
        MainActor.assumeIsolated { SteppedFrameTime.stop() }
        super.tearDown()
    }

    func testRowsAfterAnInsertionSlideToTheirPlacesAndTheInsertedRowFadesIn() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60))
                defer { shown.close() }
                let followed = [3, 4, 7]
                let before = followed.map { shown.place(of: $0)! }

                try shown.storage.insertItem(100, to: IndexPath(item: 3, section: 0))
                shown.layOutNow()
                XCTAssertEqual(followed.map { shown.place(of: $0)! }, before, "\(shown): the first frame shows every row where it was")
                XCTAssertEqual(shown.opacity(of: 100), 0, "\(shown): the inserted row starts unseen")

                let frames = shown.framesUntilStill(following: followed + [100])
                let after = followed.map { shown.place(of: $0)! }
                XCTAssertNotEqual(after, before, "\(shown): the rows after the insertion moved")
                for (model, start) in zip(followed, before) {
                    let path = frames.compactMap { $0[model]?.place }
                    XCTAssertEqual(path.last, shown.place(of: model), "\(shown): row \(model) ends in its place")
                    XCTAssertGreaterThanOrEqual(
                        Set(path).subtracting([start, path.last!]).count, 3, "\(shown): row \(model) slid: \(path)")
                    XCTAssertTrue(isMonotonic(path.map(\.y)), "\(shown): row \(model) never turned back: \(path)")
                }
                let fading = frames.compactMap { $0[100]?.opacity }
                XCTAssertEqual(fading.last, 1, "\(shown): the inserted row ends opaque")
                XCTAssertTrue(isMonotonic(fading) && fading.contains { $0 > 0 && $0 < 1 }, "\(shown): it faded in: \(fading)")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown): the end looks as the list without animation")
            }
        }
    }

    func testRowsAManyRowInsertionPushesOutOfTheListsMarginsSlideOutOfSight() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<200))
                defer { shown.close() }
                let lastBound = shown.boundModels().last!
                let start = shown.place(of: lastBound)!

                try shown.storage.insertItems(Array(1000..<1060), at: IndexPath(item: 2, section: 0))
                shown.layOutNow()
                XCTAssertEqual(shown.place(of: lastBound), start, "\(shown): the row pushed far down still shows where it was")
                let path = shown.frames(for: .milliseconds(200), following: [lastBound]).compactMap { $0[lastBound]?.place }
                XCTAssertGreaterThanOrEqual(Set(path).count, 3, "\(shown): it slides down out of sight: \(path)")
                XCTAssertTrue(isMonotonic(path.map(\.y)), "\(shown): \(path)")
                _ = shown.framesUntilStill(following: [])
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown)")
            }
        }
    }

    func testARemovedRowLeavesItsPictureWhileTheRowsAfterItSlideOverIt() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60))
                defer { shown.close() }
                let picture = shown.pixels()
                let below = shown.place(of: 5)!

                shown.storage.removeItems([4])
                shown.layOutNow()
                assertSamePixels(shown.pixels(), picture, "\(shown): the first frame after the removal looks as the one before it")
                let frames = shown.framesUntilStill(following: [5])
                XCTAssertGreaterThanOrEqual(Set(frames.compactMap { $0[5]?.place }).subtracting([below]).count, 3, "\(shown): row 5 slid")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown): the picture is gone at the end")
            }
        }
    }

    func testAMovedRowSlidesToItsNewPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60))
                defer { shown.close() }
                let start = shown.place(of: 8)!
                shown.storage.moveItem(at: IndexPath(item: 8, section: 0), to: IndexPath(item: 1, section: 0))
                let path = shown.framesUntilStill(following: [8]).compactMap { $0[8]?.place }
                XCTAssertEqual(path.first, start, "\(shown): it starts where it was")
                XCTAssertEqual(path.last, shown.place(of: 8), "\(shown)")
                XCTAssertGreaterThanOrEqual(Set(path).count, 5, "\(shown): it slid: \(path)")
                XCTAssertTrue(isMonotonic(path.map(\.y)), "\(shown): \(path)")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown)")
            }
        }
    }

    func testARowInsertedAndMovedInOneChangeFadesInWhereItGoes() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60))
                defer { shown.close() }
                try shown.storage.performUpdates {
                    try shown.storage.insertItem(100, to: IndexPath(item: 3, section: 0))
                    shown.storage.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 8, section: 0))
                }
                shown.layOutNow()
                XCTAssertEqual(shown.opacity(of: 100), 0, "\(shown): it starts unseen")
                let frames = shown.framesUntilStill(following: [100]).compactMap { $0[100] }
                XCTAssertEqual(Set(frames.map(\.place)), [shown.place(of: 100)!], "\(shown): where it goes, without sliding")
                XCTAssertEqual(frames.last?.opacity, 1, "\(shown): it faded in: \(frames.map(\.opacity))")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown)")
            }
        }
    }

    func testAChangeDuringAnAnimationTurnsItFromWhereTheRowsShowWithoutAJump() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60), milliseconds: 600)
                defer { shown.close() }
                try shown.storage.insertItems([100, 101, 102], at: IndexPath(item: 2, section: 0))
                _ = shown.frames(for: .milliseconds(150), following: [6])
                let midway = shown.place(of: 6)!

                shown.storage.removeItems([0, 1, 100])
                shown.layOutNow()
                XCTAssertEqual(shown.place(of: 6), midway, "\(shown): the new change starts from where the row shows")
                let path = shown.framesUntilStill(following: [6]).compactMap { $0[6]?.place }
                XCTAssertEqual(path.last, shown.place(of: 6), "\(shown)")
                let steps = zip(path, path.dropFirst()).map { abs($1.y - $0.y) + abs($1.x - $0.x) }
                XCTAssertLessThan(steps.max() ?? 0, shown.rowStep, "\(shown): no frame jumps a row: \(path)")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown)")
            }
        }
    }

    func testSectionsInsertedRemovedAndMovedSlideAsRowsDo() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, sections: (0..<6).map { Array($0 * 8..<$0 * 8 + 8) })
                defer { shown.close() }
                let changes: [(String, () -> Void)] = [
                    ("inserted", { shown.storage.insertSection(SectionModel(items: Array(100..<105)), at: 1) }),
                    ("removed", { shown.storage.deleteSections([0]) }),
                    ("moved", { shown.storage.moveSection(4, toSection: 1) }),
                ]
                for (change, make) in changes {
                    let bound = shown.boundModels()
                    let followed = bound[bound.count / 3..<bound.count / 3 + 4]
                    let before = followed.map { shown.place(of: $0) }
                    make()
                    shown.layOutNow()
                    XCTAssertEqual(
                        followed.map { shown.place(of: $0) }, before,
                        "\(shown), section \(change): the first frame shows the rows where they were")
                    let frames = shown.framesUntilStill(following: Array(followed))
                    let moving = followed.filter { model in Set(frames.compactMap { $0[model]?.place }).count > 3 }
                    XCTAssertFalse(moving.isEmpty, "\(shown), section \(change): rows slid")
                    assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown), section \(change)")
                }
            }
        }
    }

    func testChangesWithoutAnimationAndWithTheDesktopsAnimationsOffApplyAtOnce() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for grid in [false, true] {
                let shown = AnimatedList(grid: grid, models: Array(0..<60), milliseconds: 600)
                defer { shown.close() }
                try shown.storage.insertItem(100, to: IndexPath(item: 2, section: 0))
                _ = shown.frames(for: .milliseconds(100), following: [5])

                shown.host.withoutAnimation { shown.storage.removeItems([1]) }
                shown.layOutNow()
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown): an unanimated change ends the animation too")

                DesktopAnimations.set(false)
                defer { DesktopAnimations.set(true) }
                shown.storage.removeItems([6, 7])
                try shown.storage.insertItem(101, to: IndexPath(item: 0, section: 0))
                shown.layOutNow()
                XCTAssertEqual(shown.opacity(of: 101), 1, "\(shown)")
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "\(shown): gtk-enable-animations off")
            }
        }
    }

    func testRandomChangesDuringAnimationsEndWithEveryRowInItsPlace() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(8) {
                var random = SplitMix64(seed: seed)
                let grid = seed % 2 == 1
                let shown = AnimatedList(grid: grid, models: Array(0..<300), milliseconds: 120)
                defer { shown.close() }
                var next = 1000
                for _ in 0..<16 {
                    let models = (shown.storage.items(inSection: 0) ?? []).compactMap { $0 as? Int }
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0:
                        let count = 1 + Int.random(in: 0..<3, using: &random)
                        let at = shown.boundPositions().first! + Int.random(in: 0..<12, using: &random)
                        try shown.storage.insertItems(Array(next..<next + count), at: IndexPath(item: at, section: 0))
                        next += count
                    case 1:
                        let shownPositions = shown.boundPositions()
                        let gone = (0..<1 + Int.random(in: 0..<4, using: &random)).map { _ in
                            models[shownPositions.randomElement(using: &random)!]
                        }
                        shown.storage.removeItems(Array(Set(gone)))
                    case 2:
                        let shownPositions = shown.boundPositions()
                        shown.storage.moveItem(
                            at: IndexPath(item: shownPositions.randomElement(using: &random)!, section: 0),
                            to: IndexPath(item: shownPositions.randomElement(using: &random)!, section: 0))
                    case 3:
                        shown.storage.setItems(models.shuffled(using: &random), diffing: true)
                    default:
                        shown.scroll(toFraction: Double(Int.random(in: 0...10, using: &random)) / 10)
                    }
                    _ = shown.frames(for: .milliseconds(Int.random(in: 0..<90, using: &random)), following: [])
                }
                _ = shown.framesUntilStill(following: (shown.storage.items(inSection: 0) ?? []).prefix(12).compactMap { $0 as? Int })
                assertSamePixels(shown.pixels(), shown.unanimatedPixels(), "seed \(seed), \(shown)")
                XCTAssertEqual(shown.boundModels(), shown.storageModels(at: shown.boundPositions()), "seed \(seed), \(shown)")
            }
        }
    }
}

/// Fails when the two pictures differ, saying how many pixels do and where the first is.
private func assertSamePixels(_ shown: [UInt32], _ expected: [UInt32], _ message: String, line: UInt = #line) {
    let differing = zip(shown, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    XCTAssertTrue(
        shown.count == expected.count && differing.isEmpty,
        "\(message): \(differing.count) of \(shown.count) pixels differ, the first at \(differing.first.map(String.init) ?? "-")",
        line: line)
}

private func isMonotonic<Value: Comparable>(_ values: [Value]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } || zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }
}
