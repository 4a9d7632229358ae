import CGtk
import GtkListManager
import XCTest

/// An in-memory ``ListHost`` that binds only a window of positions around a viewport the test
/// moves, the way a virtualized host does: rows are bound when a position enters the window
/// (during a splice for the inserted positions, at ``settle()`` for the others) and let go when
/// it leaves. It proves the manager never needs a row that is not bound, and binds and unbinds
/// correctly: after ``settle()`` exactly the window is bound, each row showing what the
/// manager's storage holds at its position.
@MainActor
final class WindowedTestHost: ListHost {
    /// The number of positions bound around ``top``.
    let windowSize: Int
    /// The first position of the viewport.
    private(set) var top = 0
    /// One entry per position; nil where nothing is bound.
    private var rows: [BoundRow?] = []
    private(set) var bindCount = 0
    private(set) var releaseCount = 0
    /// The splices asked for, in order: "insert 3+2" (2 rows at 3), "remove 0..<5", "move 1→4".
    private(set) var splices: [String] = []
    /// Contract breaches seen (a bound row bound again, a release of an unknown row, …).
    private(set) var violations: [String] = []
    private var selectedRows = Set<ObjectIdentifier>()

    let widget: UnsafeMutablePointer<GtkWidget>
    weak var delegate: (any ListHostDelegate)?
    var isDestroyed: Bool { false }
    var selectionMode = ListSelectionMode.single
    var activatesOnSingleClick = false
    var reportsActivation = false
    var reportsScreenPresence = false

    init(windowSize: Int = 20) {
        self.windowSize = windowSize
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(widget)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// The positions the window covers now.
    var window: Range<Int> { min(top, rows.count)..<min(top + windowSize, rows.count) }

    /// The bound positions, in order.
    var boundPositions: [Int] { rows.indices.filter { rows[$0] != nil } }

    /// Moves the viewport so that it starts at `position` (clamped), then settles.
    func scroll(to position: Int) {
        top = max(0, min(position, max(rows.count - windowSize, 0)))
        settle()
    }

    /// Binds the window's unbound positions and lets go of rows outside it, as a virtualized
    /// host does after a layout.
    func settle() {
        guard let delegate else { return }
        top = max(0, min(top, max(rows.count - windowSize, 0)))
        let window = window
        for position in rows.indices where !window.contains(position) {
            guard let row = rows[position] else { continue }
            delegate.willUnbind(row, at: position)
            rows[position] = nil
            release(row, to: delegate)
        }
        for position in window where rows[position] == nil {
            bind(position, with: delegate)
        }
    }

    // MARK: - Splices

    func insertRows(at position: Int, count: Int) {
        splices.append("insert \(position)+\(count)")
        rows.insert(contentsOf: repeatElement(nil, count: count), at: position)
        guard let delegate else { return }
        // The inserted positions inside the window are bound during the splice; rows pushed out
        // of the window stay bound until the next settle, as the contract allows.
        for inserted in position..<position + count where window.contains(inserted) {
            bind(inserted, with: delegate)
        }
    }

    func removeRows(at positions: Range<Int>) {
        splices.append("remove \(positions)")
        guard let delegate else { return }
        let leaving = positions.compactMap { position in rows[position].map { (position, $0) } }
        for (position, row) in leaving { delegate.willUnbind(row, at: position) }
        rows.removeSubrange(positions)
        for (_, row) in leaving { release(row, to: delegate) }
    }

    func moveRow(from source: Int, to destination: Int) {
        splices.append("move \(source)→\(destination)")
        rows.insert(rows.remove(at: source), at: destination)
    }

    func rebindRow(at position: Int) {
        guard let delegate, let row = rows[position] else { return }
        delegate.willUnbind(row, at: position)
        rows[position] = nil
        release(row, to: delegate)
        bind(position, with: delegate)
    }

    private func bind(_ position: Int, with delegate: any ListHostDelegate) {
        let row = delegate.bindRow(at: position)
        if rows.contains(where: { $0 === row }) { violations.append("\(row.model) bound twice") }
        if row.hostWidget != nil { violations.append("\(row.model) bound while another host shows it") }
        row.hostWidget = widget
        rows[position] = row
        bindCount += 1
        delegate.didBind(row, at: position)
    }

    private func release(_ row: BoundRow, to delegate: any ListHostDelegate) {
        row.hostWidget = nil
        selectedRows.remove(ObjectIdentifier(row))
        releaseCount += 1
        delegate.didRelease(row)
    }

    // MARK: - Bound rows

    var rowCount: Int { rows.count }

    func boundRow(at position: Int) -> BoundRow? {
        rows.indices.contains(position) ? rows[position] : nil
    }

    func position(of row: BoundRow) -> Int? {
        rows.firstIndex { $0 === row }
    }

    func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        for (position, row) in rows.enumerated() {
            if let row { body(position, row) }
        }
    }

    // MARK: - What a test host does not have

    func position(atY y: Double) -> Int? { nil }
    func rowFrame(at position: Int) -> (y: Double, height: Double)? { nil }
    var positionsOnScreen: Range<Int>? { window }
    var viewportFrame: (y: Double, height: Double)? { nil }
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { nil }
    var focusedPosition: Int? { nil }
    func focusRow(at position: Int) -> Bool { false }

    func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard !window.contains(position) else { return }
        scroll(to: position - windowSize / 2)
    }

    // MARK: - Selection

    func setSelected(_ selected: Bool, at position: Int) {
        guard let row = boundRow(at: position) else { return }
        if selected { selectedRows.insert(ObjectIdentifier(row)) } else { selectedRows.remove(ObjectIdentifier(row)) }
    }

    /// Whether the bound row at `position` is shown selected.
    func showsSelected(at position: Int) -> Bool {
        boundRow(at: position).map { selectedRows.contains(ObjectIdentifier($0)) } ?? false
    }
}
