/// The rows a GTK widget shows selected, as last looked at: `GtkListBox` and `GtkFlowBox` say
/// that their selection changed, not how, so a host keeps what it saw and reports the
/// difference (``ListHostDelegate/hostSelectionDidChange(selected:deselected:byUser:)``).
///
/// ```swift
/// // in the widget's "selected-rows-changed" handler, unless the host itself changed it:
/// let change = shownSelection.update(to: rowsGTKShowsSelected(), positions: position(of:))
/// if !change.isEmpty {
///     delegate?.hostSelectionDidChange(selected: change.selected, deselected: change.deselected, byUser: true)
/// }
/// ```
@MainActor
public struct ShownSelection {
    private var rows: [ObjectIdentifier: BoundRow] = [:]

    /// Nothing seen selected yet.
    public init() {}

    /// What changed between two looks, as positions in ascending order.
    public struct Change: Equatable, Sendable {
        /// The positions of the rows that became selected.
        public var selected: [Int]
        /// The positions of the rows that stopped being selected.
        public var deselected: [Int]
        /// True when nothing changed.
        public var isEmpty: Bool { selected.isEmpty && deselected.isEmpty }
    }

    /// Takes `shown` as what the widget shows selected now (the host changed it itself), with
    /// nothing to report.
    public mutating func reset(to shown: [BoundRow]) {
        rows = Self.identified(shown)
    }

    /// Takes `shown` as what the widget shows selected now and returns what changed since the
    /// last look; rows no longer in the list (`position` answers nil) are left out.
    public mutating func update(to shown: [BoundRow], positions position: (BoundRow) -> Int?) -> Change {
        let before = rows
        rows = Self.identified(shown)
        var change = Change(selected: [], deselected: [])
        for (id, row) in rows where before[id] == nil {
            if let at = position(row) { change.selected.append(at) }
        }
        for (id, row) in before where rows[id] == nil {
            if let at = position(row) { change.deselected.append(at) }
        }
        change.selected.sort()
        change.deselected.sort()
        return change
    }

    /// Forgets `row` (the host let it go).
    public mutating func forget(_ row: BoundRow) {
        rows[ObjectIdentifier(row)] = nil
    }

    /// Forgets every row (the widget went away).
    public mutating func removeAll() {
        rows = [:]
    }

    private static func identified(_ rows: [BoundRow]) -> [ObjectIdentifier: BoundRow] {
        Dictionary(rows.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
