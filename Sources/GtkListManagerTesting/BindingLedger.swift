import CGtk
import GtkListManager
import ModelStorage

/// Stands between a host and its manager as the host's delegate: forwards every call, and
/// checks the binding contract on the way. A row is bound by ``bindRow(at:)`` then
/// ``didBind(_:at:)`` at the same position, told ``willUnbind(_:at:)`` at the position the
/// host still has it at, and released only after that, its host widget cleared.
@MainActor
final class BindingLedger: ListHostDelegate {
    /// The delegate the manager gave its host: what every call goes on to.
    private let forwarded: any ListHostDelegate
    private weak var host: (any ListHost)?
    /// Rows handed out by `bindRow` and not yet told `didBind`, with their position.
    private var handedOut: [ObjectIdentifier: Int] = [:]
    /// Rows between `didBind` and `willUnbind`.
    private(set) var bound: [ObjectIdentifier: BoundRow] = [:]
    /// Rows told `willUnbind`, not yet released.
    private var unbinding = Set<ObjectIdentifier>()
    /// Contract breaches, in order.
    private(set) var violations: [String] = []
    /// Called with every row the host placed (to watch its host widget).
    var rowPlaced: ((BoundRow) -> Void)?

    /// A ledger between `host` and `delegate`, the manager's delegate the host had.
    init(forwardingTo delegate: any ListHostDelegate, host: any ListHost) {
        self.forwarded = delegate
        self.host = host
    }

    private func violation(_ message: String) {
        if violations.count < 20 { violations.append(message) }
    }

    // MARK: Rows

    func bindRow(at position: Int) -> BoundRow {
        let row = forwarded.bindRow(at: position)
        let id = ObjectIdentifier(row)
        if bound[id] != nil { violation("bindRow(at: \(position)) handed out a row the host still has bound") }
        handedOut[id] = position
        return row
    }

    func didBind(_ row: BoundRow, at position: Int) {
        let id = ObjectIdentifier(row)
        guard let handed = handedOut.removeValue(forKey: id) else {
            return violation("didBind(_:at: \(position)) for a row bindRow did not hand out")
        }
        if handed != position { violation("a row handed out for position \(handed) was bound at \(position)") }
        if row.hostWidget == nil { violation("didBind(_:at: \(position)) before the host set the row's hostWidget") }
        bound[id] = row
        rowPlaced?(row)
        forwarded.didBind(row, at: position)
    }

    func willUnbind(_ row: BoundRow, at position: Int) {
        let id = ObjectIdentifier(row)
        guard bound.removeValue(forKey: id) != nil else {
            return violation("willUnbind(_:at: \(position)) for a row that is not bound")
        }
        if let hostPosition = host?.position(of: row), hostPosition != position {
            violation("willUnbind(_:at: \(position)) for a row the host has at \(hostPosition)")
        }
        unbinding.insert(id)
        forwarded.willUnbind(row, at: position)
    }

    func didRelease(_ row: BoundRow) {
        let id = ObjectIdentifier(row)
        if unbinding.remove(id) == nil {
            violation("didRelease(_:) for a row that was not told willUnbind first")
            bound[id] = nil
        }
        if row.hostWidget != nil { violation("didRelease(_:) before the host cleared the row's hostWidget") }
        forwarded.didRelease(row)
    }

    func headerPosition(forRowAt position: Int) -> Int? { forwarded.headerPosition(forRowAt: position) }
    func location(ofPosition position: Int) -> RowLocation? { forwarded.location(ofPosition: position) }
    var supplementaryArrangement: SupplementaryArrangement { forwarded.supplementaryArrangement }

    // MARK: What the user did

    func hostSelectionDidChange(selected: [Int], deselected: [Int], byUser: Bool) {
        forwarded.hostSelectionDidChange(selected: selected, deselected: deselected, byUser: byUser)
    }
    func userSelectedOnly(_ positions: ClosedRange<Int>) { forwarded.userSelectedOnly(positions) }
    func userToggledSelection(at position: Int) { forwarded.userToggledSelection(at: position) }
    func userDidActivateRow(at position: Int) { forwarded.userDidActivateRow(at: position) }
    func focusDidMove(to position: Int?) { forwarded.focusDidMove(to: position) }
    func positionToFocusOnEntry() -> Int? { forwarded.positionToFocusOnEntry() }
    func accessibleDescription(ofPosition position: Int) -> AccessibleRowDescription? {
        forwarded.accessibleDescription(ofPosition: position)
    }
    var selectedItemCount: Int { forwarded.selectedItemCount }
    func positionOfSelectedItem(at index: Int) -> Int? { forwarded.positionOfSelectedItem(at: index) }
    func userDeselectedAll() { forwarded.userDeselectedAll() }
    func userSetSelection(_ selected: Bool, atPositions positions: [Int]) -> Bool {
        forwarded.userSetSelection(selected, atPositions: positions)
    }
    func rowDidAppearOnScreen(_ row: BoundRow) { forwarded.rowDidAppearOnScreen(row) }
    func rowDidLeaveScreen(_ row: BoundRow) { forwarded.rowDidLeaveScreen(row) }

    // MARK: Balance

    /// The rows the ledger holds bound against those the host reports, after a change settled.
    func balanceViolations(of host: any ListHost) -> [String] {
        var reported: [ObjectIdentifier: Int] = [:]
        var problems: [String] = []
        host.forEachBoundRow { position, row in
            reported[ObjectIdentifier(row)] = position
            if host.boundRow(at: position) !== row {
                problems.append("forEachBoundRow gives a row at \(position) that boundRow(at:) does not")
            }
            if host.position(of: row) != position { problems.append("position(of:) disagrees with forEachBoundRow at \(position)") }
        }
        for (id, position) in reported where bound[id] == nil {
            problems.append("the host reports a row at \(position) it never bound through its delegate, or released")
        }
        let lost = bound.keys.filter { reported[$0] == nil }.count
        if lost > 0 { problems.append("\(lost) row(s) bound through the delegate that the host neither reports nor released") }
        if !handedOut.isEmpty { problems.append("\(handedOut.count) row(s) handed out by bindRow and never bound (didBind)") }
        if !unbinding.isEmpty { problems.append("\(unbinding.count) row(s) told willUnbind and never released") }
        return problems
    }
}
