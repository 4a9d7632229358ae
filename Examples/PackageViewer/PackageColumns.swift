import GtkListManager
import ModelStorage

/// The columns of the packages table, and how the storage compares packages for each sortable
/// one: the window's table and its `SortedStorage` both read them from here.
///
/// An icon of the package's section leads (`PackageSectionIcon`); the Share column is a bar of
/// the package's part of its section's installed size. Name and Description share the width the others leave (two fifths and three fifths of it),
/// so the table always fills the window; Version, Size and Section fit their content, measured from
/// the packages (a sample across the whole list), never from the rows on screen. Sorting happens
/// within each Debian section, so the Section column sorts nothing and is not sortable.
enum PackageColumns {
    static let kind = "kind"
    static let name = "name"
    static let version = "version"
    static let size = "size"
    static let share = "share"
    static let section = "section"
    static let description = "description"

    /// The columns in their declared order. The name says which package a row is (and shows
    /// its star): it cannot be hidden.
    /// Each copies (Ctrl+C) the text it shows (`text(of:in:)`), the name for the Name, the
    /// section for the icon; the Share
    /// copies what its bar says (read from a cell filled for the package: its percentage).
    static let all: [TableColumn] = [
        TableColumn(kind, title: "", width: .fixed(40), minimumWidth: 40, isResizable: false, isSortable: false),
        TableColumn(name, title: "Name", width: .share(2), minimumWidth: 140, isHideable: false),
        TableColumn(version, title: "Version", width: .fitContent, minimumWidth: 64, maximumWidth: 200),
        TableColumn(size, title: "Size", width: .fitContent, minimumWidth: 64),
        TableColumn(share, title: "Share", width: .fixed(90), minimumWidth: 48, isSortable: false),
        TableColumn(section, title: "Section", width: .fitContent, minimumWidth: 64, maximumWidth: 200, isSortable: false),
        TableColumn(description, title: "Description", width: .share(3), minimumWidth: 160),
    ].map { column in
        var column = column
        let id = column.id
        guard id != share else { return column }
        column.copyText = { model, _ in
            (model as? InstalledPackage).map { package in
                switch id {
                case name: package.name
                case kind: package.section
                default: text(of: package, in: id) ?? ""
                }
            }
        }
        return column
    }

    /// The text the cell of `column` shows for `package` (what the menu's "Copy" copies); nil
    /// for the name, whose cell shows a star too, the icon and the share's bar.
    @MainActor static func text(of package: InstalledPackage, in column: String) -> String? {
        switch column {
        case version: package.version
        case size: package.installedSizeKiB.map(PackageRow.formatted(kibibytes:)) ?? PackageSizeCell.unknownSize
        case section: package.section
        case description: package.summary
        default: nil
        }
    }

    /// How packages compare for each sortable column; packages equal for every key of a sort are
    /// ordered by name, then architecture (multiarch packages share a name).
    static let comparisons = ColumnComparisons<InstalledPackage>(breakingTiesBy: {
        ($0.name, $0.architecture) < ($1.name, $1.architecture)
    })
    .column(name, byText: \.name)
    .column(version, byText: \.version)
    .column(size, by: \.installedSizeKiB)
    .column(description, byText: \.summary)

    /// How the table groups packages: by Section (the header menu offers it there), each group
    /// adding up its packages' installed sizes in the Size column (a package without a recorded
    /// size adds nothing).
    static let groupings = ColumnGroupings<InstalledPackage>()
        .column(section, byText: \.section)
        .total(size, .sum, of: \.knownSizeKiB)

    /// The columns' state of a window without saved settings: grouped by Section.
    static let defaultState = ColumnState(grouping: [section])

    /// `state` as the table can show it: no column hidden that may not be (a settings file edited
    /// by hand), its sort sanitized, grouped by no column the groupings do not declare.
    static func sanitized(_ state: ColumnState) -> ColumnState {
        var state = state
        state.hidden = state.hidden.filter { id in all.contains { $0.id == id && $0.isHideable } }
        state.grouping = state.grouping.filter(groupings.columns.contains)
        state.sort = sanitized(state.sort)
        return state
    }

    /// `sort` without the keys that name no sortable column (a settings file from another
    /// version of the viewer, or edited by hand), and without repeated columns; the name order
    /// when nothing is left.
    static func sanitized(_ sort: [SortKey]) -> [SortKey] {
        var seen = Set<String>()
        let kept = sort.filter { key in comparisons.columns.contains(key.column) && seen.insert(key.column).inserted }
        return kept.isEmpty ? [PackageOrder.name.sortKey] : kept
    }
}
