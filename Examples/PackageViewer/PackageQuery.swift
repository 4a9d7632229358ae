import ArgumentParser
import ModelStorage

/// What the viewer shows of the installed packages: those matching a search, in an order.
struct PackageQuery: Equatable, Sendable {
    /// Case-insensitive text looked up in names and descriptions; empty matches everything.
    var searchText = ""
    /// How packages are sorted within their group (or section, in the grid; all of them when the
    /// table is ungrouped): the table's sort, its primary key first.
    var sort = [PackageOrder.name.sortKey]

    /// Whether a package matches the search; nil when every package does.
    var filter: FilteredStorage<InstalledPackage>.Filter? {
        let needle = searchText.lowercased()
        guard !needle.isEmpty else { return nil }
        return { $0.name.lowercased().contains(needle) || $0.summary.lowercased().contains(needle) }
    }

    /// The packages of `packages` that match the search.
    func matching(_ packages: [InstalledPackage]) -> [InstalledPackage] {
        filter.map { packages.filter($0) } ?? packages
    }

    /// Whether `lhs` comes before `rhs` in this query's order.
    var comparator: @Sendable (InstalledPackage, InstalledPackage) -> Bool {
        PackageColumns.comparisons.comparator(for: sort)
    }
}

/// The orders the header bar's sort switch and `--sort` offer: a sortable column of the table,
/// the way people mostly want it.
enum PackageOrder: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Alphabetically by name.
    case name
    /// By version, numbers compared by value.
    case version
    /// Largest installed size first (unknown sizes last).
    case size
    /// Alphabetically by description.
    case description

    /// The title of the order in the sort switch.
    var title: String {
        switch self {
        case .name: "Name"
        case .version: "Version"
        case .size: "Size"
        case .description: "Description"
        }
    }

    /// The table column sorted by.
    var column: String { rawValue }

    /// The sort key of the order: sizes largest first, the others ascending.
    var sortKey: SortKey { SortKey(column, ascending: self != .size) }

    /// The order whose column is the primary key of `sort`; nil when it is another column, or
    /// the sort is empty.
    init?(primaryKeyOf sort: [SortKey]) {
        guard let first = sort.first, let order = PackageOrder(rawValue: first.column) else { return nil }
        self = order
    }
}
