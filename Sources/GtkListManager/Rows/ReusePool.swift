/// Rows that left the list, kept by reuse identifier so new rows can be dequeued instead of
/// built. Each identifier keeps at most ``limit`` rows; rows beyond it are released (and their
/// widgets with them).
@MainActor
final class ReusePool {
    private var rows: [String: [HostedRow]] = [:]
    /// The most rows kept per reuse identifier. Lowering it releases the rows beyond it.
    var limit: Int {
        didSet {
            for identifier in rows.keys where rows[identifier]!.count > limit {
                rows[identifier]!.removeLast(rows[identifier]!.count - max(limit, 0))
            }
        }
    }

    init(limit: Int) {
        self.limit = limit
    }

    /// The number of pooled rows, all identifiers together.
    var count: Int { rows.values.reduce(0) { $0 + $1.count } }

    func enqueue(_ row: HostedRow) {
        guard let identifier = row.mapping?.reuseIdentifier else { return }
        guard rows[identifier, default: []].count < limit else { return }
        row.mapping = nil
        rows[identifier, default: []].append(row)
    }

    func dequeue(_ identifier: String) -> HostedRow? {
        rows[identifier]?.popLast()
    }

    func removeAll() {
        rows.removeAll()
    }
}
