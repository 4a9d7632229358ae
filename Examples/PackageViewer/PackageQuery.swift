import ArgumentParser

/// What the viewer shows of the installed packages: those matching a search, in an order.
struct PackageQuery: Equatable, Sendable {
    /// Case-insensitive text looked up in names and descriptions; empty matches everything.
    var searchText = ""
    var order = PackageOrder.name

    /// The packages of `packages` that match the search.
    func matching(_ packages: [InstalledPackage]) -> [InstalledPackage] {
        let needle = searchText.lowercased()
        guard !needle.isEmpty else { return packages }
        return packages.filter { $0.name.lowercased().contains(needle) || $0.summary.lowercased().contains(needle) }
    }
}

/// How packages are sorted within their section.
enum PackageOrder: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Alphabetically by name.
    case name
    /// Largest installed size first (unknown sizes last), then by name.
    case size

    /// The title of the order in the sort switch.
    var title: String {
        switch self {
        case .name: "Name"
        case .size: "Size"
        }
    }

    /// The storage's comparator for this order; total, so equal keys never depend on arrival.
    var comparator: @Sendable (InstalledPackage, InstalledPackage) -> Bool {
        switch self {
        case .name:
            { ($0.name, $0.architecture) < ($1.name, $1.architecture) }
        case .size:
            { lhs, rhs in
                let (left, right) = (lhs.installedSizeKiB ?? -1, rhs.installedSizeKiB ?? -1)
                return left != right ? left > right : (lhs.name, lhs.architecture) < (rhs.name, rhs.architecture)
            }
        }
    }
}
