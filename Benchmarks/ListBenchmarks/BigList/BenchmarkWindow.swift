import CGtk
import GtkListManager

/// A toplevel window holding a list's widget in a scrolled window, shown and drawn once, with
/// a counter of painted frames: where the big-list and big-grid benchmarks measure.
@MainActor
struct BenchmarkWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let frames: FramePainter

    var adjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow)) }

    /// How far the list scrolls: the adjustment's upper bound less a page.
    var scrollRange: Double {
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }

    /// Scrolls to `value` and waits for the frame: the process's CPU time and the wall time.
    func scroll(to value: Double) -> (cpu: Double, wall: Double) {
        let cpu = ProcessProbes.cpuMilliseconds(), wall = ProcessProbes.wallMilliseconds()
        gtk_adjustment_set_value(adjustment, value)
        frames.waitForNextFrame()
        return (ProcessProbes.cpuMilliseconds() - cpu, ProcessProbes.wallMilliseconds() - wall)
    }

    init(showing widget: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), width, height)
        scrolledWindow = gtk_scrolled_window_new(nil, nil)
        gtk_container_add(gcast(scrolledWindow), widget)
        gtk_container_add(gcast(window), scrolledWindow)
        gtk_widget_show_all(window)
        let shown = window
        GtkRuntime.iterate(until: { gtk_widget_get_mapped(shown) != 0 })
        frames = FramePainter(window: window)
        gtk_widget_queue_draw(window)
        frames.waitForNextFrame()
    }
}
