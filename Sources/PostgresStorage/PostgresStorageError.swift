#if PostgreSQL
    import PostgresNIO

    /// Why a PostgreSQL storage cannot show what it was asked to, in words a user can be shown.
    public enum PostgresStorageError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The server has no table or view of this name (as `schema.name` or `name`).
        case missingRelation(String)
        /// The table has no primary key to break ties in the order with.
        case noPrimaryKey(String)
        /// The table has no column of this name, which a record reads or a sort names.
        case missingColumn(String, relation: String)
        /// The server refused a statement or a login: its message and SQLSTATE code (`28P01` a wrong
        /// password, `42P01` a missing table, `57P01` an administrator's shutdown).
        case server(message: String, code: String)
        /// No connection to the server could be opened, or it was lost.
        case connection(String)
        /// The settings cannot reach a server.
        case settings(PostgresSettingsError)
        /// A write found the row changed or deleted since it was read (its expected values no
        /// longer hold): nothing was written.
        case conflict(String)
        /// A row of a tree has more children than a level is read with (the row, the limit):
        /// shown as its error row rather than a part of them.
        case tooManyChildren(String, limit: Int)
        /// A row's key has not as many values as the table's primary key has columns.
        case invalidKey(String)
        /// A record could not be made from its row (a column of another type, NULL where none is
        /// expected).
        case decoding(String)
        /// A read of a source the storage left (another order or filter) was not sent: no one
        /// waits for it. Storages drop it; it never shows.
        case abandoned

        /// The error `error` means here: the server's own words when it gave them.
        init(_ error: any Error) {
            switch error {
            case let error as PostgresStorageError: self = error
            case let error as PostgresSettingsError: self = .settings(error)
            case let error as PSQLError:
                if let message = error.serverInfo?[.message] {
                    self = .server(message: message, code: error.serverInfo?[.sqlState] ?? "")
                } else {
                    self = .connection(Self.describe(error))
                }
            case let error as PostgresDecodingError:
                self = .decoding("column \(error.columnName): \(error.targetType) from \(error.postgresType)")
            default: self = .connection(String(describing: error))
            }
        }

        /// PSQLError hides its details from its description (they may hold data): the kind of
        /// failure and what lies under it.
        private static func describe(_ error: PSQLError) -> String {
            var words = "\(error.code)"
            if let underlying = error.underlying { words += ": \(underlying)" }
            return words
        }

        public var description: String {
            switch self {
            case .missingRelation(let name): "the database has no table or view \(name)"
            case .noPrimaryKey(let name): "the table \(name) has no primary key to page it by"
            case .missingColumn(let column, let relation): "the table \(relation) has no column \(column)"
            case .server(let message, let code): code.isEmpty ? message : "\(message) (\(code))"
            case .connection(let reason): "no connection to the database: \(reason)"
            case .settings(let error): error.description
            case .decoding(let reason): "a row could not be read: \(reason)"
            case .conflict(let reason), .invalidKey(let reason): reason
            case .tooManyChildren(let row, let limit): "\(row) has more than \(limit) children to show at once"
            case .abandoned: "the read was left: the list shows another order or filter"
            }
        }
    }
#endif
