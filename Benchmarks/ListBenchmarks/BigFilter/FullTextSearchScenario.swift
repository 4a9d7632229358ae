import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage

/// The big-filter benchmark's full-text part (issue 35's FTS5 goal), ours alone (GTK has no
/// database list to compare): N books `Book <n>` on ten shelves in a SQLite file, an FTS5 index
/// of their titles (with prefix indexes for one and two characters), a `LazyDatabaseStorage`
/// filtered by id on the virtualized host. The query is typed and erased a digit at a time, as
/// in the filter part; each keystroke sets the text of a `FullTextFilter` (every word as a
/// prefix: "12" finds the books whose number starts with 12) and is timed to the frame that
/// shows its result.
@MainActor
final class FullTextSearchScenario {
    let count: Int
    private let file: BenchmarkBookFile
    private let host = VirtualListHost.virtualized
    private let manager: ListManager
    private let storage: LazyDatabaseStorage<BenchmarkBook, String>
    private let filtered: FilteredStorage<Int64>
    private let search: FullTextFilter<Int64>
    private let shown: BenchmarkWindow

    init(count: Int) throws {
        self.count = count
        file = try BenchmarkBookFile(count: count)
        try file.pool.write { db in
            try db.create(virtualTable: "book_ft", using: FTS5()) { table in
                table.synchronize(withTable: "book")
                table.prefixes = [1, 2]
                table.column("title")
            }
        }
        storage = try LazyDatabaseStorage<BenchmarkBook, String>(
            file.pool, request: BenchmarkBook.shown, sectionedBy: Column("shelf"), changeMarker: Column("revision"),
            externalChangeInterval: nil, handOff: GLibMainActorHandOff())
        storage.sectionHeader = { $0 }
        filtered = FilteredStorage(keysOf: storage, handOff: GLibMainActorHandOff())
        search = FullTextFilter(FullTextSearch(index: "book_ft"), filtering: filtered, in: file.pool, handOff: GLibMainActorHandOff())
        manager = ListManager(host: host, storage: filtered)
        manager.register(BookTitleRow.self)
        manager.registerHeader(ShelfTitleRow.self)
        shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
    }

    func run() -> BigFilterResult {
        var frame: [Double] = [], cpu: [Double] = [], block: [Double] = [], wrong = 0
        for query in FilterQuery.keystrokes {
            let watch = MainLoopStallWatch()
            var shownQuery = false
            var failed = false
            search.anomalyHandler.action = { _ in failed = true }
            let mainCPU = ProcessProbes.threadCPUMilliseconds(), start = ProcessProbes.wallMilliseconds()
            watch.start()
            search.setText(query) { shownQuery = true }
            while !shownQuery { g_main_context_iteration(nil, 1) }
            shown.frames.waitForNextFrame(limit: 500)
            frame.append(ProcessProbes.wallMilliseconds() - start)
            block.append(watch.stop())
            cpu.append(ProcessProbes.threadCPUMilliseconds() - mainCPU)
            if failed || !viewportShowsMatches(of: query) { wrong += 1 }
        }
        let values: [String: Double] = [
            "keystroke_frame_p50_ms": percentile(frame, 50), "keystroke_frame_max_ms": frame.max() ?? .nan,
            "keystroke_main_cpu_p50_ms": percentile(cpu, 50), "keystroke_main_cpu_max_ms": cpu.max() ?? .nan,
            "keystroke_block_max_ms": block.max() ?? .nan, "wrong_rows": Double(wrong),
        ]
        return BigFilterResult(side: BigFilterScenario.side, part: .fullTextSearch, count: count, values: values)
    }

    /// Whether every book row the viewport shows has a number starting with `query`, read from
    /// the labels GTK maps, and at least one shows while any book matches.
    private func viewportShowsMatches(of query: String) -> Bool {
        let page = gtk_adjustment_get_page_size(shown.adjustment)
        var books = 0
        var y = 1.0
        while y < page {
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, 20, Int32(y), &listX, &listY) != 0,
                let position = host.position(atY: Double(listY)), let row = host.boundRow(at: position),
                let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0
            else { break }
            y += Double(max(gtk_widget_get_allocated_height(rowWidget), 1))
            guard let book = row.view as? BookTitleRow else { continue }  // a shelf's header
            let text = String(cString: gtk_label_get_text(gcast(book.widget)))
            guard text.hasPrefix("Book "), text.dropFirst(5).hasPrefix(query) else { return false }
            books += 1
        }
        return books > 0 || !anyBookMatches(query)
    }

    /// Whether any of the books 1…count has a number starting with `query`: the smallest such
    /// number is the query's own.
    private func anyBookMatches(_ query: String) -> Bool {
        Int(query).map { $0 >= 1 && $0 <= count } ?? true
    }
}
