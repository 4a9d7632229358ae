import CAccessibility
import CGtk
import CVirtualList

/// An icon cell for a table's columns, as GtkTreeView's pixbuf renderer draws one: a themed icon
/// by name, a `GIcon`, or a picture (a `GdkPixbuf`), in a lean widget.
///
/// Like ``TextCell`` it has no window and no children: it draws one icon, ``pixelSize`` pixels
/// square, placed by ``xalign`` and centred vertically. Its CSS node is `image`, so a symbolic
/// icon takes the colour a label would (a selected row's too). Icons are drawn from surfaces made
/// at the widget's scale factor (crisp at `GDK_SCALE=2`) and kept for the whole process per icon,
/// size, scale and colour, so a column showing the same few icons on every row looks each up
/// once (CONTRIBUTING, Hot paths: 17); the cache empties when the icon theme changes. Screen
/// readers read an icon named by ``accessibleDescription``.
///
/// ```swift
/// manager.register(IconCell.self, for: Package.self, column: "kind") { cell, package, _ in
///     cell.iconName = package.isInstalled ? "emblem-ok-symbolic" : "package-x-generic"
///     cell.accessibleDescription = package.isInstalled ? "Installed" : "Available"
/// }
/// ```
///
/// A cell shows whichever of ``iconName``, ``setIcon(_:)`` and ``setPixbuf(_:)`` was set last.
/// A picture is scaled down to fit ``pixelSize`` (its aspect kept, never enlarged) and drawn
/// with as many of its pixels as the screen shows: decode it at `pixelSize` times the widget's
/// scale factor for a crisp picture. Pictures decoded late (a thumbnail) belong in a cell
/// class of your own that adopts ``LateContentTransfer`` and holds an icon cell: the binding
/// sets the picture only while the row still shows its model.
///
/// Cells are reused across rows, and across the columns that register this class: set in each
/// fill what some rows change (the icon, ``accessibleDescription``), or give the column's mapping
/// a reuse identifier of its own.
@MainActor
public final class IconCell: RowView {
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// An empty cell that shows icons `pixelSize` pixels square.
    public init(pixelSize: Int = 16) {
        widget = glm_icon_cell_new()
        glm_icon_cell_set_pixel_size(cell, Int32(clamping: pixelSize))
    }

    /// An empty cell that shows icons 16 pixels square: the cell the manager makes.
    public convenience init() {
        self.init(pixelSize: 16)
    }

    private var cell: OpaquePointer { OpaquePointer(widget) }

    /// The name of the themed icon shown (`"folder"`, `"emblem-ok-symbolic"`), looked up with
    /// GTK's fallbacks; nil when the cell shows a `GIcon`, a picture or nothing. Setting nil
    /// shows nothing.
    public var iconName: String? {
        get { glm_icon_cell_get_icon_name(cell).map { String(cString: $0) } }
        set { glm_icon_cell_set_icon_name(cell, newValue) }
    }

    /// Shows `icon`, a `GIcon` (a themed icon, a file's icon, an emblemed icon); the cell takes a
    /// reference. Nil shows nothing.
    public func setIcon(_ icon: OpaquePointer?) {
        glm_icon_cell_set_gicon(cell, icon)
    }

    /// The `GIcon` shown (a themed icon for ``iconName`` too), borrowed; nil for a picture.
    public var icon: OpaquePointer? { glm_icon_cell_get_gicon(cell) }

    /// Shows the picture `pixbuf`, a `GdkPixbuf` (a thumbnail), scaled down to fit
    /// ``pixelSize``; the cell takes a reference. Nil shows nothing.
    public func setPixbuf(_ pixbuf: OpaquePointer?) {
        glm_icon_cell_set_pixbuf(cell, pixbuf)
    }

    /// The picture shown, borrowed; nil when the cell shows an icon or nothing.
    public var pixbuf: OpaquePointer? { glm_icon_cell_get_pixbuf(cell) }

    /// The icon's size in pixels, and the most a picture takes. Default: 16, a menu icon's.
    public var pixelSize: Int {
        get { Int(glm_icon_cell_get_pixel_size(cell)) }
        set { glm_icon_cell_set_pixel_size(cell, Int32(clamping: newValue)) }
    }

    /// Where the icon sits across the cell: 0 at the start (the left, or the right when the
    /// widget's direction is right to left), 1 at the end. Default: 0.5, the middle.
    public var xalign: Float {
        get { glm_icon_cell_get_xalign(cell) }
        set { glm_icon_cell_set_xalign(cell, newValue) }
    }

    /// What a screen reader says for the icon ("Installed", "Folder"); nil says nothing.
    public var accessibleDescription: String? {
        get { glm_icon_cell_get_description(cell).map { String(cString: $0) } }
        set { glm_icon_cell_set_description(cell, newValue) }
    }
}

extension IconCell {
    /// What an icon cell shows and drew, read from its widget.
    struct Shown {
        let iconName: String?
        let icon: OpaquePointer?
        let pixbuf: OpaquePointer?
        let description: String?
        /// The icon's box in the cell, as drawn at its allocation.
        let area: GdkRectangle
        /// The `cairo_surface_t` drawn last, nil before the first draw.
        let drawnSurface: OpaquePointer?
    }

    /// What the icon cell `widget` is shows; nil when it is no icon cell.
    static func shown(by widget: UnsafeMutablePointer<GtkWidget>) -> Shown? {
        guard let cell = glm_icon_cell_of_widget(widget) else { return nil }
        var area = GdkRectangle()
        glm_icon_cell_get_icon_area(cell, &area)
        return Shown(
            iconName: glm_icon_cell_get_icon_name(cell).map { String(cString: $0) }, icon: glm_icon_cell_get_gicon(cell),
            pixbuf: glm_icon_cell_get_pixbuf(cell), description: glm_icon_cell_get_description(cell).map { String(cString: $0) },
            area: area, drawnSurface: glm_icon_cell_get_drawn_surface(cell))
    }

    /// How many surfaces the process-wide icon cache holds.
    static var cachedSurfaceCount: Int { Int(glm_icon_cell_cached_surface_count()) }
}
