import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Re-sorts of a sorted storage on the real virtualized list and grid, which take each
/// re-sorted section as one reordering: afterwards every bound row shows the storage's item at
/// its position, the row at the top of the viewport is still there (in the list, at the same
/// pixel, each row on screen allocated where its measured height puts it: some rows are two
/// lines tall), and the selected items are still selected, on the widgets GTK draws too.
final class VirtualListReorderingTests: XCTestCase {
    func testReSortsKeepTheTopRowAndTheSelectionAndShowTheNewOrder() throws {
        try MainActor.assumeIsolated {
            try requireGtk(); try Self.reSorts(on: VirtualListHost())
        }
    }

    func testReSortsOnAGridKeepTheTopCellInViewAndTheSelection() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try Self.reSorts(on: VirtualListHost(gridLayout: VirtualGridLayout(cellSize: GridSize(width: 90, height: 40))))
        }
    }

    /// A re-sort's rows are bound in a turn of the main loop of their own, before the frame that
    /// draws them (CONTRIBUTING, Hot paths: 22): that frame only draws.
    func testAReSortBindsItsRowsBeforeTheFrameThatDrawsThem() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let storage = SortedStorage<Crate, Unsectioned>(sortedBy: { $0.id < $1.id }, handOff: GLibMainActorHandOff())
            let manager = ListManager(host: host, storage: storage)
            manager.register(CrateRow.self)
            let list = ShownList(manager, width: 300, height: 200)
            defer { list.close() }
            storage.reset((0..<500).map { Crate(id: String(format: "c%03d", $0), size: $0, section: "") }, execution: .immediate)
            list.settleFrame()
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(list.window))
            // The top row stays at the top, where the re-sort takes it: every row around it is new.
            @MainActor func rowsOnScreenShowTheStorage() -> Bool {
                guard let shown = host.positionsOnScreen, shown.count > 5 else { return false }
                return shown.allSatisfy { position in
                    let expected = (storage.item(at: IndexPath(item: position, section: 0)) as? Crate)?.description
                    return expected != nil && (host.boundRow(at: position)?.view as? CrateRow)?.text == expected
                }
            }
            XCTAssertTrue(rowsOnScreenShowTheStorage())

            let frame = gdk_frame_clock_get_frame_counter(clock)
            storage.setComparator({ $0.id > $1.id }, execution: .immediate)
            var turns = 0
            while !rowsOnScreenShowTheStorage(), turns < 1_000 {
                g_main_context_iteration(nil, 0)
                turns += 1
            }
            XCTAssertTrue(rowsOnScreenShowTheStorage(), "the rows in view show the new order")
            XCTAssertEqual(gdk_frame_clock_get_frame_counter(clock), frame, "bound before a frame began")
            XCTAssertEqual(host.positionsOnScreen?.upperBound, 500, "the top row went to the end, the list with it")
            list.settleFrame()
            XCTAssertTrue(rowsOnScreenShowTheStorage())
        }
    }

    @MainActor private static func reSorts(on host: VirtualListHost) throws {
        let isGrid = host.laysOutGrid
        let storage = SortedStorage<Crate, String>(
            sortedBy: { $0.id < $1.id }, sectionedBy: { $0.section }, sectionHeader: { "§ \($0)" },
            handOff: GLibMainActorHandOff())
        let manager = ListManager(host: host, storage: storage)
        manager.register(CrateRow.self)
        manager.selectionMode = .multiple
        let list = ShownList(manager, width: 300, height: 200)
        defer { list.close() }
        var reorderings = 0
        manager.didUpdateContent = { update in
            if case let .changes(changes) = update { reorderings += changes.segments.filter(\.isReordering).count }
        }
        // Every fourth crate has a two-line note: rows of two heights.
        let crates = (0..<3_000).map {
            Crate(id: String(format: "c%05d", $0), size: ($0 * 7_919) % 1_000, section: "s\($0 % 3)", note: $0 % 4 == 0 ? "two\nlines" : "")
        }
        try perform { storage.reset(crates, completion: $0) }
        list.settleFrame()
        let comparators: [@Sendable (Crate, Crate) -> Bool] = [
            { $0.size > $1.size }, { $0.id > $1.id }, { ($0.size, $0.id) < ($1.size, $1.id) }, { $0.id < $1.id },
        ]
        for seed in SeedCount.seeds(4) {
            var random = SplitMix64(seed: seed)
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            gtk_adjustment_set_value(adjustment, Double(random.next() % UInt64(max(gtk_adjustment_get_upper(adjustment), 1))))
            list.settleFrame()
            let top = try XCTUnwrap(host.positionsOnScreen?.lowerBound)
            let topModel = String(describing: host.boundRow(at: top)?.model)
            let topY = host.rowFrame(at: top)?.y
            // One more selected item on screen, and one far away.
            let itemsOnScreen = try XCTUnwrap(host.positionsOnScreen).compactMap { manager.location(ofPosition: $0) }
                .filter { $0.role == .item }
            for location in [itemsOnScreen.randomElement(using: &random), .item(IndexPath(item: 5, section: 1))].compactMap({ $0 }) {
                _ = manager.selectItem(at: location.indexPath)
            }
            let selected = Set(manager.selectedIndexPaths.compactMap { storage.item(at: $0) as? Crate }.map(\.id))
            let before = reorderings

            try perform { storage.setComparator(comparators[Int(seed % UInt64(comparators.count))], completion: $0) }
            list.settleFrame()

            let context = "seed \(seed)"
            XCTAssertGreaterThan(reorderings, before, "\(context): the re-sort came as reorderings")
            var wrong: [String] = []
            host.forEachBoundRow { position, row in
                guard row.role == .item, let location = manager.location(ofPosition: position) else { return }
                let expected = storage.item(at: location.indexPath) as? Crate
                if (row.model as? Crate) != expected || (row.view as? CrateRow)?.text != expected?.description {
                    wrong.append("\(position): \(String(describing: row.model))")
                }
            }
            XCTAssertEqual(wrong, [], context)
            let visible = try XCTUnwrap(host.positionsOnScreen)
            if isGrid {
                let shown = visible.prefix(8).map { String(describing: host.boundRow(at: $0)?.model) }
                XCTAssertTrue(shown.contains(topModel), "\(context): \(topModel) near the top: \(shown)")
            } else {
                VirtualListHostTests.assertGeometry(of: host, context)
                XCTAssertEqual(String(describing: host.boundRow(at: visible.lowerBound)?.model), topModel, context)
                XCTAssertEqual(host.rowFrame(at: visible.lowerBound)?.y, topY, "\(context): the top row did not move")
            }
            let stillSelected = Set(manager.selectedIndexPaths.compactMap { storage.item(at: $0) as? Crate }.map(\.id))
            XCTAssertEqual(stillSelected, selected, context)
            host.forEachBoundRow { _, row in
                guard row.role == .item, let model = row.model as? Crate, let widget = row.hostWidget else { return }
                let drawnSelected = gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
                XCTAssertEqual(drawnSelected, selected.contains(model.id), "\(context): \(model.id) drawn selected")
            }
        }
    }

    /// Runs `change` with a completion and iterates the GLib loop until the completion ran.
    @MainActor private static func perform(_ change: (@escaping @MainActor () -> Void) -> Void) throws {
        var completed = false
        change { completed = true }
        XCTAssertTrue(GtkRuntime.iterate(until: { completed }, timeout: .seconds(10)), "the change never completed")
    }
}
