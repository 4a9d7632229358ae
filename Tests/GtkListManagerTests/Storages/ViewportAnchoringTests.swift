import CGtk
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// A viewport that stays put: after a re-sort or a filter change, the focused row keeps its pixel
/// if it showed and still does; else the row at the top keeps its pixel if it still shows, else
/// its nearest surviving neighbour takes its place (the first row after it that survives, else
/// the last before it); never a jump to the top. Randomized trials of sorts and filters
/// interleaved with scrolling (and focusing), read from GTK on each host; in a grid the row is
/// a cell, and its line keeps its pixel.
final class ViewportAnchoringTests: XCTestCase {
    /// A row of 24 px showing its number.
    final class NumberLabel: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_widget_set_size_request(widget, -1, 24) }
        func update(with number: Number) { gtk_label_set_text(gcast(widget), "\(number.value)") }
    }

    struct Number: Diffable, Hashable, Sendable {
        let value: Int
        var diffIdentifier: Int { value }
    }

    static let count = 300
    /// Trials per host and test: each host gets 200, half without focus, half with a focused row.
    static let trialCount = 100

    func testTheTopRowKeepsItsPixelThroughSortsAndFiltersOnTheListHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .listBox] { try Self.trials(kind, focusing: false) }
        }
    }

    func testTheFocusedRowKeepsItsPixelThroughSortsAndFiltersOnTheListHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .listBox] { try Self.trials(kind, focusing: true) }
        }
    }

    func testTheTopCellKeepsItsLineThroughSortsAndFiltersOnTheGridHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedGrid, .flowBoxGrid] { try Self.trials(kind, focusing: false) }
        }
    }

    func testTheFocusedCellKeepsItsLineThroughSortsAndFiltersOnTheGridHosts() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedGrid, .flowBoxGrid] { try Self.trials(kind, focusing: true) }
        }
    }

    @MainActor private static func trials(_ kind: HostKind, focusing: Bool) throws {
        let sorted = SortedStorage<Number, Unsectioned>(sortedBy: { $0.value < $1.value }, handOff: GLibMainActorHandOff())
        sorted.reset((0..<count).map(Number.init), execution: .immediate)
        let filtered = FilteredStorage<Number>(sorted, handOff: GLibMainActorHandOff())
        let host = kind.makeHost()
        let manager = ListManager(host: host, storage: filtered)
        manager.register(NumberLabel.self)
        // Five cells a line in the window's width, each as tall as a list's row.
        manager.sizeForCell(Number.self) { _, _ in GridSize(width: 70, height: 24) }
        let list = ShownList(manager)
        defer { list.close() }
        var random = SplitMix64(seed: 7)
        var applied = 0, focusedChecks = 0
        defer {
            if focusing { XCTAssertGreaterThan(focusedChecks, SeedCount.of(trialCount) / 4, "\(kind): trials whose focused row stayed") }
        }

        for trial in 0..<SeedCount.of(trialCount) {
            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, (Double.random(in: 0...1, using: &random) * max(range, 0)).rounded())
            list.settleFrame()
            guard let (top, topY) = topRow(of: host, in: list), range > 0 else { continue }
            var focused: (number: Int, y: Int32)?
            // Without focus: a focused row the last change handed the focus on to keeps its place first.
            if !focusing { gtk_window_set_focus(gcast(list.window), nil) }
            if focusing, let shown = host.positionsOnScreen {
                gtk_widget_grab_focus(manager.widget)
                _ = host.focusRow(at: Int.random(in: shown, using: &random))
                list.settleFrame()
                if let position = host.focusedPosition, let number = (host.boundRow(at: position)?.model as? Number)?.value,
                    let y = rowY(of: number, in: host, list)
                {
                    focused = (number, y)
                }
            }
            let before = (0..<filtered.numberOfItems(inSection: 0)).map {
                (filtered.item(at: IndexPath(item: $0, section: 0)) as! Number).value
            }

            let done = applied
            let change: String
            if random.chance(0.5) {
                let modulus = Int.random(in: 1...3, using: &random), residue = Int.random(in: 0..<modulus, using: &random)
                change = "filter n % \(modulus) == \(residue)"
                filtered.setFilter({ $0.value % modulus == residue }) { applied += 1 }
            } else {
                let step = [1, -1, 7919].randomElement(using: &random)!
                change = "sort by n × \(step) mod \(count)"
                sorted.setComparator({ (($0.value * step) % count + count) % count < (($1.value * step) % count + count) % count }) {
                    applied += 1
                }
            }
            XCTAssertTrue(GtkRuntime.iterate(until: { applied > done }), "\(kind) trial \(trial): \(change) applied")
            list.settleFrame()

            let after = Set(
                (0..<filtered.numberOfItems(inSection: 0)).map { (filtered.item(at: IndexPath(item: $0, section: 0)) as! Number).value })
            let value = gtk_adjustment_get_value(adjustment)
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if let focused {
                // A focused row that leaves hands the focus on, and GTK scrolls the row that takes
                // it into view: the top row's rule is checked without focus (the other test).
                guard after.contains(focused.number) else { continue }
                let y = rowY(of: focused.number, in: host, list)
                focusedChecks += 1
                // Near the list's start or end the viewport cannot go far enough: it shows that end.
                if value <= 0.5 || value >= end - 0.5, y != nil { continue }
                XCTAssertEqual(y, focused.y, "\(kind) trial \(trial): \(change): focused row \(focused.number)")
                if y != focused.y { return }
                continue
            }
            let place = before.firstIndex(of: top)!
            guard let anchored = ([top] + before[(place + 1)...] + before[..<place].reversed()).first(where: after.contains) else {
                continue
            }
            let y = rowY(of: anchored, in: host, list)
            // A row that lands on the last page cannot rise to the top: the list shows its end.
            if value >= end - 0.5, let y, y >= topY { continue }
            XCTAssertEqual(y, topY, "\(kind) trial \(trial): \(change): row \(anchored) (top was \(top) at \(topY))")
            if y != topY { return }
        }
    }

    /// The number of the row at the viewport's top and its y in the scrolled window.
    @MainActor private static func topRow(of host: any ListHost, in list: ShownList) -> (Int, Int32)? {
        var listX: Int32 = 0, listY: Int32 = 0
        guard gtk_widget_translate_coordinates(list.scrolledWindow, host.widget, 10, 0, &listX, &listY) != 0,
            let position = host.position(atY: Double(listY)), let number = (host.boundRow(at: position)?.model as? Number)?.value,
            let y = rowY(of: number, in: host, list)
        else { return nil }
        return (number, y)
    }

    /// The y in the scrolled window of the bound row showing `number`, read from GTK.
    @MainActor private static func rowY(of number: Int, in host: any ListHost, _ list: ShownList) -> Int32? {
        var found: Int32?
        host.forEachBoundRow { _, row in
            guard found == nil, (row.model as? Number)?.value == number, let widget = row.hostWidget,
                gtk_widget_get_mapped(widget) != 0
            else { return }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(widget, list.scrolledWindow, 0, 0, &x, &y)
            found = y
        }
        return found
    }
}
