import CGtk
import Foundation
import GtkListManager
import SeededRandom

/// The big list's scrolling measurement for any list the manager shows on the virtualized host,
/// as the C peers take it (`peer_measure_scrolling` and `peer_measure_wheel`): 200 random jumps
/// of the scrollbar (SplitMix64, seed 42), then 200 wheel steps from the middle, CPU per step to
/// its frame, and the jumps after which the viewport shows a blank or wrong row.
@MainActor
struct ScrollSampling {
    static let jumps = 200
    static let wheelSteps = 200

    let shown: BenchmarkWindow
    /// Whether the viewport shows the rows it should, asked after every jump.
    let viewportIsRight: () -> Bool

    /// `jump_cpu_p50_ms`, `jump_cpu_p95_ms`, `wheel_cpu_p50_ms`, `wheel_cpu_p95_ms`, `wrong_rows`.
    func measure() -> [String: Double] {
        var values: [String: Double] = [:]
        var random = SplitMix64(seed: 42)
        var jumpCPU: [Double] = [], wrongJumps = 0
        for _ in 0..<Self.jumps {
            let fraction = Double(random.next() >> 11) / Double(1 << 53)
            jumpCPU.append(shown.scroll(to: fraction * shown.scrollRange).cpu)
            if !viewportIsRight() { wrongJumps += 1 }
        }
        values["jump_cpu_p50_ms"] = percentile(jumpCPU, 50)
        values["jump_cpu_p95_ms"] = percentile(jumpCPU, 95)
        values["wrong_rows"] = Double(wrongJumps)

        values.merge(Self.measureWheel(in: shown)) { _, new in new }
        return values
    }

    /// `wheel_cpu_p50_ms` and `wheel_cpu_p95_ms`: `wheelSteps` steps of GTK's wheel
    /// (page^(2/3)) from the middle of `shown`.
    static func measureWheel(in shown: BenchmarkWindow) -> [String: Double] {
        _ = shown.scroll(to: shown.scrollRange / 2)
        let wheel = pow(gtk_adjustment_get_page_size(shown.adjustment), 2.0 / 3.0)
        var wheelCPU: [Double] = []
        for _ in 0..<wheelSteps {
            wheelCPU.append(shown.scroll(to: min(gtk_adjustment_get_value(shown.adjustment) + wheel, shown.scrollRange)).cpu)
        }
        return ["wheel_cpu_p50_ms": percentile(wheelCPU, 50), "wheel_cpu_p95_ms": percentile(wheelCPU, 95)]
    }
}

extension BigTreeScenario {
    /// Whether 8 points down the viewport each show a drawn row with its own item's text.
    func viewportShowsItsRows() -> Bool {
        let page = gtk_adjustment_get_page_size(shown.adjustment)
        for sample in 0..<8 {
            let y = Int32((Double(sample) + 0.5) * page / 8)
            var listX: Int32 = 0, listY: Int32 = 0
            guard gtk_widget_translate_coordinates(shown.scrolledWindow, host.widget, 20, y, &listX, &listY) != 0,
                let position = host.position(atY: Double(listY)), let row = host.boundRow(at: position),
                let rowWidget = row.hostWidget, gtk_widget_get_mapped(rowWidget) != 0, let model = row.model as? Int,
                manager.storage.item(at: IndexPath(item: position, section: 0)) as? Int == model,
                (row.view as? LabelRow)?.text == LabelRow.text(of: model)
            else { return false }
            var rowX: Int32 = 0, rowY: Int32 = 0
            gtk_widget_translate_coordinates(shown.scrolledWindow, rowWidget, 20, y, &rowX, &rowY)
            guard rowY >= 0, rowY < gtk_widget_get_allocated_height(rowWidget) else { return false }
        }
        return true
    }
}
