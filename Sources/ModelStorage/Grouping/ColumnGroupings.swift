/// How the items of a table group for each of its groupable columns, and the totals a group
/// row shows, declared once by column identifier, as ``ColumnComparisons`` declares sorts: a
/// ``GroupedStorage`` groups by the columns a user chose.
///
/// ```swift
/// let groupings = ColumnGroupings<Package>()
///     .column("section", byText: \.section)              // groups in collation order
///     .column("installed", by: \.isInstalled) { $0 ? "Installed" : "Available" }
///     .total("size", .sum, of: \.size)
///     .total("rating", .average, of: \.rating)
/// grouped.group(by: ["section"], using: groupings)
/// ```
///
/// ## Groups
/// - Items with equal values of a column form a group; groups are ordered by value, ascending,
///   text columns by their collation key (``TextComparison/localizedStandard``'s order).
/// - A column grouped by but not declared is left out
///   (``GroupedStorage/group(by:using:descending:revealing:execution:completion:)`` reports it).
///
/// ## Totals
/// Each total is kept for every group, at every level, as items come, go and change: a sum
/// and a count in O(1) per changed item, a minimum or maximum in O(log n) (an ordered
/// multiset of the group's values), an average as sum over count. `Double` minima and maxima
/// leave NaN out. Sums of `Int` wrap on overflow.
public struct ColumnGroupings<Item>: Sendable {
    /// Reads one column's group value of an item and turns values into titles and an order.
    @usableFromInline
    struct Grouper: Sendable {
        let value: @Sendable (Item) -> GroupValue
        let title: @Sendable (GroupValue) -> String
        let order: @Sendable (GroupValue) -> GroupOrder
        /// The groups of every item at once (a regrouping's pass over the base).
        let codes: GroupCodes.Reader<Item>

        @usableFromInline
        init(
            value: @escaping @Sendable (Item) -> GroupValue, title: @escaping @Sendable (GroupValue) -> String,
            order: @escaping @Sendable (GroupValue) -> GroupOrder, codes: @escaping GroupCodes.Reader<Item>
        ) {
            self.value = value
            self.title = title
            self.order = order
            self.codes = codes
        }
    }

    /// One declared total.
    @usableFromInline
    struct Total: Sendable {
        @usableFromInline
        enum Reader: Sendable {
            case integer(@Sendable (Item) -> Int)
            case real(@Sendable (Item) -> Double)
        }
        let column: String
        let kind: GroupTotal.Kind
        let reader: Reader
        /// Every item's value at once (a regrouping's pass over the base).
        let values: TotalValues.Reader<Item>

        @usableFromInline
        init(column: String, kind: GroupTotal.Kind, reader: Reader, values: @escaping TotalValues.Reader<Item>) {
            self.column = column
            self.kind = kind
            self.reader = reader
            self.values = values
        }
    }

    // The declarations below are inlinable, so an app's columns and totals compile for its own
    // types (Hot paths: 7): a regrouping reads a million values without a generic look-up each.
    var groupers: [String: Grouper] = [:]
    var totals: [Total] = []
    private var columnOrder: [String] = []

    /// No columns and no totals yet.
    public init() {}

    /// The identifiers of the columns declared groupable, in declaration order.
    public var columns: [String] { columnOrder }

    /// The columns that have a total, in declaration order (a column with two totals once).
    public var totalColumns: [String] {
        var seen: Set<String> = []
        return totals.compactMap { seen.insert($0.column).inserted ? $0.column : nil }
    }

    // MARK: - Declaring columns

    /// The column `identifier` groups items with equal `value`s, groups ordered by value;
    /// `title` writes a group's title (default: the value described). A column declared again
    /// replaces the earlier declaration.
    ///
    /// - Parameters:
    ///   - identifier: the column's identifier.
    ///   - value: the value items are grouped by.
    ///   - title: a group's title for its value.
    @inlinable
    public func column<Value: Hashable & Comparable & Sendable>(
        _ identifier: String, by value: KeyPath<Item, Value> & Sendable,
        title: @escaping @Sendable (Value) -> String = { "\($0)" }
    ) -> Self {
        adding(
            identifier,
            Grouper(
                value: { GroupValue($0[keyPath: value]) },
                title: { title($0.value.base as! Value) },
                order: { group in
                    GroupOrder.value(group) { lhs, rhs in
                        let left = lhs.value.base as! Value, right = rhs.value.base as! Value
                        return left < right ? -1 : (right < left ? 1 : 0)
                    }
                },
                codes: { models, handles, cancellation in GroupCodes(of: models, handles, cancellation) { $0[keyPath: value] } }))
    }

