import ModelStorage

/// What the user made of a table's columns: their order, the widths they dragged, the columns
/// they hid, the sort and the grouping they chose. `Codable`: save it with the app's settings, per list, and
/// give it back to ``ListTable/state`` when the list opens again.
///
/// ```swift
/// let saved = try JSONEncoder().encode(table.state)
/// // … next start:
/// table.state = try JSONDecoder().decode(ColumnState.self, from: saved)
/// ```
///
/// A state names columns by identifier. Restored into a table whose columns changed since,
/// unknown identifiers are ignored and new columns take their declared place and width.
public struct ColumnState: Hashable, Codable, Sendable {
    /// Column identifiers in the order the user sees them, hidden columns included.
    public var order: [String]
    /// The widths the user set by dragging or fitting, by column identifier.
    public var widths: [String: Int]
    /// The columns the user hid.
    public var hidden: Set<String>
    /// The sort, its primary key first; empty when unsorted.
    public var sort: [SortKey]
    /// How many leading shown columns stay put while the others scroll sideways (frozen);
    /// 0 for none. A state saved before frozen columns existed decodes with 0.
    public var frozenColumnCount: Int
    /// The columns rows are grouped by, outermost first; empty when not grouped
    /// (``ListTable/grouping``). A state saved before grouping existed decodes with none.
    public var grouping: [String]

    /// A state; empty, it keeps the declared order, widths and visibility, unsorted, nothing
    /// frozen, not grouped.
    ///
    /// - Parameters:
    ///   - order: column identifiers in the order shown.
    ///   - widths: the widths set by the user, by column.
    ///   - hidden: the hidden columns.
    ///   - sort: the sort, its primary key first.
    ///   - frozenColumnCount: how many leading shown columns are frozen.
    ///   - grouping: the columns grouped by, outermost first.
    public init(
        order: [String] = [], widths: [String: Int] = [:], hidden: Set<String> = [], sort: [SortKey] = [],
        frozenColumnCount: Int = 0, grouping: [String] = []
    ) {
        self.order = order
        self.widths = widths
        self.hidden = hidden
        self.sort = sort
        self.frozenColumnCount = frozenColumnCount
        self.grouping = grouping
    }

    private enum CodingKeys: String, CodingKey {
        case order, widths, hidden, sort, frozenColumnCount, grouping
    }

    /// Decodes a state; one saved before a key existed gets its default (nothing frozen, not
    /// grouped).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        order = try container.decodeIfPresent([String].self, forKey: .order) ?? []
        widths = try container.decodeIfPresent([String: Int].self, forKey: .widths) ?? [:]
        hidden = try container.decodeIfPresent(Set<String>.self, forKey: .hidden) ?? []
        sort = try container.decodeIfPresent([SortKey].self, forKey: .sort) ?? []
        frozenColumnCount = try container.decodeIfPresent(Int.self, forKey: .frozenColumnCount) ?? 0
        grouping = try container.decodeIfPresent([String].self, forKey: .grouping) ?? []
    }

    /// The columns in this state's order: known identifiers first, in its order, then the
    /// columns it does not name, in their declared order.
    func ordered(_ columns: [TableColumn]) -> [TableColumn] {
        let byID = Dictionary(columns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var placed = Set<String>()
        var result: [TableColumn] = []
        for id in order {
            guard let column = byID[id], placed.insert(id).inserted else { continue }
            result.append(column)
        }
        return result + columns.filter { !placed.contains($0.id) }
    }

    /// The state as `columns` allow it (a state saved earlier, or edited by hand): columns that
    /// are not hideable shown, at least one column shown, and no sort by a column that is not
    /// sortable.
    func allowed(by columns: [TableColumn]) -> ColumnState {
        var allowed = self
        let byID = Dictionary(columns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        allowed.hidden = hidden.filter { byID[$0]?.isHideable ?? true }
        if let first = ordered(columns).first, columns.allSatisfy({ allowed.hidden.contains($0.id) }) {
            allowed.hidden.remove(first.id)
        }
        allowed.sort = sort.filter { byID[$0.column]?.isSortable ?? false }
        allowed.frozenColumnCount = max(frozenColumnCount, 0)
        var grouped: [String] = []
        for column in grouping where byID[column] != nil && !grouped.contains(column) { grouped.append(column) }
        allowed.grouping = grouped
        return allowed
    }
}
