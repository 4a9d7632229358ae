import Foundation

/// Where the viewer reads the installed packages from.
struct PackageSource: Sendable {
    /// dpkg's own database on Debian and Ubuntu.
    static let systemDatabasePath = "/var/lib/dpkg/status"

    /// The file that was read.
    var path: String
    /// Its installed packages.
    var packages: [InstalledPackage]

    enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case missingSample

        var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            case .missingSample: "the bundled sample-dpkg-status resource is missing"
            }
        }
    }

    /// Reads `explicitPath` if given, else the system database, else the bundled sample
    /// (machines without dpkg still get a list).
    static func load(explicitPath: String?) throws -> PackageSource {
        let path = try explicitPath ?? defaultPath()
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw LoadError.unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        return PackageSource(path: path, packages: DpkgDatabase.installedPackages(in: text))
    }

    private static func defaultPath() throws -> String {
        if FileManager.default.isReadableFile(atPath: systemDatabasePath) {
            return systemDatabasePath
        }
        guard let sample = Bundle.module.path(forResource: "sample-dpkg-status", ofType: nil) else {
            throw LoadError.missingSample
        }
        return sample
    }
}
