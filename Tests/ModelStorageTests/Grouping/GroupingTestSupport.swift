import ModelStorage

/// A row of a grouped table: grouped by `kind` (text), then `tier`; totals of `size` and
/// `weight` (quarters, so sums of reals are exact).
struct Line: Identifiable, Equatable, Diffable, Sendable, CustomStringConvertible {
    var id: Int
    var kind: String
    var tier: Int
    var size: Int
    var weight: Double

    var description: String { "L\(id)" }
}

/// The groupings the tests use: `kind` and `tier`, five totals.
let lineGroupings = ColumnGroupings<Line>()
    .column("kind", byText: \.kind)
    .column("tier", by: \.tier) { "tier \($0)" }
    .total("size", .sum, of: \.size)
    .total("least", .minimum, of: \.size)
    .total("heaviest", .maximum, of: \.weight)
    .total("weight", .average, of: \.weight)
    .total("id", .count, of: \.id)

/// A short text for a row model: `L<id>` for an item, `G[path] n=count {totals}` for a group.
func rowText(_ model: Any?) -> String {
    switch model {
    case let line as Line: return line.description
    case let group as ItemGroup:
        let totals = group.totals.keys.sorted().map { "\($0)=\(group.totals[$0]!)" }.joined(separator: ",")
        return "G[\(group.id)] \(group.title) n=\(group.count) {\(totals)}"
    default: return "?\(String(describing: model))"
    }
}

/// What the grouped storage shows, row by row.
@MainActor
func shownRows(_ storage: GroupedStorage<Line>) -> [String] {
    (0..<storage.numberOfItems(inSection: 0)).map { rowText(storage.item(at: IndexPath(item: $0, section: 0))) }
}

/// The rows a grouping of `lines` (in the base's order) by `columns` should show, worked out
/// the slow way: groups sorted, totals added from scratch; groups of `collapsed` closed.
func referenceRows(of lines: [Line], by columns: [String], collapsed: Set<GroupPath>) -> [String] {
    func value(_ line: Line, _ column: String) -> AnyHashable { column == "kind" ? AnyHashable(line.kind) : AnyHashable(line.tier) }
    func title(_ value: AnyHashable, _ column: String) -> String { column == "kind" ? value.base as! String : "tier \(value.base as! Int)" }
    func totals(_ members: [Line]) -> [String: GroupTotal.Value] {
        var totals: [String: GroupTotal.Value] = [
            "size": .integer(members.reduce(0) { $0 + $1.size }), "id": .integer(members.count),
        ]
        if let least = members.map(\.size).min() { totals["least"] = .integer(least) }
        if let heaviest = members.map(\.weight).max() { totals["heaviest"] = .real(heaviest) }
        if !members.isEmpty { totals["weight"] = .real(members.reduce(0.0) { $0 + $1.weight } / Double(members.count)) }
        return totals
    }
    func rows(_ members: [Line], level: Int, path: [AnyHashable]) -> [String] {
        guard level < columns.count else { return members.map(\.description) }
        let column = columns[level]
        var values: [AnyHashable] = []
        for line in members where !values.contains(value(line, column)) { values.append(value(line, column)) }
        values.sort { lhs, rhs in
            if let left = lhs.base as? String, let right = rhs.base as? String { return left < right }
            return (lhs.base as! Int) < (rhs.base as! Int)
        }
        var result: [String] = []
        for group in values {
            let inside = members.filter { value($0, column) == group }
            let groupPath = GroupPath(path + [group])
            let model = ItemGroup(
                id: groupPath, column: column, title: title(group, column), level: level, count: inside.count, totals: totals(inside))
            result.append(rowText(model))
            if !collapsed.contains(groupPath) { result += rows(inside, level: level + 1, path: path + [group]) }
        }
        return result
    }
    return rows(lines, level: 0, path: [])
}

/// Every `Line` of `storage`, section by section, in order.
@MainActor
func baseLines(_ storage: any Storage) -> [Line] {
    (0..<storage.numberOfSections).flatMap { storage.models(inSection: $0).compactMap { $0 as? Line } }
}
