import CGtk

/// The built-in header or footer row for a `String` model, shown when no header or footer class
/// is registered: a left-aligned label built from the library's `section-title.ui`, styled by
/// the theme's `list-section-title` class, or `list-section-footer` as a footer
/// (``ListTheme/StyleClass``).
@MainActor
public final class SectionTitleRow: RowView, ModelTransfer, AccessibleRow {
    public let widget: UnsafeMutablePointer<GtkWidget>

    public init() {
        LibraryResources.register()
        let builder = gtk_builder_new_from_resource("\(LibraryResources.path)/section-title.ui")!
        defer { g_object_unref(builder) }
        widget = gcast(gtk_builder_get_object(builder, "title")!)
        // The builder holds its objects until it goes: the label outlives it floating, like a
        // new widget, for the bound row to sink.
        g_object_ref(widget)
        g_object_force_floating(gcast(widget))
    }

    /// The title shown.
    public var title: String {
        String(cString: gtk_label_get_text(gcast(widget)))
    }

    /// Whether the row shows a footer's title (the `list-section-footer` style) rather than a
    /// header's.
    package internal(set) var isFooter = false {
        didSet {
            guard isFooter != oldValue else { return }
            ListTheme.set(ListTheme.StyleClass.sectionTitle, !isFooter, on: widget)
            ListTheme.set(ListTheme.StyleClass.sectionFooter, isFooter, on: widget)
        }
    }

    /// Its title: what a screen reader says for the header.
    public static func accessibleName(for title: String) -> String {
        title
    }

    public func update(with title: String) {
        gtk_label_set_text(gcast(widget), title)
    }
}

/// The row shown where a model cannot be shown (nil, or no mapping accepts it), so the list
/// keeps one row per storage item; the reason is reported as an anomaly.
@MainActor
final class UnmappedRow: RowView {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_label_new(nil)
    init() {}
}
