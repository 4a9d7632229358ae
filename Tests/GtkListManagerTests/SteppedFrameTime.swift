import CGtk
import Glibc

@testable import GtkListManager

/// The frame time the library's animations read (rows sliding and fading, an animated scroll),
/// held by the test and moved on a frame at a time: what a test sees frame by frame is then the
/// same however slowly the machine draws. On the real clock a slow frame (a sanitizer's build,
/// a busy machine at `GDK_SCALE=2`) skips the places a slide passes through.
///
/// GTK's own transitions (a `GtkRevealer`) keep the real clock.
@MainActor
enum SteppedFrameTime {
    /// A frame at 60 Hz, in microseconds.
    static let frameInterval: Int64 = 16_667

    /// Holds the frame time at now until ``stop()``; only ``nextFrame(of:)`` moves it.
    static func start() {
        FrameTicker.fixedFrameTime = Int64(g_get_monotonic_time())
    }

    /// Gives the animations the real clock again.
    static func stop() {
        FrameTicker.fixedFrameTime = nil
    }

    /// Runs `body` with the frame time held (``start()``), then gives the real clock back.
    static func during<Result>(_ body: () throws -> Result) rethrows -> Result {
        start()
        defer { stop() }
        return try body()
    }

    /// Moves the time on by a frame and lets `window` draw one (at most a second's wait).
    static func nextFrame(of window: UnsafeMutablePointer<GtkWidget>) {
        FrameTicker.fixedFrameTime? += frameInterval
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let frame = gdk_frame_clock_get_frame_counter(clock)
        gtk_widget_queue_draw(window)
        _ = GtkRuntime.iterate(until: { gdk_frame_clock_get_frame_counter(clock) > frame }, timeout: .seconds(1))
    }
}
