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
                        shown.storage.setItems(models.shuffled(using: &random), animated: true)
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

/// A virtualized list or grid of numbers in a window, its changes animated, read back from GTK.
@MainActor
private final class AnimatedList: CustomStringConvertible {
    struct Place: Hashable {
        let x: Int
        let y: Int
    }

    let storage = MemoryStorage()
    let manager: ListManager
    let host: VirtualListHost
    let window: UnsafeMutablePointer<GtkWidget>
    let grid: Bool
    private let milliseconds: Int

    convenience init(grid: Bool, models: [Int], milliseconds: Int = 300, animated: Bool = true) {
        self.init(grid: grid, sections: [models], milliseconds: milliseconds, animated: animated)
    }

    init(grid: Bool, sections: [[Int]], milliseconds: Int = 300, animated: Bool = true) {
        self.grid = grid
        self.milliseconds = milliseconds
        var configuration = ListConfiguration()
        if animated { configuration.rowAnimation = RowAnimation(.crossfade, milliseconds: milliseconds) }
        host = grid ? .virtualizedGrid(VirtualGridLayout(cellSize: GridSize(width: 90, height: 40))) : .virtualized
        description = grid ? "grid" : "list"
        manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.register(NumberRow.self)
        storage.setItemsForAllSections(sections)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 300, 400)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(gcast(scrolled), manager.widget)
        gtk_container_add(gcast(window), scrolled)
        gtk_widget_show_all(window)
        _ = GtkRuntime.iterate(until: { gtk_widget_get_mapped(manager.widget) != 0 && manager.boundRow(atPosition: 0) != nil })
        _ = frames(for: .milliseconds(50), following: [])
    }

    nonisolated let description: String

    /// How far apart neighbouring rows (cells, in a grid) are, at most.
    var rowStep: Int { grid ? 90 + 40 : 40 }

    func close() { gtk_widget_destroy(window) }

    /// Lays the window out now, as the next frame would, without letting a frame pass.
    func layOutNow() {
        gtk_container_check_resize(gcast(window))
    }

    /// Scrolls the list to `fraction` of the way down.
    func scroll(toFraction fraction: Double) {
        guard let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(manager.widget)) else { return }
        let reach = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, (reach * fraction).rounded())
    }

    func boundPositions() -> [Int] {
        (0..<manager.rowCount).filter { manager.boundRow(atPosition: $0) != nil }
    }

    func boundModels() -> [Int] {
        boundPositions().compactMap { manager.boundRow(atPosition: $0)?.model as? Int }
    }

    func storageModels(at positions: [Int]) -> [Int] {
        let models = (0..<storage.numberOfSections).flatMap { (storage.items(inSection: $0) ?? []).compactMap { $0 as? Int } }
        return positions.map { models[$0] }
    }

    /// The row widget showing `model`: the bound row's widget's parent.
    private func rowWidget(of model: Int) -> UnsafeMutablePointer<GtkWidget>? {
        for position in 0..<manager.rowCount {
            guard let row = manager.boundRow(atPosition: position), row.model as? Int == model else { continue }
            return gtk_widget_get_parent(row.widget)
        }
        return nil
    }

    /// Where GTK allocated the row of `model`.
    func place(of model: Int) -> Place? {
        guard let rowWidget = rowWidget(of: model) else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(rowWidget, &allocation)
        return Place(x: Int(allocation.x), y: Int(allocation.y))
    }

    func opacity(of model: Int) -> Double? {
        rowWidget(of: model).map { gtk_widget_get_opacity($0) }
    }

    /// The places and opacities of `models` now and after each frame that changed them, for
    /// `duration` of the animations' time.
    func frames(for duration: Duration, following models: [Int]) -> [[Int: (place: Place, opacity: Double)]] {
        var frames: [[Int: (place: Place, opacity: Double)]] = []
        let count = Int((duration / .microseconds(SteppedFrameTime.frameInterval)).rounded(.up))
        for step in 0...count {
            if step > 0 { SteppedFrameTime.nextFrame(of: window) }
            var frame: [Int: (place: Place, opacity: Double)] = [:]
            for model in models {
                if let place = place(of: model), let opacity = opacity(of: model) { frame[model] = (place, opacity) }
            }
            if frames.last.map({ !Self.same($0, frame) }) ?? true { frames.append(frame) }
        }
        return frames
    }

    /// Frames until the animation is surely over.
    func framesUntilStill(following models: [Int]) -> [[Int: (place: Place, opacity: Double)]] {
        frames(for: .milliseconds(milliseconds + 250), following: models)
    }

    private static func same(_ a: [Int: (place: Place, opacity: Double)], _ b: [Int: (place: Place, opacity: Double)]) -> Bool {
        a.count == b.count && a.allSatisfy { key, value in b[key].map { $0.place == value.place && $0.opacity == value.opacity } ?? false }
    }

    /// What GTK draws of the list now, in device pixels (at `GDK_SCALE=2`, twice as many each
    /// way, as the screen shows them: a removed row's picture is kept at the window's scale).
    func pixels() -> [UInt32] {
        let widget = manager.widget, scale = gtk_widget_get_scale_factor(widget)
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width * scale, height * scale)!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)!
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        // Copied whole, rows with their stride: a walk pixel by pixel takes longer than an
        // animation in a debug build at scale 2.
        let count = Int(cairo_image_surface_get_stride(surface)) / 4 * Int(height * scale)
        return cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    /// What GTK draws of the same models in a list of the same size, without animation.
    func unanimatedPixels() -> [UInt32] {
        let sections = (0..<storage.numberOfSections).map { (storage.items(inSection: $0) ?? []).compactMap { $0 as? Int } }
        let twin = AnimatedList(grid: grid, sections: sections, animated: false)
        defer { twin.close() }
        // Scrolled as this list is (a move to the top keeps the top row, scrolling the list).
        if let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(manager.widget)),
            let twinAdjustment = gtk_scrollable_get_vadjustment(OpaquePointer(twin.manager.widget))
        {
            gtk_adjustment_set_value(twinAdjustment, gtk_adjustment_get_value(adjustment))
            _ = twin.frames(for: .milliseconds(50), following: [])
        }
        return twin.pixels()
    }
}
