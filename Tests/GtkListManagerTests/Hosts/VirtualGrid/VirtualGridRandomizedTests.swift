import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// The randomized storage sequences of the list tests on the virtualized grid, with models of
/// two more supplementary kinds (a banner before the cells, a summary after them), random
/// scrolls and window widths: after every step, each bound cell and supplementary view shows
/// the storage's model at its position and is allocated the rectangle the grid's geometry gives
/// it (computed here from the storage alone), every visible position is bound, and widgets
/// exist for the visible lines and their margins only.
final class VirtualGridRandomizedTests: XCTestCase {
    static let sequenceCount = SeedCount.of(20)
    static let sequenceLength = 30
    static let cell = GridSize(width: 90, height: 40)

    func testRandomSequencesScrollsAndWidthsKeepTheBoundCellsEqualToTheStorage() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.randomSequences()
        }
    }

    @MainActor private static func randomSequences() throws {
        let startingRows = NumberRow.liveCount
        var steps = 0
        for seed in 0..<UInt64(sequenceCount) {
            var rng = SplitMix64(seed: seed &+ 0x6_12D)
            let configuration = RandomizedGrid.randomConfiguration(&rng)
            var layout = VirtualGridLayout(cellSize: cell)
            layout.lineSpacing = Int(rng.next() % 3) * 4
            layout.headerHeight = 30
            layout.footerHeight = 20
            layout.supplementaryHeights = ["banner": 18, "summary": 22]
            let host = VirtualListHost(gridLayout: layout)
            let (manager, storage) = RandomizedGrid.manager(on: host, configuration)
            storage.setItemsForAllSections([Array(0..<150), Array(150..<190)])
            storage.setSectionHeaderModels(["first", "second"])
            let list = ShownList(manager, width: 400, height: 300)
            defer { list.close() }
            var history: [String] = []
            for _ in 0..<sequenceLength {
                let step = RandomizedListTests.randomStep(storage, &rng, otherKinds: RandomizedGrid.otherKinds)
                history.append(step.name)
                step.run()
                steps += 1
                switch rng.next() % 4 {
                case 0:
                    // A resize to the size the window has waits for a configure event that an X
                    // server without a window manager never sends: GTK would stop laying out.
                    var width: Int32 = 0, height: Int32 = 0
                    gtk_window_get_size(gcast(list.window), &width, &height)
                    let newWidth = Int32(200 + rng.next() % 500)
                    guard newWidth != width else { break }
                    history.append("width \(newWidth)")
                    gtk_window_resize(gcast(list.window), newWidth, height)
                    // Until GTK lays the window out at its new width: a loaded machine delivers
                    // the X server's configure event late.
                    list.wait { gtk_widget_get_allocated_width(gcast(list.window)) == newWidth }
                case 1:
                    if let adjustment = host.verticalAdjustment {
                        let value = Double(rng.next() % UInt64(max(gtk_adjustment_get_upper(adjustment), 1)))
                        history.append("scroll \(value)")
                        gtk_adjustment_set_value(adjustment, value)
                    }
                default:
                    break
                }
                list.settleFrame()
                let failure = mismatch(host, storage, configuration, lineSpacing: layout.lineSpacing)
                guard failure == nil else {
                    XCTFail(
                        """
                        seed \(seed), configuration \(configuration), after:
                        \(history.suffix(8).map { "  \($0)" }.joined(separator: "\n"))
                        \(failure!)
                        """)
                    return
                }
            }
        }
        XCTAssertEqual(NumberRow.liveCount, startingRows, "every row view is released with its manager")
        print("Randomized virtualized grid: \(sequenceCount) sequences, \(steps) steps checked against GTK")
    }

    /// What differs between the grid GTK shows and the storage, or nil.
    @MainActor private static func mismatch(
        _ host: VirtualListHost, _ storage: MemoryStorage, _ configuration: ListConfiguration, lineSpacing: Int
    ) -> String? {
        let sections = RandomizedGrid.expectedSections(of: storage, configuration)
        let rows = Array(sections.joined())
        guard host.rowCount == rows.count else { return "the grid has \(host.rowCount) positions, the storage \(rows.count)" }
        let width = VirtualGridLayoutTests.viewportWidth(host)
        var geometry = ExpectedGridGeometry(
            width: width, cell: cell, headerHeight: 30, footerHeight: 20, supplementaryHeights: ["banner": 18, "summary": 22])
        geometry.lineSpacing = lineSpacing
        let frames = geometry.frames(of: sections)
        let visible = host.positionsOnScreen ?? 0..<0
        let bound = inspectBoundCells(of: host)
        for (position, row, rect) in bound {
            guard position < rows.count, row == rows[position] else {
                return "position \(position) shows \(row), the storage has \(position < rows.count ? "\(rows[position])" : "nothing")"
            }
            if visible.contains(position), rect != frames[position] {
                return "position \(position) (\(row)) is allocated \(rect), the grid puts it at \(frames[position]) (width \(width))"
            }
        }
        if let unbound = visible.first(where: { host.boundRow(at: $0) == nil }) { return "visible position \(unbound) has no widget" }
        if let adjustment = host.verticalAdjustment, let last = frames.last,
            Int(gtk_adjustment_get_upper(adjustment)) != last.y + last.height
        {
            return "the scrollbar spans \(gtk_adjustment_get_upper(adjustment)), the grid \(last.y + last.height)"
        }
        // The visible lines, and as many lines again as the overscan on each side.
        let margin = host.overscan * geometry.columns + 2
        let allowed = visible.lowerBound - margin..<visible.upperBound + margin
        if let stray = bound.first(where: { !allowed.contains($0.position) && $0.position != host.focusedPosition }) {
            return "position \(stray.position) is bound outside the viewport's lines and margins \(allowed)"
        }
        return nil
    }
}
