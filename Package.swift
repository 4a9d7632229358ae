// swift-tools-version:6.1
// Swift 6 language mode: strict concurrency checking is an error, not a warning.
import PackageDescription

let package = Package(
    name: "GtkListManager",
    products: [
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        .library(name: "GtkListManager", targets: ["GtkListManager"]),
        // A storage over a live SQLite query, kept apart so ModelStorage needs no database.
        .library(name: "GRDBStorage", targets: ["GRDBStorage"]),
        // A storage over a PostgreSQL server's table, kept apart so the others need no server
        // client; empty when the package's `PostgreSQL` trait is off.
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        // Proves a host written outside the package: the conformance suite, run from its tests.
        .library(name: "GtkListManagerTesting", targets: ["GtkListManagerTesting"]),
        // GTK 3 itself, for the row classes and windows of an application: `import CGtk`.
        .library(name: "CGtk", targets: ["CGtk"]),
        .executable(name: "package-viewer", targets: ["PackageViewer"]),
        .executable(name: "list-benchmarks", targets: ["ListBenchmarks"]),
    ],
    traits: [
        // The PostgreSQL storage and its client (PostgresNIO, SwiftNIO). On by default; an app
        // that shows no server's data turns it off (`traits: []` on its `.package` line), and so
        // does the AddressSanitizer run, which would build SwiftNIO once more.
        .trait(name: "PostgreSQL", description: "PostgresStorage: lists over a PostgreSQL server (PostgresNIO)"),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        // Anomaly reports go through swift-log so applications choose where they end up.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The sample viewer's command line (`--screenshot FILE`, modes).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SQLite for the database storage: observation of queries, pools, migrations.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The PostgreSQL storage's client: connections, queries, LISTEN/NOTIFY (trait PostgreSQL).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS settings for it (certificate verification, trusted roots); PostgresNIO's own TLS.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // `swift package generate-documentation`: the DocC catalogs as a static site (`make docs`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C boundary: GTK 3 as a system library, plus a shim header for macros,
        // variadic calls and the libdispatch → GLib main-loop bridge.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),

        // What screen readers are told about rows (ATK, read through AT-SPI): the accessible of a
        // host's row widget and of a row with no widget, both answered by the list's host.
        .target(name: "CAccessibility", dependencies: ["CGtk"]),

        // The virtualized host's widgets, GObject subclasses written in C: a scrollable container
        // whose window is the viewport, and the row widget bound rows sit in.
        .target(name: "CVirtualList", dependencies: ["CGtk", "CAccessibility"]),

        // Data layer: storages, change sets, transactions, anomalies. Knows nothing of GTK.
        .target(
            name: "ModelStorage",
            dependencies: [.product(name: "Logging", package: "swift-log")]
        ),

        // Persistence: a storage that follows a live SQLite query (GRDB). Knows nothing of GTK.
        .target(
            name: "GRDBStorage",
            dependencies: ["ModelStorage", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // Persistence on a server: a storage that pages a PostgreSQL query by key and follows its
        // table's notifications. Knows nothing of GTK.
        .target(
            name: "PostgresStorage",
            dependencies: [
                "ModelStorage",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),

        // A seeded generator shared by the randomized tests and the benchmarks (not a product).
        .target(name: "SeededRandom"),

        // List management on GTK 3: boot, main loop, hosts, manager. Its GTK assets (the CSS
        // theme, the built-in .ui definitions) live in Resources/GtkListManager and are compiled
        // in as a GResource bundle: registered at run time, nothing to install or find on disk.
        .target(
            name: "GtkListManager",
            dependencies: ["CGtk", "CAccessibility", "CVirtualList", "ModelStorage"],
            plugins: ["GResourceEmbedder"]
        ),
        .plugin(name: "GResourceEmbedder", capability: .buildTool()),

        // The host conformance suite: any ListHost driven through a manager in a shown window
        // and checked from GTK (splices, binding, selection, focus, scrolling, teardown).
        .target(
            name: "GtkListManagerTesting",
            dependencies: ["GtkListManager", "ModelStorage", "CGtk", "SeededRandom"]
        ),

        // What the sample viewer reads from disk (the dpkg status file, its settings, its
        // favourites), apart from its windows so that the fuzz targets read the same (not a product).
        .target(
            name: "PackageViewerFiles",
            dependencies: [
                "GtkListManager", "ModelStorage", "GRDBStorage", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Examples/PackageViewerFiles"
        ),

        // The sample viewer application.
        .executableTarget(
            name: "PackageViewer",
            dependencies: [
                "GtkListManager", "ModelStorage", "CGtk", "PackageViewerFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Favourites: an SQLite file shown by a database storage.
                "GRDBStorage", .product(name: "GRDB", package: "GRDB.swift"),
                // --postgres: a server's table, paged.
                .target(name: "PostgresStorage", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Examples/PackageViewer",
            resources: [.copy("Resources/sample-dpkg-status"), .process("Resources/PackageRow.ui")]
        ),

        // Measured, not assumed: ratios side by side in one release run.
        .executableTarget(
            name: "ListBenchmarks",
            dependencies: [
                "ModelStorage", "GtkListManager", "CGtk", "CVirtualList", "SeededRandom",
                "GRDBStorage", .product(name: "GRDB", package: "GRDB.swift"),
                // list-benchmarks postgres: a server's table, paged.
                .target(name: "PostgresStorage", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Benchmarks/ListBenchmarks"
        ),

        // A client in the Swift 5 language mode that calls main-actor API from its own thread;
        // the wrong-thread tests run it in child processes and read its last words.
        .executableTarget(
            name: "ThreadMisuseProbe",
            dependencies: ["GtkListManager", "ModelStorage", "CGtk"],
            path: "Tests/Probes/ThreadMisuseProbe",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // The app the accessibility suite reads from another process, as a screen reader does
        // (`Tests/Accessibility`): one list on the host and with the rows its options say.
        .executableTarget(
            name: "AccessibilityFixture",
            dependencies: [
                "GtkListManager", "ModelStorage", "CGtk", "GtkTestSupport",
                // --postgres: a server's table, its edits saved there.
                .target(name: "PostgresStorage", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            path: "Tests/Probes/AccessibilityFixture"
        ),

        // Another process writing to a database the tests show (`DatabaseWriterProbe PATH SQL...`).
        .executableTarget(
            name: "DatabaseWriterProbe",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/Probes/DatabaseWriterProbe"
        ),

        // GTK helpers only the tests use (type checks, variadic wrappers): not in the product shim.
        .systemLibrary(name: "CGtkTestSupport", path: "Tests/Support/CGtkTestSupport", pkgConfig: "gtk+-3.0"),

        // What every suite that shows GTK needs, written once (not a product): letting the main
        // loop settle, type checks, a container's children, menus' items.
        .target(name: "GtkTestSupport", dependencies: ["GtkListManager", "CGtk"], path: "Tests/Support/GtkTestSupport"),

        // GLib's warnings and criticals as test failures: a log writer in C, installed before
        // `main`, records them (and still prints them); an XCTest observer fails the test that
        // logged one its expected list does not name.
        .target(name: "CGtkLogRecorder", dependencies: ["CGtk"], path: "Tests/Support/CGtkLogRecorder"),
        .target(name: "GtkLogCheck", dependencies: ["CGtkLogRecorder"], path: "Tests/Support/GtkLogCheck"),

        .testTarget(
            name: "ModelStorageTests",
            dependencies: [
                "ModelStorage", "SeededRandom", "DifferChecks", "StorageTestDoubles", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the differ's script must do, checked independently of it: its tests and its fuzz
        // target share it.
        .target(name: "DifferChecks", dependencies: ["ModelStorage"], path: "Tests/Support/DifferChecks"),
        // Storages with a bug of their own, for the suites that check what the library makes of one.
        .target(name: "StorageTestDoubles", dependencies: ["ModelStorage"], path: "Tests/Support/StorageTestDoubles"),
        // Fuzz targets (issue 58): ordinary executables that replay their committed corpus
        // (Fuzz/Corpus, `make test`), libFuzzer targets when scripts/fuzz.sh builds them with
        // `-sanitize=fuzzer,address -DFUZZING` (`make fuzz`).
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(name: "DifferFuzz", dependencies: ["FuzzDriver", "DifferChecks", "ModelStorage"], path: "Fuzz/DifferFuzz"),
        .executableTarget(name: "FilterFuzz", dependencies: ["FuzzDriver", "ModelStorage"], path: "Fuzz/FilterFuzz"),
        .executableTarget(name: "OutlineFuzz", dependencies: ["FuzzDriver", "ModelStorage"], path: "Fuzz/OutlineFuzz"),
        .executableTarget(
            name: "ChangeSetFuzz", dependencies: ["FuzzDriver", "GtkListManager", "ModelStorage", "CGtk"], path: "Fuzz/ChangeSetFuzz"),
        .executableTarget(name: "DpkgFuzz", dependencies: ["FuzzDriver", "PackageViewerFiles"], path: "Fuzz/DpkgFuzz"),
        .executableTarget(
            name: "ViewerFilesFuzz",
            dependencies: ["FuzzDriver", "PackageViewerFiles", "GtkListManager", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Fuzz/ViewerFilesFuzz"
        ),
        // The sample viewer's window driven for real: search, sort switch, rows in the list box,
        // favourites in their SQLite file.
        .testTarget(
            name: "PackageViewerTests",
            dependencies: [
                "PackageViewer", "GtkListManager", "GtkListManagerTesting", "GtkTestSupport", "GtkLogCheck", "ModelStorage",
                "CGtk",
                "GRDBStorage", .product(name: "GRDB", package: "GRDB.swift"),
                // The --postgres window against the test server.
                .target(name: "PostgresStorage", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // The PostgreSQL storage against a real server (scripts/postgres-test-server.sh).
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: [
                "PostgresStorage", "ModelStorage",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "GtkListManagerTests",
            dependencies: [
                "GtkListManager", "GtkListManagerTesting", "GtkTestSupport", "GtkLogCheck", "CGtk", "CGtkTestSupport",
                "ModelStorage", "StorageTestDoubles",
                "SeededRandom",
                // The database storage under a real list: SQLite files in a temporary folder.
                "GRDBStorage", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.process("Interfaces")]
        ),
    ]
)
