import GRDB
import ModelStorage

/// How a table's rows are ordered in SQL for each of its sortable columns, declared once by
/// column identifier: a database storage turns the sort a user chose (`SortKey`s) into its
/// request's `ORDER BY`, so the app never writes a `switch` over columns.
///
/// ```swift
/// let orderings = DatabaseColumnOrderings(sections: [Column("shelf")])
///     .column("title", byText: Column("title"))        // as a file manager sorts names
///     .column("year", by: Column("year"))
///     .column("author", by: Column("authorLast"), Column("authorFirst"))
/// storage.sort(by: [SortKey("year", ascending: false), SortKey("title")], using: orderings)
/// ```
///
/// ## The ORDER BY of a sort
/// `sections`, then each key's expressions (`DESC` for a descending key), then the tie-breakers,
/// then the table's primary key (GRDB's `withStableOrder()`): every sort is a total order, so the
/// rows come in the same order every time and a write moves only the rows it changed. Ties are
/// never reversed with a key. An empty sort shows the storage's request with its own order.
///
/// A key naming a column that was not declared is left out and reported
/// (``DatabaseStorageAnomaly/unknownSortColumn(column:knownColumns:)``); the others apply.
public struct DatabaseColumnOrderings: Sendable {
    private var expressions: [String: [SQLExpression]] = [:]
    /// The identifiers declared, in declaration order (a redeclared one keeps its place).
    public private(set) var columns: [String] = []
    /// What every sort starts with: the order of the storage's sections.
    private let sections: [SQLOrdering]
    /// What orders rows equal for every key, before the primary key.
    private let tieBreakers: [SQLOrdering]

    /// No columns yet.
    ///
    /// - Parameters:
    ///   - sections: the ordering of the storage's sections, kept first by every sort so that
    ///     sections keep their order and each sorts its own rows (the leading terms of the
    ///     request of a storage made `sectionedBy:`); empty without sections.
    ///   - tieBreakers: how rows equal for every key are ordered before the primary key decides
    ///     (a manual order column, say).
    public init(sections: [any SQLOrderingTerm] = [], breakingTiesBy tieBreakers: [any SQLOrderingTerm] = []) {
        self.sections = sections.map(\.sqlOrdering)
        self.tieBreakers = tieBreakers.map(\.sqlOrdering)
    }

    // MARK: - Declaring columns

    /// The column `identifier` orders rows by `expression`, then by `more` when it ties;
    /// a descending key makes each `DESC`. A column declared again replaces the earlier
    /// declaration.
    public func column(_ identifier: String, by expression: any SQLSpecificExpressible, _ more: any SQLSpecificExpressible...)
        -> Self
    {
        adding(identifier, ([expression] + more).map(\.sqlExpression))
    }

    /// The column `identifier` orders rows by the table column of the same name.
    public func column(_ identifier: String) -> Self {
        adding(identifier, [Column(identifier).sqlExpression])
    }

    /// The column `identifier` orders rows by the text `expression`, compared as `comparison`
    /// says: by default the way a person expects (GRDB's `localizedStandardCompare`
    /// collation). A collation calls back into Swift for each comparison and no index serves
    /// it: prefer `TextComparison.lexical` (SQLite's own order) for hundreds of thousands of
    /// rows.
    public func column(
        _ identifier: String, byText expression: some SQLSpecificExpressible, comparison: TextComparison = .localizedStandard
    ) -> Self {
        let collated: SQLExpression =
            switch comparison {
            case .localizedStandard: expression.collating(.localizedStandardCompare)
            case .localizedCaseInsensitive: expression.collating(.localizedCaseInsensitiveCompare)
            case .lexical: expression.sqlExpression
            }
        return adding(identifier, [collated])
    }

    private func adding(_ identifier: String, _ terms: [SQLExpression]) -> Self {
        var copy = self
        if copy.expressions.updateValue(terms, forKey: identifier) == nil { copy.columns.append(identifier) }
        return copy
    }

    // MARK: - Following a sort

    /// `request` ordered by the sort `keys`, primary key first: see "The ORDER BY of a sort".
    /// Keys naming an undeclared column are left out; without a known key, `request` as it is.
    public func request<RowDecoder>(_ request: QueryInterfaceRequest<RowDecoder>, sortedBy keys: [SortKey])
        -> QueryInterfaceRequest<RowDecoder>
    {
        let terms: [SQLOrdering] = keys.flatMap { key in
            (expressions[key.column] ?? []).map { key.ascending ? $0.asc : $0.desc }
        }
        guard !terms.isEmpty else { return request }
        return request.order(sections + terms + tieBreakers).withStableOrder()
    }

    /// The keys of `keys` whose column was not declared, in order.
    public func unknownKeys(in keys: [SortKey]) -> [SortKey] {
        keys.filter { expressions[$0.column] == nil }
    }
}
