/// The installed packages of one Debian section, as shown under one list header.
struct PackageSection: Sendable, Hashable {
    /// The section name, such as `libs` or `utils`.
    var title: String
    /// The packages of the section, sorted by name.
    var packages: [InstalledPackage]

    /// Groups `packages` by section: sections sorted by title, packages by name.
    static func grouped(_ packages: [InstalledPackage]) -> [PackageSection] {
        let sorted = packages.sorted { ($0.section, $0.name) < ($1.section, $1.name) }
        var sections: [PackageSection] = []
        for package in sorted {
            if sections.last?.title == package.section {
                sections[sections.count - 1].packages.append(package)
            } else {
                sections.append(PackageSection(title: package.section, packages: [package]))
            }
        }
        return sections
    }
}
