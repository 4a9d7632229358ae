/// Which way a page is read from a row: the rows after it in the order, or those before it.
public enum PageDirection: Sendable {
    /// The rows after the key, in order.
    case forward
    /// The rows before the key, nearest first.
    case backward
}

/// Where a ``PagedStorage`` reads its rows: an ordered collection too big to read whole (a
/// server's table), read a page at a time by key, never by position.
///
/// A key identifies a row's place in the order (its sort values and a unique tiebreaker); the
/// source gives each row read with its key (``KeyedRow``), and the storage asks for the rows just
/// beyond the first or last it keeps. Positions
/// far from any row read are found by sampled keys (``landmarks(count:)``), so a jump to 73 % of
/// ten million rows costs one page read, not a count of the rows before it.
///
/// Every requirement is called off the main actor and may throw: the storage shows the error
/// (``PagedStorage/lastError``) and tries again when asked for the rows again.
public protocol PageSource<Row>: Sendable {
    /// A row read.
    associatedtype Row: Sendable
    /// A row's place in the order.
    associatedtype Key: Sendable
    /// What identifies a row whatever its place: its primary key. A row whose sort values
    /// change keeps it, so a list moves it rather than deleting and inserting it.
    associatedtype RowID: Hashable & Sendable

    /// At most `limit` rows strictly beyond `key` in `direction` (from the first row forward,
    /// or the last backward, when `key` is nil), nearest first, each with its key.
    func rows(beyond key: Key?, direction: PageDirection, limit: Int) async throws -> [KeyedRow<Row, Key>]
    /// At most `limit` rows from `key` on: the row at `key` when it is still there, then those
    /// after it. Reading the rows shown again after a change starts here.
    func rows(startingAt key: Key, limit: Int) async throws -> [KeyedRow<Row, Key>]
    /// The identity of the row at `key`.
    func rowID(of key: Key) -> RowID
    /// The keys of about `count` rows spread over the order, in order: where a jump to a
    /// fraction of the rows starts reading. Empty when there are no rows.
    func landmarks(count: Int) async throws -> [Key]
    /// A quick estimate of the number of rows (the planner's), for a scrollbar at once.
    func estimatedCount() async throws -> Int
    /// The number of rows, which may take a while.
    func exactCount() async throws -> Int
    /// Whether every row inserted into or deleted from what the source reads is one of its
    /// rows, so that a ``PageSourceChange`` gives the new count; false for a source that filters
    /// them, whose count is read again after a change.
    var includesEveryRow: Bool { get }
    /// The storage stopped reading from this source (it shows another order or filter), on
    /// the main actor, before it asks the next source for anything: a read still running for it
    /// may stop, and must not hold back the next source's (a slow page on a shared
    /// connection). Its results are dropped whatever it does. Does nothing by default.
    func abandonReads()
}

extension PageSource {
    public var includesEveryRow: Bool { true }
    public func abandonReads() {}
}

/// A row a ``PageSource`` read, with its place in the order: the storage shows the row and
/// reads the next page from the key.
public struct KeyedRow<Row: Sendable, Key: Sendable>: Sendable {
    /// The row, what the storage's ``PagedStorage/item(at:)`` gives.
    public let row: Row
    /// Its place in the order.
    public let key: Key

    /// `row` at `key`.
    public init(_ row: Row, key: Key) {
        self.row = row
        self.key = key
    }
}

/// The stand-in a ``PagedStorage`` gives for a row not read yet: map it to a row that shows
/// "loading" (or nothing); the storage replaces it with the row once read. Every stand-in is
/// equal to every other: positions move as rows are found before them.
public struct PendingRow: Hashable, Sendable {
    /// The stand-in.
    public init() {}
}
