import CGtk
import Glibc

/// A step run at every frame of a widget's frame clock, given the frame's time, until it says
/// it is done or ``stop()`` is called: what moves an animation (rows sliding and fading, an
/// animated scroll).
///
/// GTK holds the tick callback, and its destroy notify releases it with the widget; the
/// callback reaches the ticker weakly, so a ticker dropped by its owner simply stops.
@MainActor
final class FrameTicker {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var step: ((Int64) -> Bool)?
    private var callback: guint = 0

    /// A ticker on `widget`'s frame clock; it ticks once ``start(_:)`` gives it a step.
    init(on widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// Whether a step runs at every frame.
    var isTicking: Bool { callback != 0 }

    /// Runs `step` at every frame from the next on, with the frame's time in microseconds, until
    /// it returns false. A ticker already ticking takes the new step in place of the old.
    func start(_ step: @escaping @MainActor (_ frameTime: Int64) -> Bool) {
        self.step = step
        guard callback == 0 else { return }
        let box = CallbackBox(WeakTicker(self)).retainedPointer()
        callback = gtk_widget_add_tick_callback(
            widget,
            { _, clock, userData in
                let ticker = CallbackBox<WeakTicker>.payload(of: userData).ticker
                return MainActor.assumeIsolated { ticker?.tick(on: clock) ?? false } ? 1 : 0
            }, box, CallbackBoxRelease.destroyNotify)
    }

    /// Stops ticking; the step is dropped.
    func stop() {
        if callback != 0 { gtk_widget_remove_tick_callback(widget, callback) }
        callback = 0
        step = nil
    }

    private func tick(on clock: OpaquePointer?) -> Bool {
        guard let step, step(Self.time(of: clock)) else {
            callback = 0
            self.step = nil
            return false
        }
        return true
    }

    // MARK: - Time

    /// Stands in for every frame clock's time when set, in microseconds: tests step animations
    /// by it, so what they see does not hang on how fast the machine draws.
    static var fixedFrameTime: Int64?

    /// The time of the frame being made on `widget`'s clock, in microseconds (the monotonic
    /// clock's when it has none, off screen).
    static func frameTime(of widget: UnsafeMutablePointer<GtkWidget>) -> Int64 {
        time(of: gtk_widget_get_frame_clock(widget))
    }

    private static func time(of clock: OpaquePointer?) -> Int64 {
        if let fixedFrameTime { return fixedFrameTime }
        guard let clock else { return Int64(g_get_monotonic_time()) }
        return Int64(gdk_frame_clock_get_frame_time(clock))
    }

    private final class WeakTicker {
        weak var ticker: FrameTicker?
        init(_ ticker: FrameTicker) { self.ticker = ticker }
    }
}
