import Foundation

/// The viewer's bundled dpkg sample, read from the source tree so every machine sees the same
/// packages.
enum BundledSample {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/PackageViewer/Resources/sample-dpkg-status").path
}
