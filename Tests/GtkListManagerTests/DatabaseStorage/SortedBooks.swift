import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import XCTest

/// Books whose titles a person and a byte comparison sort differently (case, numbers), on two
/// shelves, and how the sort tests order them.
enum SortedBooks {
    static let books = [
        Book(id: 1, title: "Zebra", shelf: "art", position: 0),
        Book(id: 2, title: "apple", shelf: "art", position: 1),
        Book(id: 3, title: "Item 10", shelf: "art", position: 2),
        Book(id: 4, title: "item 9", shelf: "art", position: 3),
        Book(id: 5, title: "Banana", shelf: "art", position: 4),
        Book(id: 6, title: "odes", shelf: "poetry", position: 0),
        Book(id: 7, title: "Sonnets", shelf: "poetry", position: 1),
        Book(id: 8, title: "ballads", shelf: "poetry", position: 2),
    ]

    /// The table's sortable columns; shelves stay first, so each shelf sorts its own books.
    static let orderings = DatabaseColumnOrderings(sections: [Column("shelf")])
        .column("title", byText: Column("title"))
        .column("position")
        .column("bytes", byText: Column("title"), comparison: .lexical)

    /// The tests' request sorted by `keys`: what a storage following the sort must show.
    static func request(sortedBy keys: [SortKey]) -> QueryInterfaceRequest<Book> {
        orderings.request(BookDatabase.request, sortedBy: keys)
    }

    /// The rows a list shows for `books` grouped by shelf: "shelf NAME", then "book TITLE#ID".
    static func rows(of books: [Book]) -> [String] {
        var rows: [String] = [], shelves: Set<String> = []
        for book in books {
            if shelves.insert(book.shelf).inserted { rows.append("shelf \(book.shelf)") }
            rows.append("book \(book)")
        }
        return rows
    }

    /// Runs `body` on the main actor with GTK and a database of ``books``.
    static func withDatabase(_ body: @MainActor (BookDatabase) throws -> Void) throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            try body(BookDatabase(books: books))
        }
    }

    /// The fewest moves from `old` to `new`, section by section (the same sections): every id but
    /// a longest run already in order, counted naively.
    static func fewestMoves(from old: [[Int64]], to new: [[Int64]]) -> Int {
        zip(old, new).reduce(0) { total, pair in
            let positions = Dictionary(uniqueKeysWithValues: pair.0.enumerated().map { ($1, $0) })
            let values = pair.1.map { positions[$0]! }
            var best = [Int](repeating: 1, count: values.count)
            for i in values.indices {
                for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
            }
            return total + values.count - (best.max() ?? 0)
        }
    }

    /// The changes of `changes` that are not item moves.
    static func notMoves(_ changes: [StorageChange]) -> [StorageChange] {
        changes.filter { if case .moveItem = $0 { false } else { true } }
    }
}

/// Completions of requests and sorts, in the order they ran.
@MainActor
final class RequestOutcomes {
    private(set) var all: [String] = []

    /// A completion that records `name` and its outcome ("title shown", "title failed
    /// requestNotSortable").
    func completion(_ name: String) -> DatabaseRequestCompletion {
        { [weak self] outcome in
            let text =
                switch outcome {
                case .shown: "shown"
                case .superseded: "superseded"
                case .stopped: "stopped"
                case let .failed(anomaly): "failed \(anomaly.description)"
                }
            self?.all.append("\(name) \(text)")
        }
    }
}

extension ShownBookList {
    /// Lets the GLib loop run until the storage shows what `request` returns now, the list too,
    /// and nothing is pending; false on timeout.
    @discardableResult
    func settle(showing request: QueryInterfaceRequest<Book>, of database: BookDatabase, timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(
            until: {
                guard !self.storage.hasPendingChanges, let fresh = try? database.queue.read({ try request.fetchAll($0) }) else {
                    return false
                }
                return self.storage.records == fresh && self.shownRows == SortedBooks.rows(of: fresh)
            },
            timeout: timeout)
    }

    /// The ids of each shelf as the storage shows them.
    var idsBySection: [[Int64]] {
        (0..<storage.numberOfSections).map { storage.records(inSection: $0).map(\.id) }
    }
}

extension ShownLazyBookList {
    /// Lets the GLib loop run until the storage's ids are those `request` returns now, every
    /// bound row shows its record there, and nothing is pending; false on timeout.
    @discardableResult
    func settle(showing request: QueryInterfaceRequest<Book>, of database: BookDatabase, timeout: Duration = .seconds(5)) -> Bool {
        GtkRuntime.iterate(
            until: {
                guard !self.storage.hasPendingChanges, let fresh = try? database.queue.read({ try request.fetchAll($0) }) else {
                    return false
                }
                return fresh.map(\.id) == self.shownIDs && self.differences(fromRows: SortedBooks.rows(of: fresh)).isEmpty
            },
            timeout: timeout)
    }

    /// The bound rows that differ from `expected` at their positions, and a row count that
    /// differs; empty when the list shows `expected`.
    func differences(fromRows expected: [String]) -> [String] {
        var differences = host.rowCount == expected.count ? [] : ["\(host.rowCount) rows, \(expected.count) expected"]
        for (position, shown) in boundRows.sorted(by: { $0.key < $1.key }) {
            let wanted = expected.indices.contains(position) ? expected[position] : "nothing"
            if shown != wanted { differences.append("row \(position) shows \(shown), not \(wanted)") }
        }
        return differences
    }

    /// The ids of each shelf as the storage shows them.
    var idsBySection: [[Int64]] {
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).compactMap { storage.id(at: IndexPath(item: $0, section: section)) }
        }
    }
}
