import CGtk

/// The message of a commit that failed (or of one being saved), for an editor over a table cell:
/// in a popover under the editor that takes no focus (a label under it would make the row taller), and as the
/// accessible description of the editor's focusable part, which a screen reader reads with it.
@MainActor
final class EditorMessagePopover {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let focusable: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - editor: the widget the popover points to.
    ///   - focusable: the part of the editor that takes the focus.
    init(under editor: UnsafeMutablePointer<GtkWidget>, focusable: UnsafeMutablePointer<GtkWidget>) {
        popover = gtk_popover_new(editor)
        g_object_ref_sink(popover)
        self.focusable = focusable
        gtk_popover_set_modal(gcast(popover), 0)
        gtk_popover_set_position(gcast(popover), GTK_POS_BOTTOM)
        label = gtk_label_new(nil)
        gtk_label_set_line_wrap(gcast(label), 1)
        gtk_label_set_max_width_chars(gcast(label), 60)
        gtk_container_add(gcast(popover), label)
        gtk_widget_show(label)
        gtk_widget_set_can_focus(popover, 0)
    }

    isolated deinit {
        gtk_widget_destroy(popover)
        g_object_unref(popover)
    }

    /// The message shown; nil hides the popover and clears the description.
    var message: String? {
        didSet { update() }
    }

    /// Work under way (a commit being saved), said as a message is but not as an error, while
    /// there is no message.
    var progress: String? {
        didSet { update() }
    }

    private func update() {
        let style = gtk_widget_get_style_context(focusable)
        let labelStyle = gtk_widget_get_style_context(label)
        let shown = message ?? progress
        atk_object_set_description(gtk_widget_get_accessible(focusable), shown ?? "")
        if message != nil {
            gtk_style_context_add_class(style, "error")
            gtk_style_context_add_class(labelStyle, "error")
        } else {
            gtk_style_context_remove_class(style, "error")
            gtk_style_context_remove_class(labelStyle, "error")
        }
        if let shown {
            gtk_label_set_text(gcast(label), shown)
            showIfPlaced()
        } else {
            gtk_widget_hide(popover)
        }
    }

    /// The text the popover shows now (empty when hidden).
    var shownText: String {
        gtk_widget_get_visible(popover) != 0 ? String(cString: gtk_label_get_text(gcast(label))) : ""
    }

    /// Shows the popover again once the editor is in a window (it moved to another row).
    func showIfPlaced() {
        guard message != nil || progress != nil, gtk_widget_get_toplevel(focusable).map({ gtk_widget_is_toplevel($0) != 0 }) == true else {
            return
        }
        gtk_widget_show(popover)
    }

    /// Hides the popover while the editor is out of a row.
    func hide() {
        gtk_widget_hide(popover)
    }
}
