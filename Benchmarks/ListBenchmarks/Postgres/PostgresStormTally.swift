#if PostgreSQL
    import Foundation
    import Synchronization

    /// What the storm's writers did, counted from their tasks: the statements sent and what each
    /// changed (its `RETURNING` rows), by kind, and each statement's time to its answer in a
    /// histogram of fixed size (10 % wide buckets from 50 µs), so that counting a minute of
    /// changes takes no memory that grows, which the part measures.
    final class PostgresStormTally: Sendable {
        enum Kind: Int, CaseIterable, Sendable {
            /// An update of the title, status and `updated_at`.
            case update
            /// An update of the priority (the sorted column) and `updated_at`.
            case sortedUpdate
            case insert
            case delete

            var name: String {
                switch self {
                case .update: "update"
                case .sortedUpdate: "sorted_update"
                case .insert: "insert"
                case .delete: "delete"
                }
            }
        }

        struct Counts: Sendable {
            /// Rows changed, by kind.
            var changed = [Int](repeating: 0, count: Kind.allCases.count)
            /// Statements sent.
            var statements = 0
            /// Statements that changed no row (another writer deleted it first).
            var missed = 0
            /// Statements that failed.
            var errors = 0
            var lastError: String?
            /// Statements sent later than their turn by more than one interval.
            var late = 0
            var histogram = [Int](repeating: 0, count: PostgresStormTally.buckets)
            var slowest = 0.0

            var changedRows: Int { changed.reduce(0, +) }
        }

        static let buckets = 160
        private let counts = Mutex(Counts())

        /// Notes a statement of `kind` that changed `rows` rows in `milliseconds`.
        func note(_ kind: Kind, rows: Int, milliseconds: Double, late: Bool) {
            counts.withLock { counts in
                counts.statements += 1
                counts.changed[kind.rawValue] += rows
                if rows == 0 { counts.missed += 1 }
                if late { counts.late += 1 }
                counts.histogram[Self.bucket(of: milliseconds)] += 1
                counts.slowest = max(counts.slowest, milliseconds)
            }
        }

        /// Notes a statement that failed.
        func noteError(_ error: any Error) {
            counts.withLock { counts in
                counts.statements += 1
                counts.errors += 1
                counts.lastError = String(describing: error)
            }
        }

        var now: Counts { counts.withLock { $0 } }

        private static func bucket(of milliseconds: Double) -> Int {
            guard milliseconds > 0.05 else { return 0 }
            return min(buckets - 1, Int(log(milliseconds / 0.05) / log(1.1)) + 1)
        }

        /// The upper bound of `bucket`, in milliseconds.
        private static func bound(of bucket: Int) -> Double { 0.05 * pow(1.1, Double(bucket)) }

        /// The statement time at `percent` percent (the upper bound of its bucket, 10 % wide).
        static func percentile(_ counts: Counts, _ percent: Double) -> Double {
            let total = counts.histogram.reduce(0, +)
            guard total > 0 else { return .nan }
            let rank = Int((Double(total) * percent / 100).rounded(.up))
            var seen = 0
            for (bucket, count) in counts.histogram.enumerated() {
                seen += count
                if seen >= rank { return bound(of: bucket) }
            }
            return counts.slowest
        }
    }
#endif
