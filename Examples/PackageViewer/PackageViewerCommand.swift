import ArgumentParser
import CGtk
import Foundation
import GtkListManager

/// `package-viewer`: the installed Debian packages, grouped in sections, in a GTK 3 window.
@main
struct PackageViewerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "package-viewer",
        abstract: "Shows the installed Debian packages, grouped by section, in a GTK 3 window."
    )

    @Option(name: .customLong("status-file"), help: "The dpkg status file to read (default: /var/lib/dpkg/status, else a bundled sample).")
    var statusFile: String?

    @Option(help: "Render the window into this PNG file and exit; works headless under xvfb-run -a.")
    var screenshot: String?

    @Flag(help: "Print how many packages and sections were read, and exit without a window.")
    var summary = false

    @Option(help: "Start with this text in the search field: only matching packages are shown.")
    var search = ""

    @Option(
        help:
            "Sort packages within their group by name, version, size (largest first) or description (default: as the settings file saved it, else by name)."
    )
    var sort: PackageOrder?

    @Option(
        name: .customLong("settings"),
        help:
            "The settings file: the tables' column widths, order, hidden columns, sort and grouping (the packages' and, with --files, the folder tree's), written when they change (default: $XDG_CONFIG_HOME/package-viewer/settings.json, else ~/.config/…; with --screenshot, none unless given)."
    )
    var settingsFile: String?

    @Flag(
        help:
            "Start with the packages as a grid of tiles (the switch in the header bar flips it); with --files or --synthetic, show tiles on the virtualized grid."
    )
    var grid = false

    @Option(
        help:
            "Lay the window out right to left (rtl), as for Arabic or Hebrew, or left to right (ltr); by default as the locale's language is written."
    )
    var direction: TextDirection?

    @Option(
        help:
            "Show this directory instead, as a tree on the virtualized host: folders read as they open, watched for changes (with --flat, every file in sections by directory; with --grid, as tiles)."
    )
    var files: String?

    @Flag(help: "With --files: every file under the directory in sections by directory, instead of a tree.")
    var flat = false

    @Option(
        name: .customLong("expand"),
        help:
            "With --files: open this directory of the tree before the window shows; with --dependencies, this path of packages (apt/libc6); repeatable."
    )
    var expandedPaths: [String] = []

    @Flag(help: "Show the packages as a tree of their dependencies instead: a package under each package that needs it.")
    var dependencies = false

    @Option(help: "Show this many generated rows instead (a million opens at once), on the virtualized host.")
    var synthetic: Int?

    @Flag(
        help:
            "With --synthetic: every row's reading changes ten times a second, as a monitor's feed (10,000 rows: 100,000 updates a second)."
    )
    var live = false

    @Option(help: "With --files or --synthetic: start scrolled this far down the list, from 0 (the top) to 1 (the end).")
    var scrollFraction: Double?

    @Option(
        name: .customLong("favourites-file"),
        help:
            "The SQLite file of the favourites, created if missing (default: $XDG_DATA_HOME/package-viewer/favourites.sqlite, else ~/.local/share/…)."
    )
    var favouritesFile: String?

    @Option(
        name: .customLong("add-favourite"),
        help: "Star this installed package (a name, or name:architecture) before the window opens; repeatable.")
    var addedFavourites: [String] = []

    #if PostgreSQL
        @Option(
            help:
                "Show a table of this PostgreSQL database (postgres://user@host/database; an empty string: the PG* variables), read a page at a time and following other clients' changes."
        )
        var postgres: String?

        @Option(help: "With --postgres: the table or view to show (with --postgres-demo: \(PostgresDemoTable.name)).")
        var table: String?

        @Flag(help: "With --postgres: make a demo table of generated tickets unless it exists (once), and show it.")
        var postgresDemo = false

        @Option(help: "With --postgres-demo: how many tickets a new demo table gets.")
        var demoRows = 10_000_000
    #endif

    // Synchronous on purpose (ParsableCommand, not AsyncParsableCommand): the MainActor must stay
    // on the process main thread, the one that runs gtk_main. See GtkRuntime.
    func run() throws {
        let screenshotPath = screenshot, search = search
        // Pictures are the same everywhere: a screenshot shows the declared columns unless told
        // which settings to use.
        let settingsPath = settingsFile ?? (screenshotPath == nil ? ViewerSettings.defaultPath() : nil)
        // Said at once on stderr, then in the window (the list's failure state), and the exit
        // status tells a script.
        #if PostgreSQL
            if let postgres {
                let table = table ?? (postgresDemo ? PostgresDemoTable.name : nil)
                guard let table else { throw ValidationError("--postgres: name the table to show with --table NAME") }
                let demoRows = postgresDemo ? demoRows : nil, direction = direction
                try MainActor.assumeIsolated {
                    try Self.showPostgresTable(
                        url: postgres, table: table, search: search, demoRows: demoRows, direction: direction,
                        screenshotPath: screenshotPath)
                }
                return
            }
        #endif
        let missing = files.flatMap(MissingDirectory.check)
        if let missing { FileHandle.standardError.write(Data("package-viewer: \(missing)\n".utf8)) }
        if let files, !grid, !flat {
            let expandedPaths = expandedPaths, direction = direction
            try MainActor.assumeIsolated {
                try Self.showFolderTree(
                    root: files, expanding: expandedPaths, direction: direction, settingsPath: settingsPath, screenshotPath: screenshotPath)
            }
            if missing != nil { throw ExitCode.failure }
            return
        }
        if live, synthetic == nil || grid {
            throw ValidationError("--live changes the rows of --synthetic N, in a list (not with --grid).")
        }
        if files != nil || synthetic != nil {
            let files = files, synthetic = synthetic, scrollFraction = scrollFraction, grid = grid, direction = direction
            let live = live
            try MainActor.assumeIsolated {
                // A folder is read off the main thread, the window open meanwhile.
                try Self.showBigList(
                    files.map { root in BigListWindow(origin: root, search: search, grid: grid) { FileTreeSource(root: root) } }
                        ?? Self.syntheticWindow(count: max(synthetic ?? 0, 0), live: live, search: search, grid: grid),
                    direction: direction, scrolledTo: scrollFraction, screenshotPath: screenshotPath)
            }
            if missing != nil { throw ExitCode.failure }
            return
        }
        let source = try PackageSource.load(explicitPath: statusFile)
        if dependencies {
            let expandedPaths = expandedPaths, direction = direction
            return try MainActor.assumeIsolated {
                try Self.showDependencyTree(source.packages, expanding: expandedPaths, direction: direction, screenshotPath: screenshotPath)
            }
        }
        if summary {
            let sections = PackageSection.grouped(source.packages)
            print("\(source.packages.count) packages in \(sections.count) sections from \(source.path)")
            return
        }
        let favouritesPath = favouritesFile ?? FavouritesLocation.defaultPath()
        if !addedFavourites.isEmpty {
            let ids = try packageIDs(named: addedFavourites, in: source)  // before the file is made
            try FavouritesDatabase(path: favouritesPath).add(ids)
        }
        let order = sort, grid = grid, direction = direction
        try MainActor.assumeIsolated {
            try Self.showWindow(
                source: source, searchText: search, order: order, grid: grid, direction: direction, favouritesPath: favouritesPath,
                settingsPath: settingsPath, screenshotPath: screenshotPath)
        }
    }

    /// The ids of the installed packages `names` stands for (every architecture of a bare
    /// name), in order.
    private func packageIDs(named names: [String], in source: PackageSource) throws -> [String] {
        try names.flatMap { name in
            let ids = source.packages.filter { $0.id == name || $0.name == name }.map(\.id)
            guard !ids.isEmpty else { throw ValidationError("--add-favourite: no installed package \(name) in \(source.path)") }
            return ids
        }
    }

    @MainActor
    private static func showBigList(
        _ makeViewer: @autoclosure () -> BigListWindow, direction: TextDirection?, scrolledTo fraction: Double?, screenshotPath: String?
    ) throws {
        guard GtkRuntime.initialize() else {
            throw NoDisplay()
        }
        direction?.makeDefault()
        let viewer = makeViewer()
        // A screenshot, or a place in the list, needs the items.
        if screenshotPath != nil || fraction != nil { viewer.waitUntilLoaded() }
        if let fraction { viewer.scroll(toFraction: fraction) }
        try present(viewer.window, anomalies: viewer.anomalies, screenshotPath: screenshotPath)
    }

    /// The window of `--synthetic N`, its readings changing with `--live`.
    @MainActor
    private static func syntheticWindow(count: Int, live: Bool, search: String, grid: Bool) -> BigListWindow {
        guard live else { return BigListWindow(source: SyntheticSource(count: count), search: search, grid: grid) }
        let window = BigListWindow(source: LiveSyntheticSource(count: count), search: search)
        window.startLiveFeed()
        return window
    }

    @MainActor
    private static func showFolderTree(
        root: String, expanding paths: [String], direction: TextDirection?, settingsPath: String?, screenshotPath: String?
    ) throws {
        guard GtkRuntime.initialize() else {
            throw NoDisplay()
        }
        direction?.makeDefault()
        // A settings file that cannot be read is reported on stderr: the declared columns show.
        let viewer = FolderTreeWindow(root: root, settings: settingsPath.map { ViewerSettings(path: $0) })
        gtk_widget_show_all(viewer.window)
        guard !viewer.showsRoot || viewer.expand([root] + paths) else {
            FileHandle.standardError.write(Data("package-viewer: could not open \(paths.joined(separator: ", "))\n".utf8))
            throw ExitCode.failure
        }
        try present(viewer.window, anomalies: viewer.anomalies, screenshotPath: screenshotPath)
    }

    @MainActor
    private static func showDependencyTree(
        _ packages: [InstalledPackage], expanding paths: [String], direction: TextDirection?, screenshotPath: String?
    ) throws {
        guard GtkRuntime.initialize() else {
            throw NoDisplay()
        }
        direction?.makeDefault()
        let viewer = DependencyTreeWindow(packages: packages)
        guard viewer.expand(paths) else {
            FileHandle.standardError.write(Data("package-viewer: no such dependency path among \(paths.joined(separator: ", "))\n".utf8))
            throw ExitCode.failure
        }
        try present(viewer.window, anomalies: viewer.anomalies, screenshotPath: screenshotPath)
    }

    @MainActor
    private static func showWindow(
        source: PackageSource, searchText: String, order: PackageOrder?, grid: Bool, direction: TextDirection?, favouritesPath: String,
        settingsPath: String?, screenshotPath: String?
    ) throws {
        guard GtkRuntime.initialize() else {
            throw NoDisplay()
        }
        direction?.makeDefault()
        // A settings file that cannot be read is reported on stderr: the declared columns show.
        let settings = settingsPath.map { ViewerSettings(path: $0) }
        let viewer = PackageListWindow(
            source: source, searchText: searchText, order: order, showsGrid: grid, favouritesFile: favouritesPath, settings: settings)
        if let problem = viewer.favouritesProblem {
            // Not fatal: the packages are still worth showing, and the file stays as it was.
            FileHandle.standardError.write(Data("package-viewer: \(problem); showing no favourites, the file was left as it is\n".utf8))
        }
        try present(viewer.window, anomalies: viewer.anomalies, screenshotPath: screenshotPath)
    }

    /// Runs `window` until closed, or renders it into `screenshotPath` (failing when the manager
    /// reported anomalies).
    @MainActor
    static func present(_ window: UnsafeMutablePointer<GtkWidget>, anomalies: [ManagerAnomaly], screenshotPath: String?) throws {
        if let screenshotPath {
            guard anomalies.isEmpty else { throw ListProblems(anomalies: anomalies) }
            try WindowSnapshot.capture(window, to: screenshotPath)
            gtk_widget_destroy(window)
            print("wrote \(screenshotPath)")
            return
        }
        Signal.connect(window, "destroy") { _ in GtkRuntime.quit() }
        gtk_widget_show_all(window)
        GtkRuntime.run()
    }
}

/// Which way the window reads: `--direction rtl|ltr`.
enum TextDirection: String, CaseIterable, Sendable, ExpressibleByArgument {
    case ltr, rtl

    /// Makes it GTK's default direction, which every widget made afterwards takes: after
    /// `gtk_init` (which sets the locale's) and before the window is built.
    @MainActor func makeDefault() {
        gtk_widget_set_default_direction(self == .rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }
}

/// The manager reported problems while building the list.
private struct ListProblems: Error, CustomStringConvertible {
    let anomalies: [ManagerAnomaly]
    var description: String {
        "the list manager reported \(anomalies.count) problem(s): " + anomalies.map(\.debugDescription).joined(separator: "; ")
    }
}

/// GTK could not open a display.
struct NoDisplay: Error, CustomStringConvertible {
    var description: String {
        "cannot open an X display: set DISPLAY, or run headless with xvfb-run -a and --screenshot FILE"
    }
}
