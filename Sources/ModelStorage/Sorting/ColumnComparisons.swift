/// How the items of a table compare for each of its sortable columns, declared once by column
/// identifier: the storage turns the sort a user chose (``SortKey``s) into its comparator, so the
/// app never writes a `switch` over columns.
///
/// ```swift
/// let comparisons = ColumnComparisons<Package>(breakingTiesBy: { $0.name < $1.name })
///     .column("name", byText: \.name)                   // as a file manager sorts names
///     .column("size", by: \.size)                       // any Comparable value
///     .column("section", by: { $0.section < $1.section })
/// storage.sort(by: [SortKey("size", ascending: false), SortKey("name")], using: comparisons)
/// ```
///
/// ## Order
/// - The first key whose column tells two items apart decides; a descending key reverses its
///   column. Items equal for every key are ordered by the tie-breaker, never reversed, then by
///   the storage's own rule (``SortedStorage`` keeps the order their identities entered it).
/// - An empty sort orders by the tie-breaker alone.
/// - A key naming a column that was not declared is left out; the others still apply
///   (``unknownKeys(in:)``; ``SortedStorage/sort(by:using:execution:completion:)`` reports it).
/// - Optional values: `nil` comes before any value when ascending, as SQLite sorts `NULL`.
///
/// Comparisons are `Sendable`: storages compare on a background queue. Key paths given as
/// literals (`\.size`) are `Sendable`.
public struct ColumnComparisons<Item>: Sendable {
    /// Whether `lhs` sorts before `rhs`; a strict weak ordering, like `<`.
    public typealias Comparator = @Sendable (Item, Item) -> Bool
    /// The order of two items for one column: negative, zero or positive, as `lhs` comes first,
    /// ties, or comes last. One call answers what `<` would need two calls for.
    @usableFromInline typealias ThreeWay = @Sendable (Item, Item) -> Int

    /// Ranks items for one column: equal items get equal ranks, from 0 up, in the column's
    /// ascending order; `declaration` tells a storage whether ranks it kept came from it.
    @usableFromInline
    struct Ranker: Sendable {
        @usableFromInline let declaration = ColumnDeclaration()
        @usableFromInline let rank: @Sendable ([Item]) -> [Int32]

        @usableFromInline
        init(_ rank: @escaping @Sendable ([Item]) -> [Int32]) {
            self.rank = rank
        }
    }

    // Inlinable, so an app's column declarations compile for its own types: a comparison then
    // reads the key path and compares without a generic lookup per call (a sort makes millions).
    @usableFromInline var comparisons: [String: ThreeWay] = [:]
    // A sort ranks each of its columns once: a value read per item, not per comparison (a key
    // path read costs a generic lookup).
    @usableFromInline var rankers: [String: Ranker] = [:]
    /// The identifiers declared, in declaration order (a redeclared one keeps its place).
    public var columns: [String] { columnOrder }
    @usableFromInline var columnOrder: [String] = []
    private let tieBreaker: Comparator?

    /// No columns yet; items equal for every key of a sort are ordered by `tieBreaker` (nil:
    /// by the storage's own rule).
    public init(breakingTiesBy tieBreaker: Comparator? = nil) {
        self.tieBreaker = tieBreaker
    }

    // MARK: - Declaring columns

    /// The column `identifier` compares items by `value` with `<`. A column declared again
    /// replaces the earlier declaration.
    @inlinable
    public func column<Value: Comparable & Sendable>(_ identifier: String, by value: KeyPath<Item, Value> & Sendable) -> Self {
        adding(identifier, value: Self.reader(of: value)) { left, right in left < right ? -1 : (right < left ? 1 : 0) }
    }

    /// The column `identifier` compares items by an optional `value` with `<`; `nil` comes first
    /// when ascending.
    @inlinable
    public func column<Value: Comparable & Sendable>(_ identifier: String, by value: KeyPath<Item, Value?> & Sendable) -> Self {
        adding(identifier, value: Self.reader(of: value)) { left, right in
            switch (left, right) {
            case let (left?, right?): left < right ? -1 : (right < left ? 1 : 0)
            case (nil, nil): 0
            case (nil, _): -1
            case (_, nil): 1
            }
        }
    }

    /// The column `identifier` compares items by the string `text`, as `comparison` says:
    /// by default the way a person expects (``TextComparison/localizedStandard``).
    @inlinable
    public func column(
        _ identifier: String, byText text: KeyPath<Item, String> & Sendable, comparison: TextComparison = .localizedStandard
    ) -> Self {
        let read = Self.reader(of: text)
        var copy = adding(identifier, value: read) { left, right in comparison.compare(left, right) }
        if comparison == .localizedStandard {
            // Keys built once per value, not two per comparison.
            copy.rankers[identifier] = Ranker { items in Collator.current.ranks(of: items.map(read)) }
        }
        return copy
    }

    /// The column `identifier` orders items with `areInIncreasingOrder`, a strict weak ordering
    /// like `<`, for orders no single value gives.
    @inlinable
    public func column(_ identifier: String, by areInIncreasingOrder: @escaping Comparator) -> Self {
        adding(identifier, value: { $0 }) { lhs, rhs in
            areInIncreasingOrder(lhs, rhs) ? -1 : (areInIncreasingOrder(rhs, lhs) ? 1 : 0)
        }
    }

