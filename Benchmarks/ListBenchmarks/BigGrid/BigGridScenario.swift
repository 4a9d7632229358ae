import CGtk
import Foundation
import GtkListManager
import ModelStorage
import SeededRandom

/// One side of the big-grid benchmark measured in this process: a 900×600 window (400×600, the
/// big-list benchmark's, for the narrow side) of icon-and-label cells in 100 sections under
/// titles, the models made before the clock starts; the first frame, random jumps, window
/// resizes (a column more or fewer) and memory.
@MainActor
struct BigGridScenario {
    enum Side: String, CaseIterable {
        /// The virtualized host's grid layout, cells of a fixed size.
        case virtualized = "virtual-grid"
        /// The same in the big-list benchmark's 400×600 window: as many cells on screen as rows there.
        case narrowVirtualized = "virtual-grid-400px"
        /// The sectioned GtkFlowBox host, homogeneous cells.
        case flowBox = "flowbox-grid"

        @MainActor func makeHost() -> any ListHost {
            switch self {
            case .virtualized, .narrowVirtualized: VirtualListHost(gridLayout: VirtualGridLayout(cellSize: BigGridScenario.cellSize))
            case .flowBox: FlowBoxGridHost()
            }
        }

        var windowWidth: Int32 { self == .narrowVirtualized ? 400 : 900 }
    }

    static let keys = [
        "first_frame_ms", "jump_cpu_p50_ms", "jump_cpu_p95_ms", "resize_ms", "resize_p95_ms", "live_widgets", "grid_mb", "wrong_cells",
    ]
    static let sections = 100
    static let cellSize = GridSize(width: 96, height: 72)
    static let jumps = 200
    static let resizes = 20

    let side: Side
    let count: Int
    private let host: any ListHost
    private let manager: ListManager
    private let shown: BenchmarkWindow

    /// The empty grid, shown and drawn once.
    init(side: Side, count: Int) {
        self.side = side
        self.count = count
        host = side.makeHost()
        manager = ListManager(host: host)
        manager.register(IconLabelCell.self)
        manager.registerHeader(ManagerBenchmarks.LabelRow.self)
        shown = BenchmarkWindow(showing: manager.widget, width: side.windowWidth, height: 600)
    }

    func run() -> BigListResult {
        var values: [String: Double] = [:]
        let storage = MemoryStorage()
        let perSection = count / Self.sections
        let sections = (0..<Self.sections).map { section in (0..<perSection).map { "cell \(section * perSection + $0)" } }
        storage.setSectionHeaderModels((0..<Self.sections).map { "Section \($0)" })
        storage.setItemsForAllSections(sections)
        let memoryBefore = ProcessProbes.residentMiB()

        let start = ProcessProbes.wallMilliseconds()
        manager.storage = storage
        shown.frames.waitForNextFrame()
        values["first_frame_ms"] = ProcessProbes.wallMilliseconds() - start

        var random = SplitMix64(seed: 42)
        var jumpCPU: [Double] = [], wrong = 0
        for _ in 0..<Self.jumps {
            let fraction = Double(random.next() >> 11) / Double(1 << 53)
            jumpCPU.append(shown.scroll(to: fraction * shown.scrollRange).cpu)
            if !viewportShowsItsCells(storage) { wrong += 1 }
        }
        values["jump_cpu_p50_ms"] = percentile(jumpCPU, 50)
        values["jump_cpu_p95_ms"] = percentile(jumpCPU, 95)
        values["wrong_cells"] = Double(wrong)
        values["grid_mb"] = ProcessProbes.residentMiB() - memoryBefore

        _ = shown.scroll(to: shown.scrollRange / 2)
        var resizes: [Double] = []
        for index in 0..<Self.resizes {
            // A column fewer, then back: every resize changes the width (a resize to the size
            // the window has would wait for a configure event that never comes without a WM).
            let width = side.windowWidth - (index % 2 == 0 ? Int32(Self.cellSize.width) : 0)
            let start = ProcessProbes.wallMilliseconds()
            gtk_window_resize(gcast(shown.window), width, 600)
            shown.frames.waitForNextFrame()
            resizes.append(ProcessProbes.wallMilliseconds() - start)
        }
        values["resize_ms"] = percentile(resizes, 50)
        values["resize_p95_ms"] = percentile(resizes, 95)
        values["live_widgets"] = Double(liveCellWidgets)
        return BigListResult(side: side.rawValue, count: count, values: values, keys: Self.keys)
    }

    /// Whether 12 points across the viewport each show a mapped cell (or header) whose model is
    /// the storage's at its position.
    private func viewportShowsItsCells(_ storage: MemoryStorage) -> Bool {
        let page = gtk_adjustment_get_page_size(shown.adjustment)
        for sample in 0..<12 {
            let x = Int32(30 + (sample % 3) * 300), y = Int32((Double(sample / 3) + 0.5) * page / 4)
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, x, y, &listX, &listY) != 0 else { return false }
            // A point between cells shows no cell: nothing to check there.
            guard let position = host.position(atX: Double(listX), y: Double(listY)) else { continue }
            guard let row = host.boundRow(at: position), let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0,
                let location = manager.location(ofPosition: position)
            else { return false }
            let expected: Any? =
                location.role == .item
                ? storage.item(at: location.indexPath) : storage.headerModel(forSection: location.section)
            guard let model = row.model as? String, expected as? String == model else { return false }
        }
        return true
    }

    /// Cell and header widgets alive in the grid: bound or kept for reuse.
    private var liveCellWidgets: Int {
        if let virtualized = host as? VirtualListHost { return virtualized.rowWidgetCount }
        var rows = 0
        host.forEachBoundRow { _, _ in rows += 1 }
        return rows
    }
}
