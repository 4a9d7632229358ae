// swift-tools-version:6.0
// The smallest application on GtkListManager, written as a user's own package would be: it
// depends on a release of the package by version and uses only the public API. The URL is the
// package's git repository, here a clone next to the app's folder. CI builds it outside the
// repository (`make consumer`, against the checkout under test tagged with its version) to prove
// that what the README shows compiles for a user.
import PackageDescription

let package = Package(
    name: "MinimalApp",
    dependencies: [
        .package(url: "../GtkListManager", .upToNextMinor(from: "0.9.0")),
        // Only for the database examples of DocumentationExamples.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Only for the PostgreSQL examples (a record reads PostgresNIO's rows).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "MinimalApp",
            dependencies: [
                "DocumentationExamples",
                .product(name: "GtkListManager", package: "GtkListManager"),
                .product(name: "GtkListManagerTesting", package: "GtkListManager"),
                .product(name: "ModelStorage", package: "GtkListManager"),
                .product(name: "CGtk", package: "GtkListManager"),
            ]
        ),
        // Every code example of the README and the DocC articles, compiled as a user's code:
        // scripts/check-doc-examples.sh checks that each example's lines are found here.
        .target(
            name: "DocumentationExamples",
            dependencies: [
                .product(name: "GtkListManager", package: "GtkListManager"),
                .product(name: "ModelStorage", package: "GtkListManager"),
                .product(name: "GRDBStorage", package: "GtkListManager"),
                .product(name: "GtkListManagerTesting", package: "GtkListManager"),
                .product(name: "CGtk", package: "GtkListManager"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresStorage", package: "GtkListManager"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.process("PackageRow.ui")]
        ),
    ]
)
