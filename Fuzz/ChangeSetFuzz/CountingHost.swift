import CGtk
import GtkListManager
import ModelStorage

/// A host that binds no row and counts: for each position it keeps what the manager showed
/// there when the position was inserted (``identityAt``), and carries it along the splices as
/// a widget would be carried. Its positions therefore end equal to the storage's rows only when
/// every splice the updater made was the right one. A splice out of its range is recorded as a
/// violation, not applied.
@MainActor
class CountingHost: ListHost {
    let widget: UnsafeMutablePointer<GtkWidget>
    weak var delegate: (any ListHostDelegate)?
    var isDestroyed: Bool { false }
    var selectionMode = ListSelectionMode.single
    var activatesOnSingleClick = false
    var reportsActivation = false
    var reportsScreenPresence = false

    /// For each position, the identity of the row inserted there (nil while ``identityAt`` was).
    private(set) var slots: [String?] = []
    /// The identity of what the manager shows at a position now.
    var identityAt: ((Int) -> String?)?
    /// Splices outside the host's positions.
    private(set) var violations: [String] = []

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(widget)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Reads every position again: after the manager's first reload, which ran before
    /// ``identityAt`` could be set.
    func resync() {
        slots = slots.indices.map { identityAt?($0) }
    }

    func violation(_ text: String) {
        violations.append(text)
    }

    // MARK: - Splices

    func insertRows(at position: Int, count: Int) {
        // An empty splice inside the positions does nothing (a section without rows leaving).
        guard position >= 0, position <= slots.count, count >= 0 else {
            return violation("insert \(count) at \(position) of \(slots.count)")
        }
        slots.insert(contentsOf: (position..<position + count).map { identityAt?($0) }, at: position)
    }

    func removeRows(at positions: Range<Int>) {
        guard positions.lowerBound >= 0, positions.upperBound <= slots.count else {
            return violation("remove \(positions) of \(slots.count)")
        }
        slots.removeSubrange(positions)
    }

    func moveRow(from source: Int, to destination: Int) {
        guard slots.indices.contains(source), slots.indices.contains(destination) else {
            return violation("move \(source) → \(destination) of \(slots.count)")
        }
        slots.insert(slots.remove(at: source), at: destination)
    }

    func rebindRow(at position: Int) {
        if !slots.indices.contains(position) { violation("rebind \(position) of \(slots.count)") }
    }

    /// Puts the rows from `first` in the order `sources` gives (``RowReordering``).
    func reorder(from first: Int, sources: [Int]) {
        guard first >= 0, first + sources.count <= slots.count else {
            return violation("reorder \(sources.count) from \(first) of \(slots.count)")
        }
        let old = Array(slots[first..<first + sources.count])
        for (place, source) in sources.enumerated() { slots[first + place] = old[source] }
    }

    /// Moves the rows `rows` as a block to start at `position`, read after their removal.
    func moveBlock(_ rows: Range<Int>, to position: Int) {
        guard rows.lowerBound >= 0, rows.upperBound <= slots.count, position >= 0, position <= slots.count - rows.count else {
            return violation("move rows \(rows) to \(position) of \(slots.count)")
        }
        let moved = Array(slots[rows])
        slots.removeSubrange(rows)
        slots.insert(contentsOf: moved, at: position)
    }

    // MARK: - No row is ever bound

    var rowCount: Int { slots.count }
    func boundRow(at position: Int) -> BoundRow? { nil }
    func position(of row: BoundRow) -> Int? { nil }
    func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {}
    func position(atY y: Double) -> Int? { nil }
    func rowFrame(at position: Int) -> (y: Double, height: Double)? { nil }
    var positionsOnScreen: Range<Int>? { nil }
    var viewportFrame: (y: Double, height: Double)? { nil }
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { nil }
    func scrollTo(position: Int, alignment: ScrollAlignment) {}
    func setSelected(_ selected: Bool, at position: Int) {}
    var focusedPosition: Int? { nil }
    func focusRow(at position: Int) -> Bool { false }
    func setIndentation(_ pixels: Int, for row: BoundRow) {}
}

/// The same host taking splices in batches, reorderings at once and sections of its own: the
/// updater's other paths (``SpliceBatching``, ``RowReordering``, ``SectionSplicing``).
@MainActor
final class BatchingCountingHost: CountingHost, SpliceBatching, RowReordering, SectionSplicing {
    private(set) var sectionCount = 0

    func insertRows(_ insertions: [(position: Int, count: Int)]) {
        for insertion in insertions { insertRows(at: insertion.position, count: insertion.count) }
    }

    func removeRows(_ removals: [Range<Int>]) {
        for removal in removals { removeRows(at: removal) }
    }

    func reorderRows(startingAt firstPosition: Int, _ reordering: ItemReordering) {
        reorder(from: firstPosition, sources: reordering.sources)
    }

    func insertSections(at index: Int, count: Int) {
        guard index >= 0, index <= sectionCount, count >= 0 else {
            return violation("insert \(count) sections at \(index) of \(sectionCount)")
        }
        sectionCount += count
    }

    func removeSections(at indexes: Range<Int>) {
        guard indexes.lowerBound >= 0, indexes.upperBound <= sectionCount else {
            return violation("remove sections \(indexes) of \(sectionCount)")
        }
        sectionCount -= indexes.count
    }

    func moveSection(from source: Int, to destination: Int, rows: Range<Int>, toPosition firstPosition: Int) {
        guard (0..<sectionCount).contains(source), (0..<sectionCount).contains(destination) else {
            return violation("move section \(source) → \(destination) of \(sectionCount)")
        }
        moveBlock(rows, to: firstPosition)
    }
}
