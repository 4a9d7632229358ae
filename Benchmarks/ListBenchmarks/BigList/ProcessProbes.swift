import CGtk
import Glibc
import GtkListManager

/// glibc's `malloc_trim` (in `<malloc.h>`, which the Glibc module does not bring).
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32

/// What one process reads about itself while a big list is measured: its CPU time, its
/// resident memory, and the frames its window paints.
@MainActor
enum ProcessProbes {
    /// CPU time of the whole process, in milliseconds: what a step costs, independent of the
    /// ~16.7 ms Xvfb's frame clock paces every frame to.
    static func cpuMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// CPU time of the calling thread (the main one), in milliseconds: what a change cost the
    /// thread that draws, its background work apart.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// Monotonic wall time in milliseconds.
    static func wallMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    /// Resident memory in MiB after giving freed heap pages back, so that two readings differ
    /// by what is really held.
    static func residentMiB() -> Double {
        _ = malloc_trim(0)
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0, resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { sizePointer in
                    withUnsafeMutablePointer(to: &resident) { residentPointer in
                        withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
                    }
                }) == 2
        else { return 0 }
        return Double(resident * sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// Counts the frames a toplevel's frame clock paints ("after-paint"), to wait for the next one.
@MainActor
final class FramePainter {
    private(set) var paintedFrames = 0

    init(window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { preconditionFailure("the window is not realized") }
        Signal.connect(clock, "after-paint") { [weak self] (_: OpaquePointer) in
            self?.paintedFrames += 1
        }
    }

    /// Runs the main loop until a frame is painted after this call (false after `limit`
    /// milliseconds without one, two seconds unless told: nothing asked for a frame).
    @discardableResult
    func waitForNextFrame(limit: UInt32 = 2_000) -> Bool {
        let start = paintedFrames
        timedOut = false
        // Blocking iterations, woken by the frame clock; the timer only ends a wait for a frame
        // nobody asked for. (No periodic ticker: its wake-ups would count as the list's CPU.)
        let timer = GtkRuntime.after(milliseconds: limit) { [weak self] in self?.timedOut = true }
        while paintedFrames == start, !timedOut { g_main_context_iteration(nil, 1) }
        if !timedOut { g_source_remove(timer) }
        return paintedFrames != start
    }
    private var timedOut = false
}
