import CGtk

/// The library's look, as CSS an application or a GTK theme restyles: the style classes the
/// library puts on its widgets, and the stylesheet (`Resources/GtkListManager/theme.css`) that
/// gives them their default look.
///
/// The stylesheet is added to the default screen at `GTK_STYLE_PROVIDER_PRIORITY_THEME` when the
/// first ``ListManager`` is made (or ``install()`` is called). A theme may style the same
/// classes; an application's own provider at `GTK_STYLE_PROVIDER_PRIORITY_APPLICATION` wins
/// over both:
///
/// ```css
/// .list-section-title { font-weight: normal; font-variant: small-caps; }
/// .list-drop-placeholder { border-color: orange; }
/// ```
@MainActor
public enum ListTheme {
    /// The style classes the library sets, for an application's CSS selectors.
    public enum StyleClass {
        /// The built-in title row of a section header (``SectionTitleRow``).
        public static let sectionTitle = "list-section-title"
        /// The built-in title row of a section footer (``SectionTitleRow``).
        public static let sectionFooter = "list-section-footer"
        /// The row or cell showing a drop's placeholder model, until the drop is settled
        /// (``ListManager/drop(_:toPlaceholderAt:showing:)``), on every host.
        public static let dropPlaceholder = "list-drop-placeholder"
        /// A row or cell while it is drawn as the icon of its own drag.
        public static let dragIcon = "drag-icon"
        /// The virtualized host's list widget when it lays its rows out as a grid.
        public static let grid = "list-manager-grid"
        /// The list widget of a table, whatever its host.
        public static let table = "list-manager-table"
        /// The cell of a table's focused row in the column of the cell cursor (Ctrl+Left,
        /// Ctrl+Right).
        public static let tableCursorCell = "list-table-cursor-cell"
        /// A cell in a table's range of cells, when the table selects cells: its row is
        /// selected, and the cell stands out in it.
        public static let tableSelectedCell = "list-table-selected-cell"
        /// The row of a group (an `ItemGroup` of a `GroupedStorage`) in a table: tinted, so
        /// groups stand apart from their items.
        public static let tableGroupRow = "list-table-group-row"
        /// The editor over a table's cell being edited (an entry, a combo box, a spin button):
        /// trimmed to the row's height, which it never changes.
        public static let tableCellEditor = "list-table-cell-editor"
        /// The disclosure arrow of a tree's row, `:checked` when the row is expanded.
        public static let outlineExpander = "list-outline-expander"
        /// The built-in row under a tree item whose children are loading or failed to load
        /// (``OutlineStatusRow``).
        public static let outlineStatus = "list-outline-status"
        /// The built-in row of a position whose row is still being read (``PendingItemRow``).
        public static let pending = "list-pending"
        /// A table's text cell: inset as header titles are (`layout.css`).
        public static let textCell = "list-text-cell"
        /// A row, or a table's cell, whose item just changed in place, for
        /// ``ListConfiguration/changeFlash``'s duration.
        public static let changed = "list-changed"
    }

    /// The provider of the stylesheet once installed, e.g. to take it off a screen with
    /// `gtk_style_context_remove_provider_for_screen`; nil before.
    public private(set) static var provider: UnsafeMutablePointer<GtkCssProvider>?

    /// Adds the stylesheet to the default screen, once; does nothing without a display.
    ///
    /// A second, smaller stylesheet (`layout.css`) holds the rules the library's geometry
    /// depends on (a table's rows have no padding, so cells line up under their headers). It
    /// sits just above the theme GTK loads for the desktop's settings
    /// (`GTK_STYLE_PROVIDER_PRIORITY_SETTINGS`), whose rules would otherwise win, and below an
    /// application's providers.
    public static func install() {
        guard provider == nil, let screen = gdk_screen_get_default() else { return }
        LibraryResources.register()
        provider = addStylesheet("theme.css", to: screen, priority: GTK_STYLE_PROVIDER_PRIORITY_THEME)
        _ = addStylesheet("layout.css", to: screen, priority: GTK_STYLE_PROVIDER_PRIORITY_SETTINGS + 1)
    }

    private static func addStylesheet(
        _ name: String, to screen: OpaquePointer, priority: Int32
    ) -> UnsafeMutablePointer<GtkCssProvider> {
        let stylesheet = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(stylesheet, "\(LibraryResources.path)/\(name)")
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(stylesheet), guint(priority))
        return stylesheet
    }

    /// Adds or removes `styleClass` on `widget`.
    static func set(_ styleClass: String, _ isOn: Bool, on widget: UnsafeMutablePointer<GtkWidget>) {
        let context = gtk_widget_get_style_context(widget)
        if isOn { gtk_style_context_add_class(context, styleClass) } else { gtk_style_context_remove_class(context, styleClass) }
    }
}
