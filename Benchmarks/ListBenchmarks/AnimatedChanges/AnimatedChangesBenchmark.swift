import CGtk
import GtkListManager
import ModelStorage

/// The animated-changes benchmark (issue 36): a virtualized list of a million rows with about
/// 100 on screen, scrolled to the middle; a row is inserted under the top row, so that every row
/// under it slides down a row, then removed, so that they slide back (the removed row fading
/// out as a picture), again and again. Each frame of the animations is timed from one painted
/// frame to the next: the main thread's CPU time, and the interval, which holds at the display's
/// rate (Xvfb: 60 Hz, 16.7 ms) when the frame's work fits.
///
/// `list-benchmarks animation [quick]`. GtkTreeView and GTK 4's list widgets do not animate
/// changes, so there is no peer to run side by side; GtkListBox animates through GtkRevealer
/// but cannot hold a million rows.
@MainActor
enum AnimatedChangesBenchmark {
    /// Rows of 10 pixels in a 1,000-pixel window: about 100 on screen.
    final class SmallRow: RowView, ModelTransfer {
        let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
        init() { gtk_widget_set_name(widget, "small") }
        func update(with number: Int) { gtk_label_set_text(gcast(widget), "Row \(number)") }
    }

    static let rowCount = 1_000_000
    static let milliseconds = 250

    static func run(quick: Bool) {
        guard GtkRuntime.initialize() else { return print("animation: no display") }
        let css = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(css, "#small { font-size: 6px; } list row { min-height: 0; padding: 0; }", -1, nil)
        gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), OpaquePointer(css), 800)

        let storage = MemoryStorage()
        storage.setItems(Array(0..<rowCount))
        var configuration = ListConfiguration()
        configuration.rowAnimation = RowAnimation(.crossfade, milliseconds: milliseconds)
        let host = VirtualListHost()
        let manager = ListManager(host: host, storage: storage, configuration: configuration)
        manager.register(SmallRow.self)
        let shown = BenchmarkWindow(showing: manager.widget, width: 400, height: 1000)
        _ = shown.scroll(to: shown.scrollRange / 2)
        shown.frames.waitForNextFrame()

        let timing = FrameTiming(window: shown.window)
        let changes = quick ? 10 : 40
        var rowsOnScreen: [Int] = []
        for change in 0..<changes {
            guard let top = host.positionsOnScreen?.lowerBound else { return print("animation: nothing on screen") }
            rowsOnScreen.append(host.positionsOnScreen?.count ?? 0)
            let under = IndexPath(item: top + 1, section: 0)
            timing.record(for: milliseconds + 100) {
                if change % 2 == 0 {
                    try? storage.insertItem(-change, to: under)
                } else {
                    storage.removeItems(at: [under])
                }
            }
        }
        report(timing, changes: changes, rowsOnScreen: rowsOnScreen)
    }

    private static func report(_ timing: FrameTiming, changes: Int, rowsOnScreen: [Int]) {
        let cpu = timing.frameCPU, intervals = timing.intervals
        guard !cpu.isEmpty, !intervals.isEmpty else { return print("animation: no frame painted") }
        func row(_ name: String, _ samples: [Double]) -> String {
            "| \(name) | \(format(percentile(samples, 50))) | \(format(percentile(samples, 95))) | \(format(samples.max()!)) |"
        }
        print("## Animated changes (\(rowCount.formatted()) rows, \(rowsOnScreen.min()!)–\(rowsOnScreen.max()!) on screen)")
        print()
        print("\(changes) changes (a row inserted under the top row, then removed: every row under it slides), ")
        print("\(milliseconds) ms each, \(cpu.count) frames painted.")
        print()
        print("| per frame | p50 | p95 | max |")
        print("|---|---|---|---|")
        print(row("main thread CPU (ms)", cpu))
        print(row("interval between frames (ms)", intervals))
        let goalMet = percentile(cpu, 95) <= 4
        print()
        print(
            "Goal: CPU per frame p95 ≤ 4 ms: \(goalMet ? "met" : "**not met**"); frames per animation: \(format(Double(cpu.count) / Double(changes))) (\(format(Double(milliseconds) / (1000.0 / 60))) at 60 Hz)."
        )
    }

    private static func format(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(value < 10 ? 2 : 1)))
    }
}

/// What each painted frame cost the main thread, and how long after the one before it came, while
/// recording.
@MainActor
final class FrameTiming {
    private(set) var frameCPU: [Double] = []
    private(set) var intervals: [Double] = []
    private var recording = false
    private var lastCPU: Double?
    private var lastPaint: Double?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { preconditionFailure("the window is not realized") }
        Signal.connect(clock, "after-paint") { [weak self] (_: OpaquePointer) in self?.painted() }
    }

    private func painted() {
        let wall = ProcessProbes.wallMilliseconds(), cpu = ProcessProbes.threadCPUMilliseconds()
        defer { (lastCPU, lastPaint) = (cpu, wall) }
        guard recording else { return }
        if let lastCPU { frameCPU.append(cpu - lastCPU) }
        if let lastPaint { intervals.append(wall - lastPaint) }
    }

    /// Makes `change` and runs the main loop for `milliseconds`, timing the frames painted
    /// meanwhile: the first frame's CPU counts from before the change, its interval is not
    /// counted (it follows a frame of the last recording, or none).
    func record(for milliseconds: Int, _ change: () -> Void) {
        lastCPU = ProcessProbes.threadCPUMilliseconds()
        lastPaint = nil
        recording = true
        defer { recording = false }
        change()
        var done = false
        _ = GtkRuntime.after(milliseconds: UInt32(milliseconds)) { done = true }
        while !done { g_main_context_iteration(nil, 1) }
    }
}
