import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import Synchronization

/// `list-benchmarks database [quick]`: a write to an SQLite file until its rows are updated on
/// screen, through the database storage (full records) and the lazy storage (ids, sections and
/// a change marker), at 10,000 and 100,000 books, on the virtualized host; with the fetches and
/// the diff the storages run, measured apart.
@MainActor
enum DatabaseBenchmark {
    static func run(quick: Bool) {
        guard GtkRuntime.initialize() else { return print("no display: run under xvfb-run") }
        let counts = quick ? [10_000] : [10_000, 100_000]
        let samples = quick ? 8 : 20
        print("# Database storage benchmark (release build, a DatabasePool in WAL mode, \(samples) writes per row)")
        var endToEnd: [[String]] = [], parts: [[String]] = []
        var results: [String: WriteTimes] = [:]
        var serial = WriteSerial()
        for count in counts {
            guard let file = try? BenchmarkBookFile(count: count) else {
                print("could not create a database of \(count) books")
                return
            }
            parts.append(measureParts(of: file, count: count))
            for mode in StorageMode.allCases {
                let times = measureWrites(to: file, mode: mode, samples: samples, serial: &serial)
                results["\(mode)-\(count)"] = times
                endToEnd.append([mode.title, count.formatted()] + times.cells)
            }
        }
        printTable(
            "A write on a background thread until its rows are updated on screen (medians / p90)",
            [
                "storage", "books", "open (first frame)", "write → committed", "write → rows updated", "write → frame painted",
                "main thread per change set (CPU)",
            ],
            endToEnd)
        printTable(
            "What each result costs off the main thread (medians)",
            ["books", "full records (`fetchAll`)", "ids, sections, markers", "diff (`Differ`, sectioned, one record changed)"],
            parts)
        printGoals(results)
    }

    // MARK: - Modes

    enum StorageMode: CaseIterable, CustomStringConvertible {
        case full, lazy

        var title: String { self == .full ? "DatabaseStorage" : "LazyDatabaseStorage" }
        var description: String { self == .full ? "full" : "lazy" }

        /// A storage of this mode over `pool`, as a ListManager sees it.
        @MainActor func makeStorage(_ pool: DatabasePool) throws -> any ObservableStorage {
            switch self {
            case .full:
                let storage = try DatabaseStorage(
                    pool, request: BenchmarkBook.shown, sectionedBy: { $0.shelf }, externalChangeInterval: nil,
                    handOff: GLibMainActorHandOff())
                storage.sectionHeader = { $0 }
                return storage
            case .lazy:
                let storage = try LazyDatabaseStorage<BenchmarkBook, String>(
                    pool, request: BenchmarkBook.shown, sectionedBy: Column("shelf"), changeMarker: Column("revision"),
                    externalChangeInterval: nil, handOff: GLibMainActorHandOff())
                storage.sectionHeader = { $0 }
                return storage
            }
        }
    }

    // MARK: - End to end

    /// Times of one mode: opening, then each write until applied and until painted.
    struct WriteTimes {
        var open = Double.nan
        var committed: [Double] = []
        var applied: [Double] = []
        var painted: [Double] = []
        var mainThread: [Double] = []

        var cells: [String] {
            [ms(open), pair(committed), pair(applied), pair(painted), pair(mainThread)]
        }

        private func pair(_ samples: [Double]) -> String {
            samples.isEmpty ? "–" : "\(ms(percentile(samples, 50))) / \(ms(percentile(samples, 90)))"
        }
    }

    /// Opens a window showing `file` through `mode`'s storage, then writes `samples` times on a
    /// background thread (a new title for a row on screen, a book inserted near the top, the same
    /// book deleted, in turn) and waits for each change set and its frame.
    private static func measureWrites(
        to file: BenchmarkBookFile, mode: StorageMode, samples: Int, serial: inout WriteSerial
    ) -> WriteTimes {
        var times = WriteTimes()
        let openStart = ProcessProbes.wallMilliseconds()
        guard let storage = try? mode.makeStorage(file.pool) else { return times }
        let manager = ListManager(host: .virtualized, storage: storage)
        manager.register(BookTitleRow.self)
        manager.registerHeader(ShelfTitleRow.self)
        let window = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
        defer { gtk_widget_destroy(window.window) }
        times.open = ProcessProbes.wallMilliseconds() - openStart

        var appliedAt: (wall: Double, cpu: Double)?
        manager.didUpdateContent = { _ in appliedAt = (ProcessProbes.wallMilliseconds(), mainThreadCPUMilliseconds()) }
        for sample in -2..<samples {
            let write = writeStatement(serial.next())
            appliedAt = nil
            let committed = CommitTime()
            let start = ProcessProbes.wallMilliseconds(), cpuStart = mainThreadCPUMilliseconds()
            let pool = file.pool
            DispatchQueue.global().async {
                do {
                    try pool.write { db in try db.execute(sql: write) }
                    committed.set(monotonicMilliseconds())
                } catch {
                    print("the write failed: \(error)")
                }
            }
            // Blocking iterations, woken by the storage's hand-off; the timer only ends a wait for a
            // change set that never comes.
            var timedOut = false
            let timer = GtkRuntime.after(milliseconds: 5_000) { timedOut = true }
            while appliedAt == nil, !timedOut { g_main_context_iteration(nil, 1) }
            if !timedOut { g_source_remove(timer) }
            guard let applied = appliedAt else {
                print("\(mode.title): no change set within 5 s after \(write)")
                return times
            }
            window.frames.waitForNextFrame()
            let painted = ProcessProbes.wallMilliseconds()
            guard sample >= 0 else { continue }  // warm-up
            times.committed.append(committed.value - start)
            times.applied.append(applied.wall - start)
            times.painted.append(painted - start)
            times.mainThread.append(applied.cpu - cpuStart)
        }
        return times
    }

