import CGtk

/// Scrolling for hosts whose widget sits in a `GtkViewport` (a scrolled window adds one around
/// widgets that do not scroll themselves): where the widget starts in the scrolled content, and
/// the adjustment value that shows a frame as an alignment asks.
@MainActor
public enum ViewportScrolling {
    /// The vertical adjustment of the viewport around `widget`; nil when it is not in one.
    public static func verticalAdjustment(around widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkAdjustment>? {
        guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()) else { return nil }
        return gtk_scrollable_get_vadjustment(OpaquePointer(viewport))
    }

    /// Where `widget` starts in the scrolled content: not 0 when other widgets sit above it.
    public static func top(of widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        guard let viewport = gtk_widget_get_ancestor(widget, gtk_viewport_get_type()),
            let content = gtk_bin_get_child(gcast(viewport))
        else { return 0 }
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, content, 0, 0, &x, &y) != 0 else { return 0 }
        return Double(y)
    }

    /// Sets `adjustment` so that `frame` (in the scrolled content's coordinates) shows as
    /// `alignment` says, within the adjustment's range.
    public static func scroll(
        _ adjustment: UnsafeMutablePointer<GtkAdjustment>, toShow frame: (y: Double, height: Double), alignment: ScrollAlignment
    ) {
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        let target: Double =
            switch alignment {
            case .top: frame.y
            case .center: frame.y + frame.height / 2 - page / 2
            case .bottom: frame.y + frame.height - page
            case .nearest: frame.y < value ? frame.y : (frame.y + frame.height > value + page ? frame.y + frame.height - page : value)
            }
        let upper = gtk_adjustment_get_upper(adjustment) - page
        gtk_adjustment_set_value(adjustment, min(max(target, gtk_adjustment_get_lower(adjustment)), upper))
    }
}
