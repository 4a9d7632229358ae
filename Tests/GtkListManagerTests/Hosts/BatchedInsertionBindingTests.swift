import CGtk
import GtkListManager
import ModelStorage
import StorageTestDoubles
import XCTest

/// A host that takes its insertions in batches (``SpliceBatching``) and binds each inserted
/// position during the splice, as the contract allows: every row it binds shows the model the
/// storage has at that position once the batch is in, even when a later run of the same change
/// set lands among the rows of an earlier one (found by ChangeSetFuzz: the later run's models
/// were bound at the earlier run's positions).
final class BatchedInsertionBindingTests: XCTestCase {
    func testARunInsertedAmongAnEarlierRunsRowsBindsEachRowToItsModel() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            let storage = LyingStorage([[]])
            let host = BindingBatchHost()
            let manager = ListManager(host: host, storage: storage)
            manager.register(NumberRow.self)
            var anomalies: [ManagerAnomaly] = []
            manager.anomalyHandler.action = { anomalies.append($0) }

            storage.sections = [[1, 2, 6, 7, 8, 3, 4, 5]]
            var changes = ChangeSet()
            changes.appendInsertion(of: ModelRun([1]), at: IndexPath(item: 0, section: 0))
            changes.appendInsertion(of: ModelRun([2, 3, 4, 5]), at: IndexPath(item: 1, section: 0))
            changes.appendInsertion(of: ModelRun([6, 7, 8]), at: IndexPath(item: 2, section: 0))
            storage.report(changes)

            XCTAssertEqual(host.shown, [1, 2, 6, 7, 8, 3, 4, 5], "splices \(host.splices)")
            XCTAssertEqual(anomalies, [])
        }
    }
}

/// Binds every position it inserts during the splice; takes batches as single splices in turn.
@MainActor
private final class BindingBatchHost: ListHost, SpliceBatching {
    let widget: UnsafeMutablePointer<GtkWidget>
    weak var delegate: (any ListHostDelegate)?
    var isDestroyed: Bool { false }
    var selectionMode = ListSelectionMode.single
    var activatesOnSingleClick = false
    var reportsActivation = false
    var reportsScreenPresence = false
    private var rows: [BoundRow?] = []
    private(set) var splices: [String] = []

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(widget)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// The models the bound rows show, in position order.
    var shown: [Int] { rows.compactMap { $0?.model as? Int } }

    func insertRows(at position: Int, count: Int) {
        splices.append("insert \(count) at \(position)")
        rows.insert(contentsOf: repeatElement(nil, count: count), at: position)
        guard let delegate else { return }
        for inserted in position..<position + count {
            let row = delegate.bindRow(at: inserted)
            rows[inserted] = row
            delegate.didBind(row, at: inserted)
        }
    }

    func insertRows(_ insertions: [(position: Int, count: Int)]) {
        for insertion in insertions { insertRows(at: insertion.position, count: insertion.count) }
    }

    func removeRows(at positions: Range<Int>) {
        splices.append("remove \(positions)")
        let leaving = positions.compactMap { position in rows[position].map { (position, $0) } }
        for (position, row) in leaving { delegate?.willUnbind(row, at: position) }
        rows.removeSubrange(positions)
        for (_, row) in leaving { delegate?.didRelease(row) }
    }

    func removeRows(_ removals: [Range<Int>]) {
        for removal in removals { removeRows(at: removal) }
    }

    func moveRow(from source: Int, to destination: Int) {
        rows.insert(rows.remove(at: source), at: destination)
    }

    func rebindRow(at position: Int) {}
    var rowCount: Int { rows.count }
    func boundRow(at position: Int) -> BoundRow? { rows.indices.contains(position) ? rows[position] : nil }
    func position(of row: BoundRow) -> Int? { rows.firstIndex { $0 === row } }
    func forEachBoundRow(_ body: (Int, BoundRow) -> Void) {
        for (position, row) in rows.enumerated() { if let row { body(position, row) } }
    }
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
