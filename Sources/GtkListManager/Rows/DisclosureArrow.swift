import CGtk
import ModelStorage

/// The disclosure arrow of a tree's row, drawn by the row's container in the room its
/// indentation leaves before the row's content, as GtkTreeView draws its expanders
/// (`gtk_render_expander`, the ``ListTheme/StyleClass/outlineExpander`` style class, `:checked`
/// when open, mirrored right to left).
///
/// What a container shows is kept on the container itself (GObject data), since containers are
/// reused from row to row; the draw handler is connected once per container.
@MainActor
enum DisclosureArrow {
    /// The width and height of the arrow, in pixels.
    static let size = 16

    /// What a container draws: nothing, or an arrow closed or open, or the room of one (a leaf).
    struct Mark: Equatable {
        var hasArrow: Bool
        var isExpanded: Bool

        fileprivate var packed: Int { 1 | (hasArrow ? 2 : 0) | (isExpanded ? 4 : 0) }
        fileprivate init(packed: Int) {
            hasArrow = packed & 2 != 0
            isExpanded = packed & 4 != 0
        }
        init(hasArrow: Bool, isExpanded: Bool) {
            self.hasArrow = hasArrow
            self.isExpanded = isExpanded
        }
    }

    private static let markQuark = g_quark_from_string("gtk-list-manager-outline-mark")
    /// On a row's content whose arrow goes before one of its children (a table row: the cell of
    /// the outline's column), that child, or nothing while it is not bound.
    private static let anchorQuark = g_quark_from_string("gtk-list-manager-outline-anchor")
    private static let anchoredQuark = g_quark_from_string("gtk-list-manager-outline-anchored")
    private static let connectedQuark = g_quark_from_string("gtk-list-manager-outline-draws")
    /// On a row's content, a strip that covers what scrolls under it (a table's frozen columns),
    /// packed by ``setCoveredStrip(_:of:)``; the arrow does not draw there.
    private static let coveredQuark = g_quark_from_string("gtk-list-manager-outline-covered")

    /// Marks `container` to draw `mark` (nil: nothing), redrawing it when that changes.
    static func mark(_ container: UnsafeMutablePointer<GtkWidget>, _ mark: Mark?) {
        let packed = mark?.packed ?? 0
        let object: UnsafeMutablePointer<GObject> = gcast(container)
        guard Int(bitPattern: g_object_get_qdata(object, markQuark)) != packed else { return }
        g_object_set_qdata(object, markQuark, UnsafeMutableRawPointer(bitPattern: packed))
        // Connected once a container shows an arrow (CONTRIBUTING, Hot paths: 10).
        if mark?.hasArrow == true, g_object_get_qdata(object, connectedQuark) == nil {
            g_object_set_qdata(object, connectedQuark, UnsafeMutableRawPointer(bitPattern: 1))
            Signal.connectEvent(container, "draw", argument: OpaquePointer.self, after: true) { container, cairo in
                if let cairo { draw(in: container, on: cairo) }
                return false
            }
        }
        gtk_widget_queue_draw(container)
    }

    /// What `container` draws now.
    static func mark(of container: UnsafeMutablePointer<GtkWidget>) -> Mark? {
        let packed = Int(bitPattern: g_object_get_qdata(gcast(container), markQuark))
        return packed == 0 ? nil : Mark(packed: packed)
    }

    /// Makes the arrow of the row whose content is `content` go before `anchor`, one of the
    /// content's children (a table row's cell in the outline's column); nil while that child is
    /// not bound: no arrow shows then.
    static func setAnchor(_ anchor: UnsafeMutablePointer<GtkWidget>?, of content: UnsafeMutablePointer<GtkWidget>) {
        let object: UnsafeMutablePointer<GObject> = gcast(content)
        g_object_set_qdata(object, anchoredQuark, UnsafeMutableRawPointer(bitPattern: 1))
        guard g_object_get_qdata(object, anchorQuark) != UnsafeMutableRawPointer(anchor) else { return }
        g_object_set_qdata(object, anchorQuark, UnsafeMutableRawPointer(anchor))
        if let container = gtk_widget_get_parent(content) { gtk_widget_queue_draw(container) }
    }

