import CGtk
import Foundation
import GtkListManager
import ModelStorage
import SeededRandom

/// One side of the big-list benchmark measured in this process, the same way the C peers
/// measure theirs (`Benchmarks/Peers/peer_measure.h`): a 400×600 window, rows of labels (every
/// fifth two lines high), the models made before the clock starts.
@MainActor
struct BigListScenario {
    /// The manager's sides; the C peers are separate programs.
    enum Side: String, CaseIterable {
        case virtualized = "virtual-host"
        case listBox = "gtklistbox"

        @MainActor func makeHost() -> any ListHost {
            switch self {
            case .virtualized: VirtualListHost()
            case .listBox: ListBoxHost()
            }
        }
    }

    /// A label showing `row <i>`, two lines for every fifth row.
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: Int) {
            gtk_label_set_text(gcast(widget), model % 5 == 0 ? "row \(model)\nsecond line" : "row \(model)")
        }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    static let jumps = 200

    let side: Side
    let count: Int
    private let host: any ListHost
    private let manager: ListManager
    private let shown: BenchmarkWindow

    /// The empty list, shown and drawn once.
    init(side: Side, count: Int) {
        self.side = side
        self.count = count
        host = side.makeHost()
        manager = ListManager(host: host)
        manager.register(LabelRow.self)
        shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
    }

    /// Every measurement, in the protocol's order.
    func run() -> BigListResult {
        var values: [String: Double] = [:]
        let storage = MemoryStorage()
        storage.setItems(Array(0..<count))
        let memoryBefore = ProcessProbes.residentMiB()

        let start = ProcessProbes.wallMilliseconds()
        manager.storage = storage
        shown.frames.waitForNextFrame()
        values["first_frame_ms"] = ProcessProbes.wallMilliseconds() - start

        var random = SplitMix64(seed: 42)
        var jumpCPU: [Double] = [], jumpWall: [Double] = [], wrongJumps = 0
        for _ in 0..<Self.jumps {
            let fraction = Double(random.next() >> 11) / Double(1 << 53)
            let (cpu, wall) = shown.scroll(to: fraction * shown.scrollRange)
            jumpCPU.append(cpu)
            jumpWall.append(wall)
            if !viewportShowsItsRows(storage) { wrongJumps += 1 }
        }
        values["jump_cpu_p50_ms"] = percentile(jumpCPU, 50)
        values["jump_cpu_p95_ms"] = percentile(jumpCPU, 95)
        values["jump_frame_ms"] = percentile(jumpWall, 50)
        values["wrong_rows"] = Double(wrongJumps)
        values["list_mb"] = ProcessProbes.residentMiB() - memoryBefore

        values.merge(ScrollSampling.measureWheel(in: shown)) { _, new in new }

        _ = shown.scroll(to: shown.scrollRange / 2)
        let top = topRow()
        let zero = IndexPath(item: 0, section: 0)
        values["insert1_ms"] = timeToFrame { try? storage.insertItems([-1], at: zero) }
        values["delete1_ms"] = timeToFrame { storage.removeItems(at: [zero]) }
        values["insert1000_ms"] = timeToFrame { try? storage.insertItems(Array(-1_000..<0), at: zero) }
        let moved = top.flatMap { top in topRowY(model: top.model).map { $0 - top.y } }
        values["stayed"] = moved == 0 ? 1 : 0
        values["delete1000_ms"] = timeToFrame {
            storage.removeItems(at: (0..<1_000).map { IndexPath(item: $0, section: 0) })
        }
        values["live_widgets"] = Double(liveRowWidgets)
        return BigListResult(side: side.rawValue, count: count, values: values)
    }

    // MARK: - Steps

    /// Wall time from `change` to the frame that shows it.
    private func timeToFrame(_ change: () -> Void) -> Double {
        let start = ProcessProbes.wallMilliseconds()
        change()
        shown.frames.waitForNextFrame()
        return ProcessProbes.wallMilliseconds() - start
    }

    // MARK: - What the window shows

    /// Whether 8 points down the viewport each show a drawn row with its own model's text.
    private func viewportShowsItsRows(_ storage: MemoryStorage) -> Bool {
        let page = gtk_adjustment_get_page_size(shown.adjustment)
        for sample in 0..<8 {
            let y = Int32((Double(sample) + 0.5) * page / 8)
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, 20, y, &listX, &listY) != 0,
                let position = host.position(atY: Double(listY)), let row = host.boundRow(at: position),
                let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0,
                let model = row.model as? Int, storage.item(at: IndexPath(item: position, section: 0)) as? Int == model,
                (row.view as? LabelRow)?.text.hasPrefix("row \(model)") == true
            else { return false }
            var rowX: Int32 = 0, rowY: Int32 = 0
            gtk_widget_translate_coordinates(shown.scrolledWindow, rowWidget, 20, y, &rowX, &rowY)
            guard rowY >= 0, rowY < gtk_widget_get_allocated_height(rowWidget) else { return false }
        }
        return true
    }

    /// The model of the row at the viewport's top and its y in the scrolled window.
    private func topRow() -> (model: Int, y: Int32)? {
        var listX: Int32 = 0, listY: Int32 = 0
        guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, 20, 0, &listX, &listY) != 0,
            let position = host.position(atY: Double(listY)), let model = host.boundRow(at: position)?.model as? Int
        else { return nil }
        return topRowY(model: model).map { (model, $0) }
    }

    /// The y in the scrolled window of the bound row showing `model`.
    private func topRowY(model: Int) -> Int32? {
        var found: Int32?
        host.forEachBoundRow { _, row in
            guard found == nil, row.model as? Int == model, let rowWidget = row.hostWidget else { return }
            var x: Int32 = 0, y: Int32 = 0
            gtk_widget_translate_coordinates(rowWidget, shown.scrolledWindow, 0, 0, &x, &y)
            found = y
        }
        return found
    }

    /// Row widgets alive in the list: bound or kept for reuse.
    private var liveRowWidgets: Int {
        if let virtualized = host as? VirtualListHost { return virtualized.rowWidgetCount }
        var rows = 0
        host.forEachBoundRow { _, _ in rows += 1 }
        return rows
    }
}
