import CGtk
import GtkListManager

/// Insets a label cell's content by 6 pixels on each side, as the headers' titles are (and the
/// library's `TextCell`s), so text lines up under its title and neighbouring columns never
/// touch.
///
/// Workaround: the library's stylesheet insets cells with CSS padding (`theme.css`), but at the
/// theme's priority the desktop theme's own `* { padding: 0 }` wins, and a fit-content column
/// measures its cells outside their rows, where no such rule applies. Margins count in both.
@MainActor
func insetLikeHeaderTitles(_ widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_set_margin_start(widget, 6)
    gtk_widget_set_margin_end(widget, 6)
}
