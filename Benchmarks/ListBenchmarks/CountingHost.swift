import CGtk
import GtkListManager

/// A ``ListHost`` that counts the row operations the manager issues and forwards them to a real
/// host, or, without one, binds every position into an array, to time the manager without GTK
/// rows.
///
/// Each operation is a fixed handful of GTK calls on a `ListBoxHost`: an insert creates one
/// `GtkListBoxRow` and inserts it, a remove destroys one, a move re-inserts one.
@MainActor
final class CountingHost: ListHost, RowAnimating {
    struct Counts: Equatable {
        var inserts = 0
        var removes = 0
        var moves = 0
        /// Rows made again for another mapping.
        var rebinds = 0
        /// Bound rows looked up (to be refreshed in place).
        var lookups = 0

        var total: Int { inserts + removes + moves + rebinds + lookups }
    }

    private(set) var counts = Counts()
    private let forwarded: (any ListHost)?
    private var rows: [BoundRow] = []
    private let placeholderWidget: UnsafeMutablePointer<GtkWidget>

    init(forwardingTo host: (any ListHost)?) {
        forwarded = host
        placeholderWidget = host?.widget ?? gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(placeholderWidget)
    }

    isolated deinit {
        g_object_unref(placeholderWidget)
    }

    func resetCounts() {
        counts = Counts()
    }

    // MARK: - Counted

    func insertRows(at position: Int, count: Int) {
        counts.inserts += count
        if let forwarded { return forwarded.insertRows(at: position, count: count) }
        guard let delegate = storedDelegate else { return }
        for offset in 0..<count {
            let row = delegate.bindRow(at: position + offset)
            rows.insert(row, at: position + offset)
            delegate.didBind(row, at: position + offset)
        }
    }

    func removeRows(at positions: Range<Int>) {
        counts.removes += positions.count
        if let forwarded { return forwarded.removeRows(at: positions) }
        guard let delegate = storedDelegate else { return }
        for position in positions { delegate.willUnbind(rows[position], at: position) }
        let removed = rows[positions]
        rows.removeSubrange(positions)
        for row in removed { delegate.didRelease(row) }
    }

    func moveRow(from source: Int, to destination: Int) {
        counts.moves += 1
        if let forwarded { return forwarded.moveRow(from: source, to: destination) }
        rows.insert(rows.remove(at: source), at: destination)
    }

    func rebindRow(at position: Int) {
        counts.rebinds += 1
        if let forwarded { return forwarded.rebindRow(at: position) }
        guard let delegate = storedDelegate else { return }
        delegate.willUnbind(rows[position], at: position)
        delegate.didRelease(rows[position])
        rows[position] = delegate.bindRow(at: position)
        delegate.didBind(rows[position], at: position)
    }

    func boundRow(at position: Int) -> BoundRow? {
        counts.lookups += 1
        return forwarded?.boundRow(at: position) ?? (rows.indices.contains(position) ? rows[position] : nil)
    }

    // MARK: - Forwarded

    private weak var storedDelegate: (any ListHostDelegate)?
    var delegate: (any ListHostDelegate)? {
        get { forwarded?.delegate ?? storedDelegate }
        set {
            storedDelegate = newValue
            forwarded?.delegate = newValue
        }
    }
    var widget: UnsafeMutablePointer<GtkWidget> { placeholderWidget }
    var isDestroyed: Bool { forwarded?.isDestroyed ?? false }
    var rowCount: Int { forwarded?.rowCount ?? rows.count }
    func position(of row: BoundRow) -> Int? {
        forwarded?.position(of: row) ?? rows.firstIndex { $0 === row }
    }
    func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        if let forwarded { return forwarded.forEachBoundRow(body) }
        for (position, row) in rows.enumerated() { body(position, row) }
    }
    func position(atY y: Double) -> Int? { forwarded?.position(atY: y) }
    func rowFrame(at position: Int) -> (y: Double, height: Double)? { forwarded?.rowFrame(at: position) }
    var positionsOnScreen: Range<Int>? { forwarded?.positionsOnScreen }
    var viewportFrame: (y: Double, height: Double)? { forwarded?.viewportFrame }
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { forwarded?.verticalAdjustment }
    func scrollTo(position: Int, alignment: ScrollAlignment) { forwarded?.scrollTo(position: position, alignment: alignment) }
    var selectionMode: ListSelectionMode {
        get { forwarded?.selectionMode ?? .single }
        set { forwarded?.selectionMode = newValue }
    }
    func setSelected(_ selected: Bool, at position: Int) { forwarded?.setSelected(selected, at: position) }
    var activatesOnSingleClick: Bool {
        get { forwarded?.activatesOnSingleClick ?? false }
        set { forwarded?.activatesOnSingleClick = newValue }
    }
    var focusedPosition: Int? { forwarded?.focusedPosition }
    func focusRow(at position: Int) -> Bool { forwarded?.focusRow(at: position) ?? false }
    func keepBound(_ row: BoundRow?) { forwarded?.keepBound(row) }
    private var animating: (any RowAnimating)? { forwarded as? any RowAnimating }
    var rowAnimation: RowAnimation? {
        get { animating?.rowAnimation }
        set { animating?.rowAnimation = newValue }
    }
    func withoutAnimation(_ body: () -> Void) {
        if let animating { animating.withoutAnimation(body) } else { body() }
    }
    var reportsActivation: Bool {
        get { forwarded?.reportsActivation ?? false }
        set { forwarded?.reportsActivation = newValue }
    }
    var reportsScreenPresence: Bool {
        get { forwarded?.reportsScreenPresence ?? false }
        set { forwarded?.reportsScreenPresence = newValue }
    }
}
