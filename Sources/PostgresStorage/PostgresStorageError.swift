#if PostgreSQL
    /// Why a PostgreSQL storage cannot show what it was asked to.
    public enum PostgresStorageError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The server has no table or view of this name (as `schema.name` or `name`).
        case missingRelation(String)

        public var description: String {
            switch self {
            case .missingRelation(let name): "the database has no table or view \(name)"
            }
        }
    }
#endif