    /// Keeps the arrow of the row whose content is `content` out of `strip`: a band of the
    /// content, `offset` pixels from its leading edge and `width` wide, that covers what scrolls
    /// under it (a table's frozen columns, when the arrow's column is not one of them). Nil: none.
    static func setCoveredStrip(_ strip: (offset: Int, width: Int)?, of content: UnsafeMutablePointer<GtkWidget>) {
        let packed = strip.map { Int(Int32(clamping: $0.offset)) << 32 | Int(UInt32(clamping: max($0.width, 0))) } ?? 0
        let object: UnsafeMutablePointer<GObject> = gcast(content)
        guard Int(bitPattern: g_object_get_qdata(object, coveredQuark)) != packed else { return }
        g_object_set_qdata(object, coveredQuark, UnsafeMutableRawPointer(bitPattern: packed))
        if let container = gtk_widget_get_parent(content) { gtk_widget_queue_draw(container) }
    }

    /// The covered strip of `container`'s content, in `container`'s coordinates; nil for none.
    private static func coveredRectangle(in container: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle? {
        guard let content = gtk_bin_get_child(gcast(container)) else { return nil }
        let packed = Int(bitPattern: g_object_get_qdata(gcast(content), coveredQuark))
        let width = Int32(truncatingIfNeeded: packed & 0xFFFF_FFFF), offset = Int32(truncatingIfNeeded: packed >> 32)
        guard width > 0 else { return nil }
        var outer = GtkAllocation(), inner = GtkAllocation()
        gtk_widget_get_allocation(container, &outer)
        gtk_widget_get_allocation(content, &inner)
        let rightToLeft = gtk_widget_get_direction(content) == GTK_TEXT_DIR_RTL
        let x = rightToLeft ? inner.width - offset - width : offset
        return GdkRectangle(x: inner.x - outer.x + x, y: 0, width: width, height: outer.height)
    }

    /// The widget whose start edge the arrow of `container` goes before: its content, or the
    /// content's anchor; nil when there is none.
    private static func arrowAnchor(in container: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        guard let content = gtk_bin_get_child(gcast(container)) else { return nil }
        let object: UnsafeMutablePointer<GObject> = gcast(content)
        guard g_object_get_qdata(object, anchoredQuark) != nil else { return content }
        return g_object_get_qdata(object, anchorQuark)?.assumingMemoryBound(to: GtkWidget.self)
    }

    /// Where the arrow of `container` is, in its coordinates: just before its content's start
    /// edge (or its anchor's), centred vertically; nil when it draws none.
    static func arrowFrame(in container: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int)? {
        guard let mark = mark(of: container), mark.hasArrow, let content = arrowAnchor(in: container) else { return nil }
        var outer = GtkAllocation(), inner = GtkAllocation()
        gtk_widget_get_allocation(container, &outer)
        gtk_widget_get_allocation(content, &inner)
        let rightToLeft = gtk_widget_get_direction(container) == GTK_TEXT_DIR_RTL
        let x = rightToLeft ? Int(inner.x + inner.width - outer.x) : Int(inner.x - outer.x) - size
        return (x, (Int(outer.height) - size) / 2)
    }

    /// Whether the point (in `container`'s coordinates) is on its arrow, where it shows (not
    /// under a covered strip).
    static func arrowContains(_ container: UnsafeMutablePointer<GtkWidget>, x: Double, y: Double) -> Bool {
        guard let frame = arrowFrame(in: container) else { return false }
        if let covered = coveredRectangle(in: container), x >= Double(covered.x), x < Double(covered.x + covered.width) { return false }
        return x >= Double(frame.x) && x < Double(frame.x + size) && y >= Double(frame.y) && y < Double(frame.y + size)
    }

    private static func draw(in container: UnsafeMutablePointer<GtkWidget>, on cairo: OpaquePointer) {
        guard let mark = mark(of: container), let frame = arrowFrame(in: container),
            let context = gtk_widget_get_style_context(container)
        else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        if let covered = coveredRectangle(in: container) {
            // Everything but the covered strip: the arrow slides under it as its column does.
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cairo, Double(frame.x), Double(frame.y), Double(size), Double(size))
            cairo_rectangle(cairo, Double(covered.x), Double(covered.y), Double(covered.width), Double(covered.height))
            cairo_clip(cairo)
        }
        gtk_style_context_save(context)
        gtk_style_context_add_class(context, ListTheme.StyleClass.outlineExpander)
        var state = gtk_style_context_get_state(context).rawValue & ~GTK_STATE_FLAG_CHECKED.rawValue
        if mark.isExpanded { state |= GTK_STATE_FLAG_CHECKED.rawValue }
        gtk_style_context_set_state(context, GtkStateFlags(state))
        gtk_render_expander(context, cairo, Double(frame.x), Double(frame.y), Double(size), Double(size))
        gtk_style_context_restore(context)
    }
}
