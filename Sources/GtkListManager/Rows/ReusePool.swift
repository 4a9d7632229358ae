import ModelStorage

/// Rows that left the list, kept by reuse identifier so new rows can be dequeued instead of
/// built. Each identifier keeps at most ``limit`` rows; rows beyond it are released (and their
/// widgets with them).
@MainActor
final class ReusePool {
    private var rows: [String: [BoundRow]] = [:]
    /// The number of pooled rows, all identifiers together.
    private(set) var count = 0
    /// The most rows kept per reuse identifier. Lowering it releases the rows beyond it.
    var limit: Int {
        didSet {
            for identifier in rows.keys where rows[identifier]!.count > limit {
                let excess = rows[identifier]!.count - max(limit, 0)
                rows[identifier]!.removeLast(excess)
                count -= excess
            }
        }
    }

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `row` for reuse, unless its identifier has ``limit`` rows, or `minimum` when more;
    /// a ``ReusableRow`` kept is told. Its showing ends either way: it shows its model no more.
    func enqueue(_ row: BoundRow, keepingAtLeast minimum: Int = 0) {
        row.endShowing()
        guard let identifier = row.mapping?.reuseIdentifier else { return }
        guard rows[identifier, default: []].count < max(limit, minimum) else { return }
        row.mapping?.prepareForReuse(row.view)
        row.mapping = nil
        rows[identifier, default: []].append(row)
        count += 1
    }

    /// True when no row waits for reuse, as during a first load: callers skip even reading the
    /// reuse identifier then.
    var isEmpty: Bool { count == 0 }

    func dequeue(_ identifier: String) -> BoundRow? {
        guard let row = rows[identifier]?.popLast() else { return nil }
        count -= 1
        return row
    }

    func removeAll() {
        rows.removeAll()
        count = 0
    }
}

extension ReusePool {
    /// A row of `mapping` showing `model`: a pooled one of its reuse identifier refilled, or a
    /// new one; nil when the mapping cannot make rows (reported to `anomalies` the first time).
    func row(
        of mapping: any AnyRowMapping, showing model: Any, at indexPath: IndexPath,
        reportingTo anomalies: AnomalyHandler<ManagerAnomaly>
    ) -> BoundRow? {
        if !isEmpty, let pooled = dequeue(mapping.reuseIdentifier), mapping.canConfigure(pooled.view) {
            return Self.refill(pooled, of: mapping, showing: model, at: indexPath)
        }
        let alreadyFailed = mapping.hasFailedToMakeRows
        do {
            return try mapping.makeRow(showing: model, at: indexPath)
        } catch {
            if !alreadyFailed {
                anomalies.report(.rowInterfaceFailed(rowClass: String(describing: mapping.rowClass), error: error))
            }
            return nil
        }
    }

    /// `row`, a row `mapping` can configure, showing `model` through it.
    static func refill(_ row: BoundRow, of mapping: any AnyRowMapping, showing model: Any, at indexPath: IndexPath) -> BoundRow {
        row.role = mapping.role
        row.show(model, through: mapping, at: indexPath)
        return row
    }
}
