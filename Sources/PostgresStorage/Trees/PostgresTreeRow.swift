#if PostgreSQL
    /// A row of a parent/child table as an item of a tree (an `OutlineStorage`'s item): the
    /// record, and whether rows name it as their parent, so that it shows a disclosure arrow
    /// before its children are read.
    public struct PostgresTreeRow<Record: PostgresRecord & Hashable>: Hashable, Sendable {
        /// The row.
        public let record: Record
        /// Whether some row has this one as its parent.
        public let hasChildren: Bool

        /// `record`, with or without children.
        public init(_ record: Record, hasChildren: Bool) {
            self.record = record
            self.hasChildren = hasChildren
        }
    }
#endif
