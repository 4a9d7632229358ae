import CGtk
import GtkListManager
import ModelStorage
import XCTest

/// Prefetching (`prefetch`, `cancelPrefetching`) and the reuse hook (`ReusableRow`) on every
/// host, scrolled by the wheel through the X server: items are told before they come on screen,
/// a viewport ahead of the scroll, once; what will not come on screen after all is cancelled.
final class PrefetchTests: XCTestCase {
    func testWheelScrollingTellsEachItemOnceBeforeItComesOnScreenAViewportAhead() throws {
        try MainActor.assumeIsolated {
            try Self.onEveryHost { shown, kind in
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                let firstScreen = shown.visible

                shown.wheel(button: 5, clicks: 14)
                let visible = shown.visible
                XCTAssertGreaterThan(visible.lowerBound, firstScreen.upperBound, "\(kind): the wheel scrolled past the first screen")
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                let cameOnScreen = Set(firstScreen.upperBound..<visible.upperBound)
                XCTAssertEqual(shown.log.cameOnScreenUntold.intersection(cameOnScreen).sorted().prefix(8), [], "\(kind): shown before told")
                XCTAssertEqual(
                    cameOnScreen.subtracting(shown.log.everTold).sorted().prefix(8), [], "\(kind): every item that came on screen was told")
                XCTAssertEqual(shown.log.toldTwice, [], "\(kind): told again while still ahead")
                XCTAssertEqual(shown.log.cancelled.prefix(8), [], "\(kind): scrolling on in one direction cancels nothing")
                XCTAssertEqual(shown.log.wrongModels, 0, "\(kind)")
            }
        }
    }

