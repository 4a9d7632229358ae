import CGtk
import Foundation
import GRDB
import GRDBStorage
import GtkListManager
import ModelStorage
import SeededRandom
import XCTest

/// Random writes to the database a list shows, some of them racing a reorder made in the list,
/// on each database storage: the eager one on the list box (from every kind of writer) and the
/// lazy one on the virtualized host. After each round settles, the list equals a fresh query.
final class RandomizedDatabaseWritesTests: XCTestCase {
    /// Who writes.
    private enum Writer: CaseIterable {
        case mainThread, backgroundThreads, otherConnection, otherProcess, listReorder
    }

    func testTheListOfADatabaseStorageEqualsAFreshQueryAfterEveryRoundOfRandomWrites() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(6) {
                try Self.run(seed: seed, writers: Writer.allCases) { database in
                    try ShownBookList(
                        database, reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
                        externalChangeInterval: .milliseconds(50))
                }
            }
        }
    }

    func testTheListOfALazyDatabaseStorageEqualsAFreshQueryAfterEveryRoundOfRandomWrites() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            for seed in SeedCount.seeds(3) {
                try Self.run(seed: seed, writers: [.mainThread, .otherConnection, .listReorder]) { database in
                    try ShownLazyBookList(
                        database, reordering: .column("position", ofTable: "book", sectionColumn: "shelf"),
                        externalChangeInterval: .milliseconds(50))
                }
            }
        }
    }

    /// Ten rounds of one to three of `writers` (chosen at random) without waiting in between,
    /// over 18 books on three shelves that `show` puts in a list: results race the reorders.
    @MainActor private static func run<Shown: RandomlyWrittenList>(
        seed: UInt64, writers: [Writer], show: (BookDatabase) throws -> Shown
    ) throws {
        var random = SplitMix64(seed: seed)
        let database = try BookDatabase(books: BookDatabase.books(shelves: ["a", "b", "c"], count: 6))
        let shown = try show(database)
        defer { shown.close() }
        var nextID: Int64 = 1000
        for round in 0..<10 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let statements = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    nextID += 1
                    return randomStatement(id: nextID, using: &random)
                }
                switch writers.randomElement(using: &random)! {
                case .mainThread:
                    try database.queue.write { db in for sql in statements { try db.execute(sql: sql) } }
                case .backgroundThreads:
                    let queue = database.queue
                    DispatchQueue.concurrentPerform(iterations: statements.count) { index in
                        try! queue.write { db in try db.execute(sql: statements[index]) }
                    }
                case .otherConnection:
                    try database.otherConnection().write { db in for sql in statements { try db.execute(sql: sql) } }
                case .otherProcess:
                    let result = try ProbeProcess.run(probe: "DatabaseWriterProbe", [database.path] + statements)
                    XCTAssertEqual(result.output, "ok\n", result.errors)
                case .listReorder:
                    reorder(shown.storage, using: &random)
                }
            }
            let context = "seed \(seed), round \(round)"
            XCTAssertTrue(shown.settle(matching: database, timeout: .seconds(5)), "\(context): \(shown.mismatch(with: database))")
            try shown.checkRound(of: database, context)
        }
    }

    /// An insert, a delete, a new title, a new shelf or a new position, of the books with ids
    /// 1...18 (and new ones).
    private static func randomStatement(id: Int64, using random: inout SplitMix64) -> String {
        let existing = Int.random(in: 1...18, using: &random)
        let shelf = ["a", "b", "c", "d"].randomElement(using: &random)!
        let position = Int.random(in: 0...20, using: &random)
        return switch Int.random(in: 0..<5, using: &random) {
        case 0: "INSERT INTO book (id, title, shelf, position) VALUES (\(id), 'new-\(id)', '\(shelf)', \(position))"
        case 1: "DELETE FROM book WHERE id = \(existing)"
        case 2: "UPDATE book SET title = title || '+' WHERE id = \(existing)"
        case 3: "UPDATE book SET shelf = '\(shelf)' WHERE id = \(existing)"
        default: "UPDATE book SET position = \(position) WHERE id = \(existing)"
        }
    }

    /// A move the list could make: any record to any place of any shelf.
    @MainActor private static func reorder(_ storage: some ReorderableStorage, using random: inout SplitMix64) {
        let count = (0..<storage.numberOfSections).reduce(0) { $0 + storage.numberOfItems(inSection: $1) }
        guard count > 1 else { return }
        let source = randomIndexPath(in: storage, extra: 0, using: &random)
        var destination = randomIndexPath(in: storage, extra: 1, using: &random)
        if destination.section == source.section {
            destination.item = min(destination.item, storage.numberOfItems(inSection: source.section) - 1)
        }
        storage.moveItem(at: source, to: destination)
    }

    @MainActor private static func randomIndexPath(
        in storage: some Storage, extra: Int, using random: inout SplitMix64
    ) -> IndexPath {
        let section = Int.random(in: 0..<storage.numberOfSections, using: &random)
        return IndexPath(item: Int.random(in: 0..<storage.numberOfItems(inSection: section) + extra, using: &random), section: section)
    }
}

/// A list of a database storage as the randomized writes drive it: its storage to reorder, and
/// what it must show once a round has settled.
@MainActor
protocol RandomlyWrittenList {
    associatedtype ShownStorage: ReorderableStorage
    var storage: ShownStorage { get }
    /// Lets the main loop run until the list shows what a fresh query returns; false on timeout.
    func settle(matching database: BookDatabase, timeout: Duration) -> Bool
    /// What the list shows against what the database holds, for a failure message.
    func mismatch(with database: BookDatabase) -> String
    /// The assertions of this storage after a round has settled, beyond the rows shown.
    func checkRound(of database: BookDatabase, _ context: String) throws
    func close()
}

extension ShownBookList: RandomlyWrittenList {
    func mismatch(with database: BookDatabase) -> String {
        "shows \(shownRows), database \((try? database.expectedRows()) ?? [])"
    }

    /// The storage's records are the database's, field by field.
    func checkRound(of database: BookDatabase, _ context: String) throws {
        let fresh = try database.freshRecords()
        let differing = zip(storage.records, fresh).filter { $0 != $1 }.map { "\($0.debugDescription) ≠ \($1.debugDescription)" }
        XCTAssertEqual(differing, [], "\(context): the storage's records are the database's")
    }
}

extension ShownLazyBookList: RandomlyWrittenList {
    func mismatch(with database: BookDatabase) -> String {
        "\(differences(from: database))"
    }

    /// The storage reported no anomaly.
    func checkRound(of database: BookDatabase, _ context: String) throws {
        XCTAssertEqual(anomalies, [], context)
    }
}
