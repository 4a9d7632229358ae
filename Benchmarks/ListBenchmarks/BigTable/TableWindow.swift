import CGtk
import GtkListManager

/// A 1280×800 toplevel showing a table's own widget (its headers above the scrolled window it
/// keeps around the list), shown and drawn once, with a counter of painted frames: the big
/// list's `BenchmarkWindow` wraps a widget in a scrolled window of its own, which a table must
/// not get, as it scrolls its rows itself.
@MainActor
struct TableWindow {
    static let width: Int32 = 1280
    static let height: Int32 = 800

    let window: UnsafeMutablePointer<GtkWidget>
    /// The table's scrolled window: the rows' viewport, below the headers.
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let frames: FramePainter

    var vertical: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow)) }
    var horizontal: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_hadjustment(gcast(scrolledWindow)) }

    init(showing table: ListTable) {
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), Self.width, Self.height)
        scrolledWindow = table.scrolledWindow
        gtk_container_add(gcast(window), table.widget)
        gtk_widget_show_all(window)
        let shown = window
        GtkRuntime.iterate(until: { gtk_widget_get_mapped(shown) != 0 })
        frames = FramePainter(window: window)
        gtk_widget_queue_draw(window)
        frames.waitForNextFrame()
    }

    /// How far `adjustment` scrolls: its upper bound less a page.
    static func range(of adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Double {
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }

    /// Scrolls `adjustment` to `value` and waits for the frame: the process's CPU time spent, as
    /// the peers' `peer_step` measures it.
    @discardableResult
    func step(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, to value: Double) -> Double {
        let cpu = ProcessProbes.cpuMilliseconds()
        gtk_adjustment_set_value(adjustment, value)
        frames.waitForNextFrame()
        return ProcessProbes.cpuMilliseconds() - cpu
    }
}