    /// Numbers the writes of a run, so that every insert has an id of its own.
    struct WriteSerial {
        private var count = 0
        mutating func next() -> Int {
            count += 1
            return count
        }
    }

    /// Write number `serial`: a title of a book on screen, an insert near the top, its delete.
    private static func writeStatement(_ serial: Int) -> String {
        switch serial % 3 {
        case 0: return "UPDATE book SET title = 'Renamed \(serial)' WHERE id = \(serial % 10 + 1)"
        case 1: return "INSERT INTO book (id, title, shelf, position) VALUES (\(10_000_000 + serial), 'New \(serial)', 'shelf 0', 15)"
        default: return "DELETE FROM book WHERE id = \(10_000_000 + serial - 1)"
        }
    }

    /// When the background write committed, read on the main thread after its change set.
    final class CommitTime: Sendable {
        private let time = Mutex(Double.nan)
        func set(_ value: Double) { time.withLock { $0 = value } }
        var value: Double { time.withLock { $0 } }
    }

    /// Monotonic wall time in milliseconds, on any thread.
    nonisolated private static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// CPU time of the calling (main) thread, in milliseconds: the main actor's share of a change.
    private static func mainThreadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    // MARK: - Parts

    /// The fetch of full records, the fetch of identities, and one sectioned diff, at `count`.
    private static func measureParts(of file: BenchmarkBookFile, count: Int) -> [String] {
        let pool = file.pool
        let full = medianSeconds { _ = try? pool.read { db in try BenchmarkBook.shown.fetchAll(db) } }
        let identityRequest = BenchmarkBook.shown.select([Column("id"), Column("revision"), Column("shelf")], as: Row.self)
        let identities = medianSeconds {
            _ = try? pool.read { db in
                var ids: [(Int64, DatabaseValue, String)] = []
                let rows = try identityRequest.fetchCursor(db)
                while let row = try rows.next() { ids.append((row[0], row[1], row[2])) }
                return ids
            }
        }
        let books = (try? pool.read { db in try BenchmarkBook.shown.fetchAll(db) }) ?? []
        let shelves = Dictionary(grouping: books, by: \.shelf).sorted { $0.key < $1.key }
        let keys = shelves.map(\.key), ids = shelves.map { $0.value.map(\.id) }
        var changed = ids
        if !changed.isEmpty, !changed[0].isEmpty { changed[0].swapAt(0, changed[0].count - 1) }
        let diff = medianSeconds {
            _ = Differ().script(fromSections: keys, items: ids, toSections: keys, items: changed, itemContentEqual: { _, _ in true })
        }
        return [count.formatted(), formatted(full), formatted(identities), formatted(diff)]
    }

    // MARK: - Goals

    private static func printGoals(_ results: [String: WriteTimes]) {
        var rows: [[String]] = []
        func goal(_ text: String, _ samples: [Double]?, limit: Double) {
            guard let samples, !samples.isEmpty else { return rows.append([text, "–", "not run"]) }
            let median = percentile(samples, 50)
            rows.append([text, "\(ms(median)) (p90 \(ms(percentile(samples, 90))))", median <= limit ? "met" : "**not met**"])
        }
        goal("10k, write → rows updated on screen ≤ 25 ms", results["full-10000"]?.painted, limit: 25)
        goal("100k identity-only, write → rows updated on screen ≤ 60 ms", results["lazy-100000"]?.painted, limit: 60)
        let mainThread = results.values.flatMap(\.mainThread)
        goal("main thread per change set ≤ 5 ms (every row above)", mainThread, limit: 5)
        printTable("Goals (issue 18)", ["goal", "measured (median)", ""], rows)
    }
}

/// A book's row: its title.
final class BookTitleRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with book: BenchmarkBook) { gtk_label_set_text(gcast(widget), book.title) }
}

/// A shelf's header: its name.
final class ShelfTitleRow: RowView, ModelTransfer {
    let widget = gtk_label_new(nil)!
    init() {}
    func update(with shelf: String) { gtk_label_set_text(gcast(widget), shelf) }
}
