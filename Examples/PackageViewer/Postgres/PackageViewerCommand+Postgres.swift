#if PostgreSQL
    import ArgumentParser
    import CGtk
    import Foundation
    import GtkListManager
    import PostgresStorage

    extension PackageViewerCommand {
        /// `--postgres URL [--table NAME] [--postgres-demo]`: the table in a window, made first
        /// for the demo; a screenshot once the first screen of rows is read.
        @MainActor
        static func showPostgresTable(
            url: String, table: String, search: String, demoRows: Int?, direction: TextDirection?, screenshotPath: String?
        ) throws {
            guard GtkRuntime.initialize() else { throw NoDisplay() }
            direction?.makeDefault()
            let settings = try url.isEmpty ? PostgresConnectionSettings.fromEnvironment() : PostgresConnectionSettings(url: url)
            let database = PostgresSharedConnection(settings)
            if let demoRows {
                // Made before the window opens, the main loop running meanwhile.
                let making = Task { try await PostgresDemoTable.makeIfMissing(rows: demoRows, on: database) }
                var outcome: Result<Void, any Error>?
                Task { outcome = await making.result }
                guard GtkRuntime.iterate(until: { outcome != nil }, timeout: .seconds(1800)), case .success = outcome else {
                    let reason = outcome.map { "\($0)" } ?? "it took over 30 minutes"
                    FileHandle.standardError.write(Data("package-viewer: could not make the demo table: \(reason)\n".utf8))
                    throw ExitCode.failure
                }
            }
            let viewer = PostgresTableWindow(database: database, table: table, search: search)
            if screenshotPath != nil {
                gtk_widget_show_all(viewer.window)
                guard GtkRuntime.iterate(until: { viewer.showsRows || viewer.problem != nil }, timeout: .seconds(60)) else {
                    FileHandle.standardError.write(Data("package-viewer: no rows of \(table) to show\n".utf8))
                    throw ExitCode.failure
                }
                // The exact count and the live feed follow the rows; then the rows read fade in
                // (ListConfiguration.viewer): a picture of them once in.
                _ = GtkRuntime.iterate(until: { viewer.isSettled }, timeout: .seconds(30))
                _ = GtkRuntime.iterate(until: { false }, timeout: .milliseconds(400))
            }
            // Said on stderr, and in the window (the list's failure state); the exit status tells a script.
            if let problem = viewer.problem { FileHandle.standardError.write(Data("package-viewer: \(problem)\n".utf8)) }
            try present(viewer.window, anomalies: viewer.anomalies, screenshotPath: screenshotPath)
            if viewer.problem != nil { throw ExitCode.failure }
        }
    }
#endif
