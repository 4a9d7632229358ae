/// The installed size of each Debian section, for the Share column: what part of its section's
/// size a package takes.
struct SectionSizes: Sendable {
    private let kibibytes: [String: Int]

    init(_ packages: [InstalledPackage]) {
        var kibibytes: [String: Int] = [:]
        for package in packages { kibibytes[package.section, default: 0] += package.installedSizeKiB ?? 0 }
        self.kibibytes = kibibytes
    }

    /// `package`'s part of its section's installed size, 0 to 1; nil when its size is unknown.
    func share(of package: InstalledPackage) -> Double? {
        guard let size = package.installedSizeKiB else { return nil }
        let total = kibibytes[package.section] ?? 0
        return total > 0 ? Double(size) / Double(total) : 0
    }
}
