import GtkListManager

/// A ``ListHost`` that counts the row operations the manager issues and forwards them to a real
/// host (or, without one, keeps the rows in an array, to time the manager without GTK rows).
///
/// Each operation is a fixed handful of GTK calls on a `ListBoxHost`: an insert creates one
/// `GtkListBoxRow` and inserts it, a remove destroys one, a move re-inserts one.
@MainActor
final class CountingHost: ListHost {
    struct Counts: Equatable {
        var inserts = 0
        var removes = 0
        var moves = 0
        /// Rows looked up to be refreshed in place.
        var lookups = 0

        var total: Int { inserts + removes + moves + lookups }
    }

    private(set) var counts = Counts()
    private let forwarded: (any ListHost)?
    private var detachedRows: [HostedRow] = []

    init(forwardingTo host: (any ListHost)?) {
        forwarded = host
    }

    func resetCounts() {
        counts = Counts()
    }

    var rowCount: Int { forwarded?.rowCount ?? detachedRows.count }

    func insertRow(_ row: HostedRow, at position: Int) {
        counts.inserts += 1
        if let forwarded { forwarded.insertRow(row, at: position) } else { detachedRows.insert(row, at: position) }
    }

    func removeRow(at position: Int) -> HostedRow {
        counts.removes += 1
        return forwarded?.removeRow(at: position) ?? detachedRows.remove(at: position)
    }

    func moveRow(from source: Int, to destination: Int) {
        counts.moves += 1
        if let forwarded {
            forwarded.moveRow(from: source, to: destination)
        } else {
            detachedRows.insert(detachedRows.remove(at: source), at: destination)
        }
    }

    func row(at position: Int) -> HostedRow? {
        counts.lookups += 1
        return forwarded?.row(at: position) ?? detachedRows[position]
    }

    var visibleRange: Range<Int>? { forwarded?.visibleRange }
}
