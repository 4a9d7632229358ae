import CGtk
import GtkListManager

/// What each painted frame of the storm cost and showed, as `storm_after_paint` in
/// `peer_update_storm.h` measures the peers': at the toplevel's "after-paint", the main thread's
/// CPU time since the frame before (its own check left out), of which in the producer's ticks,
/// the interval, then what the visible rows show. A tick callback keeps the frame clock running,
/// a frame every refresh as while anything animates, so every side is asked for 60 a second.
@MainActor
final class StormFrames {
    var isRecording = false
    private(set) var frameCPU: [Double] = []
    private(set) var updateCPU: [Double] = []
    private(set) var intervals: [Double] = []
    private(set) var stale: [Double] = []
    private(set) var rowsRead = 0
    private(set) var tornRows = 0
    private(set) var misorderedFrames = 0

    private let producer: StormProducer
    private let sorted: Bool
    private let readShown: (inout StormShownCheck) -> Void
    private var lastCPU = 0.0
    private var lastPaint = 0.0

    /// `readShown` reads the visible rows from GTK into the check, top to bottom.
    init(
        window: UnsafeMutablePointer<GtkWidget>, producer: StormProducer, sorted: Bool,
        readShown: @escaping (inout StormShownCheck) -> Void
    ) {
        self.producer = producer
        self.sorted = sorted
        self.readShown = readShown
        guard let clock = gtk_widget_get_frame_clock(window) else { preconditionFailure("the window is not realized") }
        Signal.connect(clock, "after-paint") { [weak self] (_: OpaquePointer) in self?.painted() }
        gtk_widget_add_tick_callback(window, { _, _, _ in 1 }, nil, nil)
    }

    private func painted() {
        let cpu = ProcessProbes.threadCPUMilliseconds(), now = ProcessProbes.wallMilliseconds()
        if isRecording {
            frameCPU.append(cpu - lastCPU)
            updateCPU.append(producer.updateCPUSinceFrame)
            intervals.append(now - lastPaint)
            var check = StormShownCheck(producer: producer, sorted: sorted, now: now)
            readShown(&check)
            stale.append(check.oldestMs)
            rowsRead += check.rows
            tornRows += check.torn
            if check.misordered { misorderedFrames += 1 }
        }
        producer.updateCPUSinceFrame = 0
        lastCPU = ProcessProbes.threadCPUMilliseconds()
        lastPaint = now
    }
}
