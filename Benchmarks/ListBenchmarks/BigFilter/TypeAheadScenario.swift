import CGtk
import Foundation
import GtkListManager
import ModelStorage

/// Our side of the big-filter benchmark's type-ahead part, in this process, measured as the C
/// peer measures GtkTreeView's interactive search (`Benchmarks/Peers/peer_type_ahead.h`): N rows
/// `row <i>` on the virtualized host, found by their text, the list focused with the cursor on
/// row 0; `row <N-1>` typed a character at a time, then a miss, each key a keyboard event handed
/// to GTK and timed until the main loop is idle and the frame after it drawn.
@MainActor
final class TypeAheadScenario {
    /// A label showing `row <i>`, found by that text.
    final class NumberRow: RowView, ModelTransfer, FindableRow {
        let widget = gtk_label_new(nil)!
        init() { gtk_label_set_xalign(gcast(widget), 0) }
        func update(with model: Int) { gtk_label_set_text(gcast(widget), "row \(model)") }
        static func findableText(for model: Int) -> String { "row \(model)" }
    }

    let count: Int
    private let host = VirtualListHost.virtualized
    private let manager: ListManager
    private let shown: BenchmarkWindow

    init(count: Int) {
        self.count = count
        manager = ListManager(host: host)
        manager.register(NumberRow.self)
        manager.selectionMode = .single
        shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 600)
        // Keys go to the window with the keyboard focus; with no window manager, none has it
        // unless asked for.
        gtk_window_present(gcast(shown.window))
        let window = shown.window
        GtkRuntime.iterate(until: { gtk_window_has_toplevel_focus(gcast(window)) != 0 })
        manager.memoryStorage?.setItems(Array(0..<count))
        shown.frames.waitForNextFrame()
    }

    func run() -> BigFilterResult {
        var values: [String: Double] = [:]
        // Focusing the list starts its index, built while the loop is idle: timed apart.
        let buildCPU = ProcessProbes.threadCPUMilliseconds(), buildStart = ProcessProbes.wallMilliseconds()
        gtk_widget_grab_focus(manager.widget)
        _ = host.focusRow(at: 0)
        Self.waitUntilIdle()
        values["index_build_ms"] = ProcessProbes.wallMilliseconds() - buildStart
        values["index_build_main_cpu_ms"] = ProcessProbes.threadCPUMilliseconds() - buildCPU

        let typed = "row \(count - 1)", keys = Array(typed) + ["x"]
        var frame: [Double] = [], cpu: [Double] = [], block: [Double] = [], wrong = 0
        for (offset, key) in keys.enumerated() {
            let watch = MainLoopStallWatch()
            let painted = shown.frames.paintedFrames
            let mainCPU = ProcessProbes.threadCPUMilliseconds(), start = ProcessProbes.wallMilliseconds()
            watch.start()
            type(key)
            Self.waitUntilIdle()
            let idle = ProcessProbes.wallMilliseconds()
            let drawn = shown.frames.paintedFrames != painted || shown.frames.waitForNextFrame(limit: 100)
            frame.append((drawn ? ProcessProbes.wallMilliseconds() : idle) - start)
            block.append(watch.stop())
            cpu.append(ProcessProbes.threadCPUMilliseconds() - mainCPU)
            let query = offset < typed.count ? String(typed.prefix(offset + 1)) : typed + "x"
            if shownQuery() != query || cursorRow() != Self.expectedRow(after: query, typed: typed) { wrong += 1 }
        }
        values["miss_main_cpu_ms"] = cpu.removeLast()
        frame.removeLast()
        block.removeLast()
        values["keystroke_main_cpu_p50_ms"] = percentile(cpu, 50)
        values["keystroke_main_cpu_max_ms"] = cpu.max() ?? .nan
        values["keystroke_frame_p50_ms"] = percentile(frame, 50)
        values["keystroke_frame_max_ms"] = frame.max() ?? .nan
        values["keystroke_block_max_ms"] = block.max() ?? .nan
        values["wrong_rows"] = Double(wrong)
        return BigFilterResult(side: BigFilterScenario.side, part: .typeAhead, count: count, values: values)
    }

    /// The row the cursor must be on once `query` is typed (`peer_type_ahead_expected_row`): 0
    /// while it is the prefix, then the number its digits make; the miss leaves it there.
    private static func expectedRow(after query: String, typed: String) -> Int {
        let digits = query.hasPrefix(typed) ? typed.dropFirst(4) : query.dropFirst(4)
        return Int(digits) ?? 0
    }

    /// Types `character` as the keyboard would.
    private func type(_ character: Character) {
        SyntheticKey.type(character, on: shown.window)
    }

    /// Runs the main loop until nothing is pending (the type-ahead index's slices included).
    private static func waitUntilIdle() {
        while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
    }

    /// The row of the cursor, read from the selection it moves.
    private func cursorRow() -> Int? {
        manager.selectedIndexPaths.first?.item
    }

    /// The text of the type-ahead window's entry while it shows (a popup window, its frame, its entry).
    private func shownQuery() -> String? {
        let toplevels = gtk_window_list_toplevels()
        defer { g_list_free(toplevels) }
        for window in GListSequence(toplevels, of: GtkWidget.self) {
            guard gtk_widget_get_visible(window) != 0,
                gtk_style_context_has_class(gtk_widget_get_style_context(window), "glm-type-ahead") != 0,
                let frame = gtk_bin_get_child(gcast(window)), let entry = gtk_bin_get_child(gcast(frame))
            else { continue }
            return String(cString: gtk_entry_get_text(gcast(entry)))
        }
        return nil
    }
}
