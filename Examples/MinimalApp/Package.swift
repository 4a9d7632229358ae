// swift-tools-version:6.0
// The smallest application on GtkListManager, written as a user's own package would be: it
// depends on a checkout next to it and uses only the public API. CI builds it outside the
// repository (`make consumer`) to prove that what the README shows compiles for a user.
import PackageDescription

let package = Package(
    name: "MinimalApp",
    dependencies: [
        .package(path: "../GtkListManager"),
    ],
    targets: [
        .executableTarget(
            name: "MinimalApp",
            dependencies: [
                .product(name: "GtkListManager", package: "GtkListManager"),
                .product(name: "ModelStorage", package: "GtkListManager"),
                .product(name: "CGtk", package: "GtkListManager"),
            ]
        ),
    ]
)
