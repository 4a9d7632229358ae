#if PostgreSQL
    import PostgresNIO
    import PostgresStorage
    import Testing

    /// Connection settings are read as libpq reads them: a URL's parts first, then the `PG*`
    /// variables, then libpq's defaults; what is wrong is named.
    @Suite struct PostgresConnectionSettingsTests {
        let noEnvironment: [String: String] = ["USER": "ada"]

        @Test func aURLGivesEachPart() throws {
            let settings = try PostgresConnectionSettings(
                url: "postgresql://app:s%40cret@db.example.com:6543/tickets?sslmode=verify-full&application_name=desk",
                defaults: noEnvironment)
            #expect(settings.endpoint == .tcp(host: "db.example.com", port: 6543))
            #expect(settings.username == "app")
            #expect(settings.password == "s@cret")
            #expect(settings.database == "tickets")
            #expect(settings.tls == .verifyFull)
            #expect(settings.applicationName == "desk")
        }

        @Test func aFolderAsHostIsTheServersSocketInIt() throws {
            let encoded = try PostgresConnectionSettings(url: "postgres://%2Ftmp%2Fpg:5433/books", defaults: noEnvironment)
            #expect(encoded.endpoint == .unixSocket(path: "/tmp/pg/.s.PGSQL.5433"))
            let parameter = try PostgresConnectionSettings(url: "postgres:///books?host=/run/pg", defaults: noEnvironment)
            #expect(parameter.endpoint == .unixSocket(path: "/run/pg/.s.PGSQL.5432"))
            #expect(parameter.database == "books")
        }

        @Test func whatTheURLLeavesOutComesFromTheEnvironmentThenLibpqsDefaults() throws {
            let environment = ["PGHOST": "pg.internal", "PGPORT": "7000", "PGUSER": "ops", "PGSSLMODE": "require", "USER": "ada"]
            let settings = try PostgresConnectionSettings(url: "postgres:///audit", defaults: environment)
            #expect(settings.endpoint == .tcp(host: "pg.internal", port: 7000))
            #expect(settings.username == "ops")
            #expect(settings.database == "audit")
            #expect(settings.tls == .require)

            let defaults = try PostgresConnectionSettings.fromEnvironment(noEnvironment)
            #expect(defaults.endpoint == .unixSocket(path: "/var/run/postgresql/.s.PGSQL.5432"))
            #expect(defaults.username == "ada")
            #expect(defaults.database == nil)
            #expect(defaults.tls == .prefer)
        }

        @Test func serverSettingsComeFromOptionsAsLibpqReadsThem() throws {
            let settings = try PostgresConnectionSettings(
                url: "postgres://db/x?options=-c%20statement_timeout%3D5000%20--search-path%3Dapp,public", defaults: noEnvironment)
            #expect(settings.serverSettings == ["statement_timeout": "5000", "search_path": "app,public"])
            #expect(settings.statementTimeout == .seconds(5))

            let escaped = try PostgresConnectionSettings.fromEnvironment(
                ["PGOPTIONS": #"-capplication_name=my\ desk"#, "USER": "ada"])
            #expect(escaped.serverSettings == ["application_name": "my desk"])

            var timed = try PostgresConnectionSettings.fromEnvironment(noEnvironment)
            timed.statementTimeout = .milliseconds(1500)
            #expect(timed.serverSettings == ["statement_timeout": "1500"])
            timed.statementTimeout = nil
            #expect(timed.serverSettings.isEmpty)

            #expect(throws: PostgresSettingsError.invalidValue(name: "options", value: "-x 3")) {
                try PostgresConnectionSettings(url: "postgres://db/x?options=-x%203", defaults: noEnvironment)
            }
        }

        @Test func wrongPartsAreNamed() {
            #expect(throws: PostgresSettingsError.unsupportedScheme("mysql")) {
                try PostgresConnectionSettings(url: "mysql://db/x", defaults: noEnvironment)
            }
            #expect(throws: PostgresSettingsError.unknownParameter("sslcompression")) {
                try PostgresConnectionSettings(url: "postgres://db/x?sslcompression=1", defaults: noEnvironment)
            }
            #expect(throws: PostgresSettingsError.invalidValue(name: "port", value: "99999")) {
                try PostgresConnectionSettings.fromEnvironment(["PGPORT": "99999", "USER": "ada"])
            }
            #expect(throws: PostgresSettingsError.invalidValue(name: "sslmode", value: "always")) {
                try PostgresConnectionSettings(url: "postgres://db/x?sslmode=always", defaults: noEnvironment)
            }
            #expect(throws: PostgresSettingsError.missingUser) { try PostgresConnectionSettings.fromEnvironment([:]) }
            #expect(
                PostgresSettingsError.invalidValue(name: "port", value: "x").description == "'x' is not a valid port")
        }

        @Test func aSocketIsNeverEncryptedAndAMissingCertificateFileIsNamed() throws {
            let socket = try PostgresConnectionSettings(url: "postgres:///x?host=/tmp&sslmode=require", defaults: noEnvironment)
            #expect(try socket.connectionConfiguration().unixSocketPath == "/tmp/.s.PGSQL.5432")
            let missing = try PostgresConnectionSettings(
                url: "postgres://db/x?sslmode=verify-ca&sslrootcert=/nonexistent/root.pem", defaults: noEnvironment)
            #expect {
                try missing.connectionConfiguration()
            } throws: { error in
                guard case .unreadableCertificates(let path, _) = error as? PostgresSettingsError else { return false }
                return path == "/nonexistent/root.pem"
            }
        }

        @Test func theTestServerAnswersWithTheSettingsOfItsEnvironment() async throws {
            let settings = try TestServer.settings()
            let user = try await TestServer.withConnection(settings) { connection in
                try await connection.query("SELECT current_user", logger: TestServer.logger).decode(String.self).first { _ in true }
            }
            #expect(user == settings.username)
        }

        @Test func aWrongPasswordIsRefusedByTheServer() async throws {
            var settings = try TestServer.settings()
            settings.username = "glm_password"
            settings.password = "not-the-secret"
            settings.connectTimeout = .seconds(5)
            let refusal = await #expect(throws: PSQLError.self) {
                try await TestServer.withConnection(settings) { connection in
                    try await connection.query("SELECT 1", logger: TestServer.logger)
                }
            }
            #expect(refusal?.serverInfo?[.message]?.contains("password authentication failed") == true)
        }
    }
#endif
