import CGtk
import GtkListManager
import ModelStorage

/// A click on a big table's header, timed as the sort parts time it: GTK's "clicked" on the
/// header's button, to the frame after the storage applied the sort it caused.
@MainActor
struct BigTableHeaderClick {
    let scenario: BigTableScenario

    /// One click on column `column`'s header: `<name>_ms` to the frame after `applied` turned
    /// true, `<name>_applied_ms` to then, `<name>_block_ms` the longest the main loop was
    /// blocked from the click to that frame, `<name>_main_cpu_ms` the main thread's CPU
    /// meanwhile, `<name>_wrong` 1 when the table's sort then was not `expected` or
    /// `showsNewOrder` found the viewport wrong.
    func measure(
        _ name: String, column: Int, expected: [SortKey], applied: () -> Bool, showsNewOrder: () -> Bool
    ) -> [String: Double] {
        guard let button = scenario.inspection.headerButton(ofColumn: column) else { return [name + "_wrong": 1] }
        let watch = MainLoopStallWatch()
        let mainCPU = ProcessProbes.threadCPUMilliseconds(), start = ProcessProbes.wallMilliseconds()
        watch.start()
        gtk_button_clicked(gcast(button))
        // The watch's ticks wake the loop: no deadline here, the parent's time limit is one.
        while !applied() { g_main_context_iteration(nil, 1) }
        let appliedAt = ProcessProbes.wallMilliseconds() - start
        scenario.shown.frames.waitForNextFrame(limit: .max)
        let frameAt = ProcessProbes.wallMilliseconds() - start
        let block = watch.stop()
        let cpu = ProcessProbes.threadCPUMilliseconds() - mainCPU
        let right = scenario.table.sort == expected && showsNewOrder()
        return [
            name + "_ms": frameAt, name + "_applied_ms": appliedAt, name + "_block_ms": block, name + "_main_cpu_ms": cpu,
            name + "_wrong": right ? 0 : 1,
        ]
    }
}