    func testTurningBackOrJumpingCancelsWhatWillNotComeOnScreen() throws {
        try MainActor.assumeIsolated {
            try Self.onEveryHost { shown, kind in
                shown.wheel(button: 5, clicks: 14)
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                let below = shown.log.pending

                shown.wheel(button: 4, clicks: 2)
                XCTAssertTrue(shown.waitForWindow(below: false), "\(kind): \(shown.log.summary(shown))")
                let stillBelow = below.subtracting(shown.visible)
                XCTAssertFalse(stillBelow.isEmpty, "\(kind)")
                let wrong = Set(shown.log.cancelled).symmetricDifference(stillBelow)
                XCTAssertEqual(wrong.sorted().prefix(8), [], "\(kind): what was ahead below is cancelled, nothing else")

                let before = shown.log.pending
                XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: shown.count - 40, section: 0), alignment: .top), "\(kind)")
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                XCTAssertEqual(before.subtracting(shown.log.cancelled).sorted().prefix(8), [], "\(kind): a jump cancels what was ahead")
                XCTAssertEqual(shown.log.toldTwice, [], "\(kind)")
                XCTAssertEqual(shown.log.wrongModels, 0, "\(kind)")
            }
        }
    }

    func testADeletedOrReplacedItemAheadIsCancelledAndItsNewModelTold() throws {
        try MainActor.assumeIsolated {
            try Self.onEveryHost { shown, kind in
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                let ahead = shown.visible.upperBound + 2

                shown.storage.removeItems([ahead])
                shown.list.settleFrame()
                XCTAssertEqual(shown.log.cancellations.last?.model, ahead, "\(kind): the deleted item is cancelled")
                XCTAssertEqual(shown.log.cancellations.last?.indexPath, IndexPath(item: ahead, section: 0), "\(kind): where it was")
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): the window is whole again: \(shown.log.summary(shown))")

                let replaced = shown.visible.upperBound + 3
                let model = try XCTUnwrap(shown.storage.item(at: IndexPath(item: replaced, section: 0)) as? Int)
                try shown.storage.replaceItem(at: IndexPath(item: replaced, section: 0), with: 10_000 + model)
                shown.list.settleFrame()
                XCTAssertEqual(shown.log.cancellations.last?.model, model, "\(kind): the old model is cancelled")
                XCTAssertTrue(shown.waitForWindow(below: true), "\(kind): \(shown.log.summary(shown))")
                XCTAssertEqual(shown.log.tellings.last?.model, 10_000 + model, "\(kind): the new one told")
                XCTAssertEqual(shown.log.toldTwice, [], "\(kind)")
                XCTAssertEqual(shown.log.wrongModels, 0, "\(kind)")
            }
        }
    }

    func testTheDistanceIsCountedInViewportsAndZeroTellsNothing() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for kind in [HostKind.virtualizedList, .flowBoxGrid] {
                let two = PrefetchedList(kind, distance: 2)
                XCTAssertTrue(two.waitForWindow(below: true, viewports: 2), "\(kind): \(two.log.summary(two))")
                two.list.close()

                let none = PrefetchedList(kind, distance: 0)
                defer { none.list.close() }
                none.wheel(button: 5, clicks: 4)
                XCTAssertEqual(none.log.tellings.count, 0, "\(kind)")
            }
        }
    }

    func testARowGoingToThePoolIsPreparedForReuseBeforeItShowsAnotherModel() throws {
        try MainActor.assumeIsolated {
            try Self.onEveryHost { shown, kind in
                shown.wheel(button: 5, clicks: 10)
                for item in [300, 20, 150] {
                    XCTAssertTrue(shown.manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top))
                    shown.list.settleFrame()
                }
                // Rows leave every host when their items are deleted, and come back for new ones.
                shown.storage.removeItems(Array(150..<170))
                shown.storage.addItems(Array(5_000..<5_020), toSection: 0)
                shown.list.settleFrame()
                XCTAssertGreaterThan(PrefetchedRow.preparedForReuse, 0, "\(kind): rows went to the pool")
                XCTAssertEqual(PrefetchedRow.refilledUnprepared, 0, "\(kind): a row showed another model without being prepared")
                PrefetchedRow.resetCounts()
            }
        }
    }

    func testATablesCellsArePreparedForReuseWithTheirRow() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let (manager, _, list) = TableFixture.show(
                rows: 2_000, columns: TableFixture.columns(2), on: VirtualListHost(), cellsFor: ["c1"]
            ) { manager, _ in manager.register(PrefetchedRow.self, column: "c0") }
            defer {
                list.close()
                PrefetchedRow.resetCounts()
            }
            for item in [900, 40, 1_500, 300] {
                XCTAssertTrue(manager.scrollTo(IndexPath(item: item, section: 0), alignment: .top))
                list.settleFrame()
            }
            XCTAssertGreaterThan(PrefetchedRow.preparedForReuse, 0, "cells went to the pool with their rows")
            XCTAssertEqual(PrefetchedRow.refilledUnprepared, 0, "a cell showed another model without being prepared")
        }
    }

    /// Runs `body` on a new prefetching list on each host, closed after it.
    @MainActor private static func onEveryHost(_ body: (PrefetchedList, HostKind) throws -> Void) throws {
        try requireGtk()
        for kind in HostKind.allCases {
            let shown = PrefetchedList(kind)
            defer { shown.list.close() }
            try body(shown, kind)
        }
    }
}

/// A manager over `kind` showing the numbers `0..<count` in a 600-pixel-high window, with
/// prefetching recorded.
@MainActor
private final class PrefetchedList {
    let manager: ListManager
    let host: any ListHost
    let list: ShownList
    let log = PrefetchLog()
    let count = 400
    let distance: Double
    var storage: MemoryStorage { manager.memoryStorage! }

    init(_ kind: HostKind, distance: Double = 1) {
        self.distance = distance
        host = kind.makeHost()
        var configuration = ListConfiguration()
        configuration.prefetchDistance = distance
        manager = ListManager(host: host, configuration: configuration)
        manager.register(PrefetchedRow.self)
        let log = log, storage = manager.memoryStorage!, host = host
        manager.prefetch(Int.self) { model, indexPath in log.told(model, at: indexPath, in: storage) }
        manager.cancelPrefetching(Int.self) { model, indexPath in
            log.cancelled(model, at: indexPath, visible: host.positionsOnScreen ?? 0..<0)
        }
        storage.setItems(Array(0..<count))
        list = ShownList(manager, width: 440, height: 600)
        log.sawFirstScreen(visible)
        manager.didScroll { [unowned self] _ in log.sawOnScreen(visible) }
    }

    /// The items on screen (positions are items: one section, no headers).
    var visible: Range<Int> { host.positionsOnScreen ?? 0..<0 }

