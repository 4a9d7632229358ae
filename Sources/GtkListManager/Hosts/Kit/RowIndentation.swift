import CGtk

/// Indents a row's content with its start margin, keeping the margin the widget had of its
/// own: hosts call it from ``ListHost/setIndentation(_:for:)``.
@MainActor
enum RowIndentation {
    /// The object-data key under which a widget keeps the start margin it had before its first
    /// indentation (plus one, so that a margin of 0 is told from "not recorded"). The widget
    /// keeps it when it is reused in another row.
    private static let baseMarginKey = "gtk-list-manager-base-margin-start"
    /// The key as a quark. GLib copies the name (`g_quark_from_static_string` would keep the
    /// pointer forever, and a Swift string's C pointer lives only for the call).
    private static let baseMarginQuark = g_quark_from_string(baseMarginKey)

    /// Sets `widget`'s start margin to its own margin plus `pixels` (clamped, never negative).
    static func indent(_ widget: UnsafeMutablePointer<GtkWidget>, by pixels: Int) {
        let margin = baseMargin(of: widget) + max(pixels, 0)
        gtk_widget_set_margin_start(widget, Int32(clamping: margin))
    }

    private static func baseMargin(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        if let stored = g_object_get_qdata(gcast(widget), baseMarginQuark) {
            return Int(bitPattern: stored) - 1
        }
        let margin = Int(gtk_widget_get_margin_start(widget))
        g_object_set_qdata(gcast(widget), baseMarginQuark, UnsafeMutableRawPointer(bitPattern: margin + 1))
        return margin
    }
}

extension ListHost {
    public func setIndentation(_ pixels: Int, for row: BoundRow) {
        RowIndentation.indent(row.widget, by: pixels)
    }
}
