#if PostgreSQL
    import Foundation
    import NIOSSL
    import PostgresNIO

    /// Where and how a PostgreSQL storage connects: a server, a user, a database and TLS, read from
    /// a connection URL or from the `PG*` environment variables, as `psql` and every libpq client
    /// read them.
    ///
    /// ```swift
    /// let settings = try PostgresConnectionSettings(url: "postgres://app@db.example.com/tickets?sslmode=verify-full")
    /// let local = try PostgresConnectionSettings.fromEnvironment()   // PGHOST, PGPORT, PGUSER, …
    /// ```
    ///
    /// A host that is a folder (`/var/run/postgresql`, written `%2Fvar%2Frun%2Fpostgresql` in a
    /// URL's authority or `?host=/var/run/postgresql` after it) is reached through the server's
    /// Unix socket in it (`.s.PGSQL.<port>`), without TLS, as libpq does.
    public struct PostgresConnectionSettings: Sendable, Equatable {
        /// How the server is reached.
        public enum Endpoint: Sendable, Equatable {
            /// A host name or address and a TCP port.
            case tcp(host: String, port: Int)
            /// The socket file of a server on this machine.
            case unixSocket(path: String)
        }

        /// Whether the connection is encrypted and what the server's certificate must prove
        /// (libpq's `sslmode`).
        public enum TLSMode: String, Sendable, CaseIterable {
            /// Never encrypted.
            case disable
            /// Encrypted when the server offers it, unverified (libpq's `allow` means the same here).
            case prefer
            /// Encrypted or refused; the certificate is not verified.
            case require
            /// Encrypted, with a certificate signed by a trusted authority, whatever its name.
            case verifyCA = "verify-ca"
            /// Encrypted, with a trusted certificate naming the host connected to.
            case verifyFull = "verify-full"
        }

        /// The server.
        public var endpoint: Endpoint
        /// The role to log in as.
        public var username: String
        /// The role's password; nil gives none (the server then has to trust the connection).
        public var password: String?
        /// The database; nil connects to the one named like the user, as the server does.
        public var database: String?
        /// TLS on a TCP connection; a socket connection is never encrypted.
        public var tls: TLSMode
        /// A file of trusted authorities' certificates (PEM) for ``TLSMode/verifyCA`` and
        /// ``TLSMode/verifyFull``; nil trusts the system's.
        public var rootCertificateFile: String?
        /// How long a connection may take to open.
        public var connectTimeout: Duration
        /// The name the server shows for the connections (`pg_stat_activity.application_name`).
        public var applicationName: String?
        /// Server settings for each connection (libpq's `options=-c name=value`), such as
        /// `statement_timeout` or `search_path`: sent when the connection opens, as a `SET` would
        /// set them. The server refuses the connection when it does not know a name.
        public var serverSettings: [String: String] = [:]

        /// Settings naming each part; a socket's path is the file itself.
        public init(
            endpoint: Endpoint, username: String, password: String? = nil, database: String? = nil, tls: TLSMode = .prefer,
            rootCertificateFile: String? = nil, connectTimeout: Duration = .seconds(10), applicationName: String? = nil
        ) {
            self.endpoint = endpoint
            self.username = username
            self.password = password
            self.database = database
            self.tls = tls
            self.rootCertificateFile = rootCertificateFile
            self.connectTimeout = connectTimeout
            self.applicationName = applicationName
        }

        /// The port a server listens on when none is given.
        public static let defaultPort = 5432
        /// Where Debian's and most Linux servers put their socket when no host is given.
        public static let defaultSocketFolder = "/var/run/postgresql"
    }

    // MARK: - Reading them

    extension PostgresConnectionSettings {
        /// The settings of a connection URL: `postgres://` or `postgresql://`, then
        /// `[user[:password]@][host][:port][/database][?parameter=value&…]`, percent-encoded, with the
        /// parameters `host`, `port`, `user`, `password`, `dbname`, `sslmode`, `sslrootcert`,
        /// `connect_timeout` (seconds), `application_name` and `options` (server settings, as
        /// `options=-c%20statement_timeout%3D5000`: ``serverSettings``). What the URL leaves out comes from
        /// `defaults` (by default the `PG*` variables, then libpq's own defaults).
        ///
        /// - Throws: ``PostgresSettingsError`` naming the part that is wrong.
        public init(url: String, defaults environment: [String: String] = ProcessInfo.processInfo.environment)
            throws(PostgresSettingsError)
        {
            guard let components = URLComponents(string: url) else { throw .malformedURL(url) }
            guard let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
                throw .unsupportedScheme(components.scheme ?? "")
            }
            var values: [String: String] = [:]
            values["user"] = components.user
            values["password"] = components.password
            if let host = components.percentEncodedHost, !host.isEmpty {
                values["host"] = host.removingPercentEncoding ?? host
            }
            values["port"] = components.port.map(String.init)
            let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
            if !path.isEmpty { values["dbname"] = path }
            for item in components.queryItems ?? [] {
                guard Self.parameterNames.contains(item.name) else { throw .unknownParameter(item.name) }
                values[item.name] = item.value ?? ""
            }
            try self.init(parameters: values, environment: environment)
        }

        /// The settings libpq's environment variables give (`PGHOST`, `PGPORT`, `PGUSER`,
        /// `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`, `PGCONNECT_TIMEOUT`,
        /// `PGAPPNAME`, `PGOPTIONS`), with libpq's defaults for those not set: the socket in
        /// ``defaultSocketFolder``, port 5432, the user `USER` names, the database named like the user.
        ///
        /// - Throws: ``PostgresSettingsError`` naming the variable that is wrong.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
            throws(PostgresSettingsError)
            -> PostgresConnectionSettings
        {
            try PostgresConnectionSettings(parameters: [:], environment: environment)
        }

        /// The URL parameters this reads, and the variable each falls back to.
        static let environmentVariables = [
            "host": "PGHOST", "port": "PGPORT", "user": "PGUSER", "password": "PGPASSWORD", "dbname": "PGDATABASE",
            "sslmode": "PGSSLMODE", "sslrootcert": "PGSSLROOTCERT", "connect_timeout": "PGCONNECT_TIMEOUT",
            "application_name": "PGAPPNAME", "options": "PGOPTIONS",
        ]
        static var parameterNames: Set<String> { Set(environmentVariables.keys) }

        /// Settings from libpq's parameters, each missing one from its variable in `environment`.
        init(parameters: [String: String], environment: [String: String]) throws(PostgresSettingsError) {
            func value(_ name: String) -> String? {
                if let given = parameters[name], !given.isEmpty { return given }
                if let variable = Self.environmentVariables[name], let set = environment[variable], !set.isEmpty { return set }
                return nil
            }
            var port = Self.defaultPort
            if let text = value("port") {
                guard let number = Int(text), (1...65535).contains(number) else { throw .invalidValue(name: "port", value: text) }
                port = number
            }
            let host = value("host") ?? Self.defaultSocketFolder
            let endpoint: Endpoint =
                host.hasPrefix("/") ? .unixSocket(path: "\(host)/.s.PGSQL.\(port)") : .tcp(host: host, port: port)
            guard let username = value("user") ?? environment["USER"] ?? environment["LOGNAME"] else {
                throw .missingUser
            }
            var tls = TLSMode.prefer
            if let mode = value("sslmode") {
                guard let known = mode == "allow" ? .prefer : TLSMode(rawValue: mode) else {
                    throw .invalidValue(name: "sslmode", value: mode)
                }
                tls = known
            }
            var timeout = Duration.seconds(10)
            if let text = value("connect_timeout") {
                // libpq: zero or less waits for ever; under two seconds counts as two.
                guard let seconds = Int(text) else { throw .invalidValue(name: "connect_timeout", value: text) }
                timeout = seconds <= 0 ? .seconds(Int64(Int32.max)) : .seconds(max(seconds, 2))
            }
            self.init(
                endpoint: endpoint, username: username, password: value("password"), database: value("dbname"), tls: tls,
                rootCertificateFile: value("sslrootcert"), connectTimeout: timeout, applicationName: value("application_name"))
            if let options = value("options") { serverSettings = try Self.serverSettings(options: options) }
        }
    }

    // MARK: - The connection's configuration

    extension PostgresConnectionSettings {
        /// PostgresNIO's configuration of one connection with these settings.
        ///
        /// - Throws: ``PostgresSettingsError/unreadableCertificates(path:reason:)`` when
        ///   ``rootCertificateFile`` cannot be read, ``PostgresSettingsError/tlsUnavailable(reason:)``
        ///   when TLS cannot be set up.
        public func connectionConfiguration() throws(PostgresSettingsError) -> PostgresConnection.Configuration {
            var configuration: PostgresConnection.Configuration
            switch endpoint {
            case .unixSocket(let path):
                configuration = .init(unixSocketPath: path, username: username, password: password, database: database)
            case .tcp(let host, let port):
                configuration = .init(
                    host: host, port: port, username: username, password: password, database: database,
                    tls: try connectionTLS())
            }
            configuration.options.connectTimeout = .nanoseconds(
                connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000)
            if let applicationName {
                configuration.options.additionalStartupParameters.append(("application_name", applicationName))
            }
            for (name, value) in serverSettings.sorted(by: { $0.key < $1.key }) {
                configuration.options.additionalStartupParameters.append((name, value))
            }
            return configuration
        }

        private func connectionTLS() throws(PostgresSettingsError) -> PostgresConnection.Configuration.TLS {
            var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
            switch tls {
            case .disable: return .disable
            case .prefer, .require: tlsConfiguration.certificateVerification = .none
            case .verifyCA: tlsConfiguration.certificateVerification = .noHostnameVerification
            case .verifyFull: tlsConfiguration.certificateVerification = .fullVerification
            }
            if let rootCertificateFile, tls == .verifyCA || tls == .verifyFull {
                do {
                    tlsConfiguration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificateFile))
                } catch {
                    throw .unreadableCertificates(path: rootCertificateFile, reason: String(describing: error))
                }
            }
            let context: NIOSSLContext
            do {
                context = try NIOSSLContext(configuration: tlsConfiguration)
            } catch {
                throw .tlsUnavailable(reason: String(describing: error))
            }
            return tls == .prefer ? .prefer(context) : .require(context)
        }
    }

    // MARK: - Server settings

    extension PostgresConnectionSettings {
        /// How long a statement may run before the server cancels it (`statement_timeout`, whole
        /// milliseconds); nil leaves the server's own (by default none). A page, count or write
        /// that takes longer fails with the server's "canceling statement due to statement
        /// timeout" (SQLSTATE 57014): the list shows its error state, and `PagedStorage.retry()`
        /// reads again.
        public var statementTimeout: Duration? {
            get {
                guard let text = serverSettings["statement_timeout"], let milliseconds = Int64(text), milliseconds > 0 else {
                    return nil
                }
                return .milliseconds(milliseconds)
            }
            set {
                guard let newValue else {
                    serverSettings["statement_timeout"] = nil
                    return
                }
                let (seconds, attoseconds) = newValue.components
                serverSettings["statement_timeout"] = String(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            }
        }

        /// The settings libpq's `options` text names (`-c name=value` or `--name=value`, separated
        /// by spaces, a space in a value escaped by a backslash).
        static func serverSettings(options: String) throws(PostgresSettingsError) -> [String: String] {
            var words: [String] = []
            var word = "", escaped = false
            for character in options {
                if escaped {
                    word.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == " " {
                    if !word.isEmpty { words.append(word) }
                    word = ""
                } else {
                    word.append(character)
                }
            }
            if !word.isEmpty { words.append(word) }
            var settings: [String: String] = [:]
            var index = 0
            while index < words.count {
                var setting = words[index]
                if setting == "-c", index + 1 < words.count {
                    index += 1
                    setting = words[index]
                } else if setting.hasPrefix("--") {
                    setting.removeFirst(2)
                } else if setting.hasPrefix("-c") {
                    setting.removeFirst(2)
                } else {
                    throw .invalidValue(name: "options", value: options)
                }
                guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                    throw .invalidValue(name: "options", value: options)
                }
                // The server's own spelling: `--statement-timeout` names `statement_timeout`.
                let name = setting[..<equals].replacingOccurrences(of: "-", with: "_")
                settings[name] = String(setting[setting.index(after: equals)...])
                index += 1
            }
            return settings
        }
    }
#endif
