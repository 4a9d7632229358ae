import CGtk

/// Widgets fading in, from transparent to opaque over a ``RowAnimation``'s length, moved on the
/// frame clock of the widget that holds them: a host's cells that come where the host cannot
/// slide them.
@MainActor
final class FadingWidgets {
    /// How long a fade lasts; nil: nothing fades.
    var animation: RowAnimation?
    /// Set while a change is applied without animation.
    var suspended = false
    /// The widgets fading, with when they started (nil until their first frame).
    private var fading: [UnsafeMutablePointer<GtkWidget>: Int64?] = [:]
    private var ticking: (widget: UnsafeMutablePointer<GtkWidget>, callback: guint)?

    /// Starts `widget` transparent and fades it in on `clockWidget`'s frames.
    func fadeIn(_ widget: UnsafeMutablePointer<GtkWidget>, on clockWidget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_opacity(widget, 0)
        fading[widget] = .some(nil)
        guard ticking == nil else { return }
        let box = CallbackBox(WeakFades(self)).retainedPointer()
        let callback = gtk_widget_add_tick_callback(
            clockWidget,
            { _, clock, userData in
                let fades = CallbackBox<WeakFades>.payload(of: userData).fades
                let time = clock.map { Int64(gdk_frame_clock_get_frame_time($0)) } ?? 0
                return MainActor.assumeIsolated { fades?.step(at: time) ?? false } ? 1 : 0
            }, box, CallbackBoxRelease.destroyNotify)
        ticking = (clockWidget, callback)
    }

    /// Forgets `widget` (it leaves), opaque again.
    func forget(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard fading.removeValue(forKey: widget) != nil else { return }
        gtk_widget_set_opacity(widget, 1)
    }

    /// Makes every widget opaque at once.
    func finish() {
        if let ticking { gtk_widget_remove_tick_callback(ticking.widget, ticking.callback) }
        ticking = nil
        for widget in fading.keys { gtk_widget_set_opacity(widget, 1) }
        fading = [:]
    }

    private func step(at time: Int64) -> Bool {
        let length = Double(max(animation?.milliseconds ?? 0, 1)) * 1000
        for (widget, start) in fading {
            let started = start ?? time
            let progress = min(Double(time - started) / length, 1)
            gtk_widget_set_opacity(widget, progress)
            fading[widget] = progress < 1 ? started : nil
        }
        guard !fading.isEmpty else {
            ticking = nil
            return false
        }
        return true
    }

    private final class WeakFades {
        weak var fades: FadingWidgets?
        init(_ fades: FadingWidgets) { self.fades = fades }
    }
}