    /// Turns the wheel over the list (5 down, 4 up) while GTK runs, as a user does.
    func wheel(button: Int, clicks: Int) {
        list.moveMouse(to: list.scrolledWindow)
        list.xdotoolWhileRunning(["click", "--repeat", String(clicks), "--delay", "40", String(button)])
        list.settleFrame()
    }

    /// Waits until the items told and not cancelled since are the window of `viewports`
    /// viewports below (or above) the visible items.
    func waitForWindow(below: Bool, viewports: Double? = nil) -> Bool {
        GtkRuntime.iterate(
            until: { [self] in log.pending == expectedWindow(below: below, viewports: viewports ?? distance) }, timeout: .seconds(2))
    }

    func expectedWindow(below: Bool, viewports: Double) -> Set<Int> {
        let visible = visible, length = Int((Double(visible.count) * viewports).rounded(.up))
        let positions =
            below
            ? visible.upperBound..<min(visible.upperBound + length, storage.numberOfItems(inSection: 0))
            : max(0, visible.lowerBound - length)..<visible.lowerBound
        return Set(positions.compactMap { storage.item(at: IndexPath(item: $0, section: 0)) as? Int })
    }
}

/// What the list told: each item told and cancelled, checked against what the list shows.
@MainActor
private final class PrefetchLog {
    private(set) var tellings: [(model: Int, indexPath: IndexPath)] = []
    private(set) var cancellations: [(model: Int, indexPath: IndexPath)] = []
    /// Items told, neither cancelled nor seen on screen since.
    private(set) var pending: Set<Int> = []
    private(set) var everTold: Set<Int> = []
    private(set) var toldTwice: [Int] = []
    /// Items that came on screen while never told (the first screen aside).
    private(set) var cameOnScreenUntold: Set<Int> = []
    /// Events whose model is not the one at their index path.
    private(set) var wrongModels = 0
    private var seenOnScreen: Set<Int> = []

    var cancelled: [Int] { cancellations.map(\.model) }

    func told(_ model: Int, at indexPath: IndexPath, in storage: MemoryStorage) {
        if storage.item(at: indexPath) as? Int != model { wrongModels += 1 }
        if pending.contains(model) { toldTwice.append(model) }
        tellings.append((model, indexPath))
        pending.insert(model)
        everTold.insert(model)
    }

    func cancelled(_ model: Int, at indexPath: IndexPath, visible: Range<Int>) {
        if !pending.contains(model) || visible.contains(indexPath.item) { wrongModels += 1 }
        cancellations.append((model, indexPath))
        pending.remove(model)
    }

    /// The items on screen when the list opened, told of or not.
    func sawFirstScreen(_ visible: Range<Int>) {
        seenOnScreen.formUnion(visible)
        pending.subtract(visible)
    }

    /// The list scrolled: what is on screen now is no longer pending.
    func sawOnScreen(_ visible: Range<Int>) {
        for item in visible where !seenOnScreen.contains(item) {
            seenOnScreen.insert(item)
            if !everTold.contains(item), !tellings.isEmpty { cameOnScreenUntold.insert(item) }
        }
        pending.subtract(visible)
    }

    func summary(_ shown: PrefetchedList) -> String {
        let pending = pending.sorted()
        return "visible \(shown.visible), \(pending.count) pending from \(pending.first ?? -1) to \(pending.last ?? -1), "
            + "\(cancellations.count) cancelled, the last ones \(cancelled.suffix(8))"
    }
}

/// A label that counts how it is recycled.
private final class PrefetchedRow: RowView, ModelTransfer, ReusableRow {
    static var preparedForReuse = 0
    static var refilledUnprepared = 0
    let widget = gtk_label_new(nil)!
    private var shows: Int?
    private var prepared = false
    init() {}

    static func resetCounts() {
        preparedForReuse = 0
        refilledUnprepared = 0
    }

    func update(with number: Int) {
        // A refresh in place shows the same item's new model: only a pooled row must be prepared.
        if let shows, shows % 10_000 != number % 10_000, !prepared { Self.refilledUnprepared += 1 }
        shows = number
        prepared = false
        gtk_label_set_text(gcast(widget), String(number))
    }

    func prepareForReuse() {
        Self.preparedForReuse += 1
        prepared = true
    }
}
