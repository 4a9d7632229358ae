import CGtk
import GtkListManager

// The resize part: a column widened step by step through `setWidth`, the call a drag of its
// header's edge makes on every pointer motion, at a million rows.
extension BigTableScenario {
    static let resizeSteps = 100
    static let resizeStep = 2
    /// The column resized: on screen at the left edge, with columns after it to move.
    static let resizedColumn = 3

    /// `resize_cpu_p50_ms` and `resize_cpu_p95_ms`: CPU from each `setWidth` to its frame;
    /// `resize_wrong`: steps after which a header or a bound cell had a width other than its
    /// column's, read from GTK.
    func measureResize() -> BigTableResult {
        let storage = Self.numbers(count)
        var values = ["first_frame_ms": timeToFrame { manager.storage = storage }]
        shown.step(shown.vertical, to: TableWindow.range(of: shown.vertical) / 2)
        var cpu: [Double] = [], wrong = 0
        for step in 1...Self.resizeSteps {
            let width = Self.columnWidth + Self.resizeStep * step
            let start = ProcessProbes.cpuMilliseconds()
            table.setWidth(width, ofColumn: "c\(Self.resizedColumn)")
            shown.frames.waitForNextFrame()
            cpu.append(ProcessProbes.cpuMilliseconds() - start)
            if !widthsFollow(resizedTo: width) { wrong += 1 }
        }
        values["resize_cpu_p50_ms"] = percentile(cpu, 50)
        values["resize_cpu_p95_ms"] = percentile(cpu, 95)
        values["resize_wrong"] = Double(wrong)
        return result(values)
    }

    /// Whether every header and bound cell of the resized column is `width` wide and every other
    /// one as wide as declared.
    private func widthsFollow(resizedTo width: Int) -> Bool {
        func expected(_ column: Int) -> Int32 { Int32(column == Self.resizedColumn ? width : Self.columnWidth) }
        let inspection = inspection
        return inspection.headerWidths().allSatisfy { $0.value == expected($0.key) }
            && inspection.cellWidths().allSatisfy { $0.width == expected($0.column) }
    }
}
