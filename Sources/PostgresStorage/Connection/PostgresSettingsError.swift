#if PostgreSQL
    /// Why connection settings could not be read.
    public enum PostgresSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text is not a URL.
        case malformedURL(String)
        /// The URL's scheme is not `postgres` or `postgresql`.
        case unsupportedScheme(String)
        /// The URL names a parameter this does not read.
        case unknownParameter(String)
        /// A parameter or variable has a value it cannot have.
        case invalidValue(name: String, value: String)
        /// Neither the settings nor `USER` or `LOGNAME` name a user.
        case missingUser
        /// The file of trusted certificates could not be read.
        case unreadableCertificates(path: String, reason: String)
        /// TLS could not be set up with these settings.
        case tlsUnavailable(reason: String)

        public var description: String {
            switch self {
            case .malformedURL(let text): "'\(text)' is not a connection URL (postgres://user@host:port/database)"
            case .unsupportedScheme(let scheme): "a connection URL starts with postgres:// or postgresql://, not '\(scheme)://'"
            case .unknownParameter(let name): "the connection URL's parameter '\(name)' is not one PostgresStorage reads"
            case .invalidValue(let name, let value): "'\(value)' is not a valid \(name)"
            case .missingUser: "no user to connect as: give one in the URL, PGUSER or USER"
            case .unreadableCertificates(let path, let reason): "the certificates in '\(path)' cannot be read: \(reason)"
            case .tlsUnavailable(let reason): "TLS cannot be set up: \(reason)"
            }
        }
    }
#endif