    /// The column `identifier` groups items with equal `text`, groups ordered as a person
    /// expects (natural, locale-aware: ``TextComparison/localizedStandard``); the title is the
    /// text.
    ///
    /// - Parameters:
    ///   - identifier: the column's identifier.
    ///   - text: the text items are grouped by.
    @inlinable
    public func column(_ identifier: String, byText text: KeyPath<Item, String> & Sendable) -> Self {
        adding(
            identifier,
            Grouper(
                value: { GroupValue($0[keyPath: text]) },
                title: { $0.value.base as! String },
                order: { group in GroupOrder.textOrder(of: group) },
                codes: { models, handles, cancellation in GroupCodes(of: models, handles, cancellation) { $0[keyPath: text] } }))
    }

    @usableFromInline
    func adding(_ identifier: String, _ grouper: Grouper) -> Self {
        var copy = self
        if copy.groupers.updateValue(grouper, forKey: identifier) == nil { copy.columnOrder.append(identifier) }
        return copy
    }

    // MARK: - Declaring totals

    /// Group rows show `kind` of the `Int` `value` of their items in the column `column`.
    ///
    /// - Parameters:
    ///   - column: the column the total shows in (a key of ``ItemGroup/totals``).
    ///   - kind: how values are added up; an average is a real number.
    ///   - value: each item's value.
    @inlinable
    public func total(_ column: String, _ kind: GroupTotal.Kind, of value: KeyPath<Item, Int> & Sendable) -> Self {
        adding(
            Total(
                column: column, kind: kind, reader: .integer { $0[keyPath: value] },
                values: { models, handles in .integers(TotalValues.read(models, handles, zero: 0) { $0[keyPath: value] }) }))
    }

    /// Group rows show `kind` of the `Double` `value` of their items in the column `column`.
    ///
    /// - Parameters:
    ///   - column: the column the total shows in (a key of ``ItemGroup/totals``).
    ///   - kind: how values are added up.
    ///   - value: each item's value.
    @inlinable
    public func total(_ column: String, _ kind: GroupTotal.Kind, of value: KeyPath<Item, Double> & Sendable) -> Self {
        adding(
            Total(
                column: column, kind: kind, reader: .real { $0[keyPath: value] },
                values: { models, handles in .reals(TotalValues.read(models, handles, zero: 0.0) { $0[keyPath: value] }) }))
    }

    /// A total declared again for the same column replaces the earlier one.
    @usableFromInline
    func adding(_ total: Total) -> Self {
        var copy = self
        if let index = copy.totals.firstIndex(where: { $0.column == total.column }) {
            copy.totals[index] = total
        } else {
            copy.totals.append(total)
        }
        return copy
    }

    /// The columns of `columns` that were not declared, in order.
    public func unknownColumns(in columns: [String]) -> [String] {
        columns.filter { groupers[$0] == nil }
    }
}

/// The order of a group among its siblings.
@usableFromInline
enum GroupOrder: Sendable {
    case text(CollationKey, String)
    case value(GroupValue, @Sendable (GroupValue, GroupValue) -> Int)

    /// The order of a text group: by collation key, then by the text.
    @usableFromInline
    static func textOrder(of group: GroupValue) -> GroupOrder {
        let string = group.value.base as! String
        return .text(Collator.current.key(string), string)
    }

    /// Negative, zero or positive as `self` comes first, ties, or comes last.
    func compare(_ other: GroupOrder) -> Int {
        switch (self, other) {
        case let (.text(lhsKey, lhs), .text(rhsKey, rhs)):
            let order = CollationKey.compare(lhsKey.bytes, rhsKey.bytes)
            return order != 0 ? order : (lhs < rhs ? -1 : (rhs < lhs ? 1 : 0))
        case let (.value(lhs, compare), .value(rhs, _)):
            return compare(lhs, rhs)
        default:
            return 0
        }
    }
}
