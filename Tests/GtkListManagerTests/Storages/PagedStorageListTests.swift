import CGtk
import GtkListManager
import ModelStorage
import Synchronization
import XCTest

/// A paged storage on the virtualized host, read back from GTK: the list gets its rows as the
/// count arrives, shows a stand-in row until a row is read, and shows the rows read wherever it
/// scrolls or jumps, reading only pages around them.
final class PagedStorageListTests: XCTestCase {
    struct Line: Sendable {
        let number: Int
    }

    /// What a test makes a ``LineSource``'s reads of rows do: wait while paused, fail while
    /// failing (its count too).
    final class ReadControl: Sendable {
        private let state = Mutex((paused: false, failing: false))
        var paused: Bool {
            get { state.withLock { $0.paused } }
            set { state.withLock { $0.paused = newValue } }
        }
        var failing: Bool {
            get { state.withLock { $0.failing } }
            set { state.withLock { $0.failing = newValue } }
        }

        struct Refused: Error, CustomStringConvertible {
            var description: String { "the server refused the read" }
        }

        func check(waiting: Bool) async throws {
            while waiting && paused { try await Task.sleep(for: .milliseconds(5)) }
            if failing { throw Refused() }
        }
    }

    /// The lines 0..<count, in order or the other way round, a page at a time by key (the
    /// line's number), as a server's table answers.
    struct LineSource: PageSource {
        let count: Int
        var descending = false
        var control = ReadControl()

        /// The place of line `number` in the order.
        private func index(of number: Int) -> Int { descending ? count - 1 - number : number }

        func rows(beyond key: Int?, direction: PageDirection, limit: Int) async throws -> [KeyedRow<Line, Int>] {
            try await control.check(waiting: true)
            let indices: [Int]
            switch direction {
            case .forward:
                let first = key.map { index(of: $0) + 1 } ?? 0
                indices = Array(first..<min(count, first + limit))
            case .backward:
                let end = key.map(index(of:)) ?? count
                indices = Array((max(0, end - limit)..<end).reversed())
            }
            // The number at an index: the index read the other way when descending.
            return indices.map { index(of: $0) }.map { KeyedRow(Line(number: $0), key: $0) }
        }

        func rows(startingAt key: Int, limit: Int) async throws -> [KeyedRow<Line, Int>] {
            let before = index(of: key) - 1
            return try await rows(beyond: before < 0 ? nil : index(of: before), direction: .forward, limit: limit)
        }

        func rowID(of key: Int) -> Int { key }

        func landmarks(count landmarks: Int) async throws -> [Int] {
            try await control.check(waiting: false)
            return stride(from: 0, to: count, by: max(1, count / landmarks)).map(index(of:))
        }

        func estimatedCount() async throws -> Int {
            try await control.check(waiting: false)
            return count
        }

        func exactCount() async throws -> Int {
            try await control.check(waiting: false)
            return count
        }
    }

    final class LineRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() {}
        func update(with line: Line) { gtk_label_set_text(gcast(widget), "line \(line.number)") }
    }

    final class PendingLineRow: RowView, ModelTransfer {
        let widget = gtk_label_new("…")!
        init() {}
        func update(with pending: PendingRow) {}
    }

    /// The labels of the rows bound on screen, by position, read from GTK.
    @MainActor static func shownLabels(of host: VirtualListHost) -> [Int: String] {
        var labels: [Int: String] = [:]
        host.forEachBoundRow { position, row in labels[position] = String(cString: gtk_label_get_text(gcast(row.view.widget))) }
        return labels
    }

    /// The numbers of the lines the rows on screen show, by position; nil while one shows a
    /// stand-in.
    @MainActor static func shownLines(of host: VirtualListHost) -> [Int]? {
        let labels = shownLabels(of: host).sorted { $0.key < $1.key }
        let numbers = labels.compactMap { Int($0.value.dropFirst("line ".count)) }
        guard !labels.isEmpty, numbers.count == labels.count else { return nil }
        return numbers
    }

    func testTheRowsOnScreenAreReadAndShownWhereverTheListScrolls() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let host = VirtualListHost()
            let storage = PagedStorage(source: LineSource(count: 100_000), pageSize: 64, handOff: GLibMainActorHandOff())
            let manager = ListManager(host: host, storage: storage)
            manager.register(LineRow.self)
            manager.register(PendingLineRow.self)
            let list = ShownList(manager)
            defer { list.close() }

            XCTAssertTrue(GtkRuntime.iterate(until: { host.rowCount == 100_000 && Self.shownLines(of: host) != nil }))
            let first = try XCTUnwrap(Self.shownLines(of: host))
            XCTAssertEqual(first, Array(0..<first.count), "the first screen shows the first lines in order")

            let adjustment = try XCTUnwrap(host.verticalAdjustment)
            for fraction in [0.73, 1.0, 0.1, 0.002] {
                let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
                gtk_adjustment_set_value(adjustment, fraction * range)
                list.settleFrame()
                XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownLines(of: host) != nil }), "read at \(fraction)")
                let lines = try XCTUnwrap(Self.shownLines(of: host), "at \(fraction)")
                XCTAssertEqual(lines, Array(lines[0]..<(lines[0] + lines.count)), "consecutive lines at \(fraction)")
                XCTAssertLessThan(abs(Double(lines[0]) / 100_000 - fraction), 0.02, "about \(fraction) of the way in")
                XCTAssertLessThanOrEqual(storage.readPositions.count, storage.capacity)
            }
            // The last screen ends with the last line; the first begins with the first.
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownLines(of: host)?.last == 99_999 }))
            gtk_adjustment_set_value(adjustment, 0)
            XCTAssertTrue(GtkRuntime.iterate(until: { Self.shownLines(of: host)?.first == 0 }))
        }
    }
}
