import CGtk

/// Widgets fading in, from transparent to opaque over a ``RowAnimation``'s length, moved on the
/// frame clock of the widget that holds them: the flow-box grid's cells, which GtkFlowBox places
/// so they cannot slide, and the rows a change inserts in a virtualized list.
@MainActor
final class FadingWidgets {
    /// How long a fade lasts; nil: nothing fades.
    var animation: RowAnimation?
    /// Set while a change is applied without animation.
    var suspended = false
    /// The widgets fading, with when they started (nil until their first frame).
    private var fading: [UnsafeMutablePointer<GtkWidget>: Int64?] = [:]
    private var ticker: FrameTicker?

    /// Whether a widget is fading in.
    var isFading: Bool { !fading.isEmpty }

    /// Starts `widget` transparent and fades it in on `clockWidget`'s frames.
    func fadeIn(_ widget: UnsafeMutablePointer<GtkWidget>, on clockWidget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_opacity(widget, 0)
        fading[widget] = .some(nil)
        let ticker = ticker ?? FrameTicker(on: clockWidget)
        self.ticker = ticker
        if !ticker.isTicking { ticker.start { [weak self] time in self?.step(at: time) ?? false } }
    }

    /// Forgets `widget` (it leaves), opaque again.
    func forget(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard fading.removeValue(forKey: widget) != nil else { return }
        gtk_widget_set_opacity(widget, 1)
    }

    /// Makes every widget opaque at once.
    func finish() {
        ticker?.stop()
        for widget in fading.keys { gtk_widget_set_opacity(widget, 1) }
        fading = [:]
    }

    private func step(at time: Int64) -> Bool {
        let length = Double(max(animation?.milliseconds ?? 0, 1)) * 1000
        for (widget, start) in fading {
            let started = start ?? time
            let progress = min(Double(time - started) / length, 1)
            gtk_widget_set_opacity(widget, progress)
            // Not `fading[widget] = progress < 1 ? started : nil`: that stores `.some(nil)`,
            // "not started", and the widget would fade in again from transparent.
            if progress < 1 { fading[widget] = started } else { fading.removeValue(forKey: widget) }
        }
        return !fading.isEmpty
    }
}
