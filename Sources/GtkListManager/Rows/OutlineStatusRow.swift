import CGtk
import ModelStorage

/// The built-in row under a tree item whose children are read lazily, shown when no row class
/// is registered for `OutlineChildrenStatus`: a spinner and "Loading…" while they are read, or
/// the error's message and a Retry button when reading failed. Styled by the theme's
/// `list-outline-status` class (``ListTheme/StyleClass/outlineStatus``).
@MainActor
public final class OutlineStatusRow: RowView, ModelTransfer, AccessibleRow {
    public let widget: UnsafeMutablePointer<GtkWidget>
    private let spinner = gtk_spinner_new()!
    private let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic", GTK_ICON_SIZE_MENU)!
    private let label = gtk_label_new(nil)!
    /// Reads the children again.
    package let retryButton = gtk_button_new_with_label("Retry")!
    private var status: OutlineChildrenStatus?

    public init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        for child in [spinner, icon, label, retryButton] { gtk_container_add(gcast(widget), child) }
        gtk_label_set_xalign(gcast(label), 0)
        gtk_label_set_ellipsize(gcast(label), PANGO_ELLIPSIZE_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
        ListTheme.set(ListTheme.StyleClass.outlineStatus, true, on: widget)
        Signal.connect(retryButton, "clicked") { [weak self] _ in self?.status?.retry() }
    }

    /// What the row says.
    public var text: String {
        String(cString: gtk_label_get_text(gcast(label)))
    }

    public func update(with status: OutlineChildrenStatus) {
        self.status = status
        gtk_label_set_text(gcast(label), Self.accessibleName(for: status))
        let failed: Bool = if case .failed = status.phase { true } else { false }
        gtk_widget_set_visible(spinner, failed ? 0 : 1)
        gtk_widget_set_visible(icon, failed ? 1 : 0)
        gtk_widget_set_visible(retryButton, failed ? 1 : 0)
        if failed { gtk_spinner_stop(gcast(spinner)) } else { gtk_spinner_start(gcast(spinner)) }
    }

    /// "Loading…", or the error's message.
    public static func accessibleName(for status: OutlineChildrenStatus) -> String {
        switch status.phase {
        case .loading: "Loading…"
        case let .failed(message): message
        }
    }
}
