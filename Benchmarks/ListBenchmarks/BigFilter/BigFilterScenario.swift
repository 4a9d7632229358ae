import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Our side of the big-filter benchmark, in this process, measured as the C peers measure theirs
/// (`Benchmarks/Peers/peer_filter.h`): N rows that are their numbers (a `MemoryStorage` of
/// `Int`, made before the clock starts) under a `FilteredStorage` on the virtualized host, a
/// label per row, a 400×600 window. The query is typed a digit at a time, then erased: each
/// keystroke sets the filter, and is timed to the frame that shows its rows.
@MainActor
final class BigFilterScenario {
    static let side = "virtual-host"

    /// A label showing `row <i>`.
    final class LabelRow: RowView, ModelTransfer {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "row \(model)") }
        var text: String { String(cString: gtk_label_get_text(gcast(widget))) }
    }

    let count: Int
    private let host = VirtualListHost.virtualized
    private let manager: ListManager
    private let shown: BenchmarkWindow
    private let storage: FilteredStorage<Int>
    /// Filters applied, told by their completions.
    private var filtersApplied = 0
    /// Sees each filter's change set before the manager does.
    private let delivery = DeliveryProbe()

    /// Notes the main thread's CPU clock when a change set is handed out: observed before the
    /// manager, whose work then runs until the filter's completion.
    final class DeliveryProbe: StorageObserver {
        var cpuAtDelivery = 0.0
        func storage(_ storage: any Storage, didPerform changes: ChangeSet) {
            cpuAtDelivery = ProcessProbes.threadCPUMilliseconds()
        }
        func storageNeedsReload(_ storage: any Storage) {}
    }

    init(count: Int) {
        self.count = count
        manager = ListManager(host: host)
        manager.register(LabelRow.self)
        shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
        let numbers = MemoryStorage()
        numbers.setItems(Array(0..<count))
        storage = FilteredStorage(numbers, handOff: GLibMainActorHandOff())
        storage.addObserver(delivery)
    }

    func run() -> BigFilterResult {
        var values: [String: Double] = [:]
        let start = ProcessProbes.wallMilliseconds()
        manager.storage = storage
        shown.frames.waitForNextFrame(limit: .max)
        values["first_frame_ms"] = ProcessProbes.wallMilliseconds() - start

        var frame: [Double] = [], cpu: [Double] = [], block: [Double] = [], apply: [Double] = [], wrong = 0
        for query in FilterQuery.keystrokes {
            let watch = MainLoopStallWatch()
            let applied = filtersApplied
            let mainCPU = ProcessProbes.threadCPUMilliseconds(), start = ProcessProbes.wallMilliseconds()
            watch.start()
            storage.setFilter(query.isEmpty ? nil : FilterQuery.matching(query)) { [unowned self] in
                apply.append(ProcessProbes.threadCPUMilliseconds() - delivery.cpuAtDelivery)
                filtersApplied += 1
            }
            while filtersApplied == applied { g_main_context_iteration(nil, 1) }
            shown.frames.waitForNextFrame(limit: .max)
            frame.append(ProcessProbes.wallMilliseconds() - start)
            block.append(watch.stop())
            cpu.append(ProcessProbes.threadCPUMilliseconds() - mainCPU)
            if !viewportShowsMatches(of: query) { wrong += 1 }
        }
        values["keystroke_frame_p50_ms"] = percentile(frame, 50)
        values["keystroke_frame_max_ms"] = frame.max() ?? .nan
        values["keystroke_main_cpu_p50_ms"] = percentile(cpu, 50)
        values["keystroke_main_cpu_max_ms"] = cpu.max() ?? .nan
        values["keystroke_block_max_ms"] = block.max() ?? .nan
        values["keystroke_apply_cpu_p50_ms"] = percentile(apply, 50)
        values["keystroke_apply_cpu_max_ms"] = apply.max() ?? .nan
        values["wrong_rows"] = Double(wrong)
        return BigFilterResult(side: Self.side, part: .filter, count: count, values: values)
    }

    /// Whether the rows the viewport shows, top to bottom (20 at most), are consecutive matches
    /// of `query`, each with its own text, as the peers check (`peer_filter_consecutive`).
    private func viewportShowsMatches(of query: String) -> Bool {
        let page = gtk_adjustment_get_page_size(shown.adjustment)
        var shownNumbers: [Int] = []
        var y = 1.0
        while y < page, shownNumbers.count < 20 {
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, 20, Int32(y), &listX, &listY) != 0,
                let position = host.position(atY: Double(listY)), let row = host.boundRow(at: position),
                let label = row.view as? LabelRow, let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0,
                label.text.hasPrefix("row "), let number = Int(label.text.dropFirst(4))
            else { break }
            shownNumbers.append(number)
            y += Double(max(gtk_widget_get_allocated_height(rowWidget), 1))
        }
        return FilterQuery.areConsecutiveMatches(shownNumbers, of: query)
    }
}
