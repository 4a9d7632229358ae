#if PostgreSQL
    import Foundation
    import PostgresStorage
    import Testing

    /// A cluster in a folder and on a socket number of its own, driven by the script `make test`
    /// uses: for the tests that stop a server or need one set up otherwise (TLS), while the other
    /// suites' server stays up.
    struct OwnTestServer {
        /// One name per test: a run that failed half-way leaves a cluster the next start replaces.
        let folder: String
        let port: Int
        /// Whether the server also takes encrypted connections on 127.0.0.1 (and only those
        /// there), with a certificate for localhost in ``certificateFile``.
        var servesTLS = false

        /// `scripts/postgres-test-server.sh <command>` for this cluster, waited for off the main
        /// actor.
        func run(_ command: String) async throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("scripts/postgres-test-server.sh")
            let scriptPath = script.path
            let environment = ProcessInfo.processInfo.environment.merging(
                ["GLM_POSTGRES_DIR": folder, "GLM_POSTGRES_PORT": "\(port)", "GLM_POSTGRES_TLS": servesTLS ? "1" : "0"]) { $1 }
            // Spawned and waited for by its process id: Foundation's Process never saw this
            // script end inside the test runner.
            let status = await Task.detached {
                let arguments = ["/bin/bash", scriptPath, command].map { $0.withCString { strdup($0) } } + [nil]
                let variables = environment.map { "\($0)=\($1)".withCString { strdup($0) } } + [nil]
                defer { (arguments + variables).forEach { free($0) } }
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                var pid: pid_t = 0
                guard posix_spawn(&pid, "/bin/bash", &actions, nil, arguments, variables) == 0 else { return Int32(-1) }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                return (status >> 8) & 0xff
            }.value
            try #require(status == 0, "postgres-test-server.sh \(command)")
        }

        /// The settings of its socket.
        var settings: PostgresConnectionSettings {
            PostgresConnectionSettings(
                endpoint: .unixSocket(path: "\(folder)/.s.PGSQL.\(port)"), username: "postgres", database: "postgres")
        }

        /// The settings of its replica's socket, the port after its own (`run("replica")` starts
        /// a hot standby there, streaming from it; `run("stop")` stops both).
        var replicaSettings: PostgresConnectionSettings {
            PostgresConnectionSettings(
                endpoint: .unixSocket(path: "\(folder)/.s.PGSQL.\(port + 1)"), username: "postgres", database: "postgres")
        }

        /// The settings of its TLS port on `host` (`localhost` or `127.0.0.1`).
        func tcpSettings(host: String = "localhost", tls: PostgresConnectionSettings.TLSMode, trusting roots: String? = nil)
            -> PostgresConnectionSettings
        {
            PostgresConnectionSettings(
                endpoint: .tcp(host: host, port: port), username: "postgres", database: "postgres", tls: tls, rootCertificateFile: roots)
        }

        /// The server's certificate, its own authority.
        var certificateFile: String { "\(folder)/server.crt" }
    }
#endif