    /// What reads `path` of an item: a load at the property's offset for a stored property of a
    /// struct, else the key path. A key path is applied through the runtime's generic code,
    /// which looks its types up on every read: two reads a comparison of a feed's re-sort.
    @inlinable
    static func reader<Value>(of path: KeyPath<Item, Value> & Sendable) -> @Sendable (Item) -> Value {
        guard let offset = MemoryLayout<Item>.offset(of: path) else { return { $0[keyPath: path] } }
        return { item in
            withUnsafePointer(to: item) { UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee }
        }
    }

    /// Declares the column `identifier`: items compare as `compare` compares their `value`s.
    @inlinable
    func adding<Value>(
        _ identifier: String, value: @escaping @Sendable (Item) -> Value, _ compare: @escaping @Sendable (Value, Value) -> Int
    ) -> Self {
        var copy = self
        let comparison: ThreeWay = { lhs, rhs in compare(value(lhs), value(rhs)) }
        if copy.comparisons.updateValue(comparison, forKey: identifier) == nil { copy.columnOrder.append(identifier) }
        copy.rankers[identifier] = Ranker { items in Self.ranks(of: items.map(value), compare) }
        return copy
    }

    /// Each value's rank: equal values share one, and ranks grow as `compare` orders them.
    @inlinable
    static func ranks<Value>(of values: [Value], _ compare: (Value, Value) -> Int) -> [Int32] {
        var order = Array(values.indices)
        order.sort { compare(values[$0], values[$1]) < 0 }
        var ranks = [Int32](repeating: 0, count: values.count)
        var rank: Int32 = 0
        for (place, index) in order.enumerated() {
            if place > 0, compare(values[order[place - 1]], values[index]) != 0 { rank += 1 }
            ranks[index] = rank
        }
        return ranks
    }

    // MARK: - Following a sort

    /// The comparator of the sort `keys`, primary key first: see "Order". Keys naming an
    /// undeclared column are left out.
    public func comparator(for keys: [SortKey]) -> Comparator {
        let tieBreaker = tieBreaker
        var comparator: Comparator = { lhs, rhs in tieBreaker?(lhs, rhs) ?? false }
        // One closure per key, each calling the next on a tie: a list of the keys read per
        // comparison looks its element type up in unspecialized code (a feed's re-sort makes
        // tens of thousands of comparisons a second).
        for key in keys.reversed() {
            guard let compare = comparisons[key.column] else { continue }
            let next = comparator, ascending = key.ascending
            comparator = { lhs, rhs in
                let order = compare(lhs, rhs)
                return order == 0 ? next(lhs, rhs) : (ascending ? order < 0 : order > 0)
            }
        }
        return comparator
    }

    /// The indices of `items` in the order of the sort `keys` (the order ``comparator(for:)``
    /// gives), items equal for every key and the tie-breaker ordered by `tie`. Each column is
    /// ranked once, or its ranks read from `ranks` (kept there for the next sort), and items
    /// are placed by rank; only items equal for every key are compared, by the tie-breakers.
    func sortedIndices(of items: [Item], by keys: [SortKey], ranks: inout RankCache, tie: (Int, Int) -> Bool) -> [Int] {
        let steps = rankSteps(of: items, by: keys, ranks: &ranks)
        var order = RankOrder.sorted(count: items.count, by: steps)
        RankOrder.sortTies(in: &order, by: steps) { lhs, rhs in breakTie(lhs, rhs, of: items) ?? tie(lhs, rhs) }
        return order
    }

    /// The ranks of `items` for each key of `keys` whose column is declared, primary key first:
    /// read from `ranks` when kept there, else ranked and kept.
    func rankSteps(of items: [Item], by keys: [SortKey], ranks: inout RankCache) -> [RankOrder.Step] {
        keys.compactMap { key in
            guard let ranker = rankers[key.column] else { return nil }
            if let kept = ranks.ranks(of: key.column, declaredBy: ranker.declaration) {
                return RankOrder.Step(ranks: kept, ascending: key.ascending)
            }
            let made = ranker.rank(items)
            ranks.keep(made, of: key.column, declaredBy: ranker.declaration)
            return RankOrder.Step(ranks: made, ascending: key.ascending)
        }
    }

    /// Whether `items[lhs]` sorts before `items[rhs]` by the ranks of `steps`, then the
    /// tie-breaker; nil when they tie for both.
    func precedes(_ lhs: Int, _ rhs: Int, of items: [Item], by steps: [RankOrder.Step]) -> Bool? {
        for step in steps where step.ranks[lhs] != step.ranks[rhs] {
            return step.ascending == (step.ranks[lhs] < step.ranks[rhs])
        }
        return breakTie(lhs, rhs, of: items)
    }

    /// Whether the tie-breaker puts `items[lhs]` first; nil when it has no say.
    private func breakTie(_ lhs: Int, _ rhs: Int, of items: [Item]) -> Bool? {
        guard let tieBreaker else { return nil }
        if tieBreaker(items[lhs], items[rhs]) { return true }
        if tieBreaker(items[rhs], items[lhs]) { return false }
        return nil
    }

    /// The keys of `keys` whose column was not declared, in order: those
    /// ``comparator(for:)`` leaves out.
    public func unknownKeys(in keys: [SortKey]) -> [SortKey] {
        keys.filter { comparisons[$0.column] == nil }
    }
}
