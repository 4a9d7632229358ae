import CGtk

/// One fresh instance of a row's GtkBuilder definition: its root widget and its objects by id.
///
/// Handed to ``BuilderRow/init(interface:)``; keep the pointers you need. The objects live as
/// long as the root widget (the row's `widget`), which the manager owns.
@MainActor
public final class RowInterface {
    /// The row's root widget: the top-level widget with the id `root`, or the only top-level
    /// widget. Handed over floating, like a widget from `gtk_*_new`.
    public let root: UnsafeMutablePointer<GtkWidget>
    /// The definition it was made from, for messages.
    public let resource: String

    private let builder: UnsafeMutablePointer<GtkBuilder>

    /// Builds the objects of `definition`.
    init(definition: String, resource: String) throws(RowInterfaceError) {
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, definition, gsize(bitPattern: -1), &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(builder)
            throw .invalidDefinition(resource: resource, message: message)
        }
        guard let root = Self.rootWidget(of: builder) else {
            g_object_unref(builder)
            throw .noRootWidget(resource: resource)
        }
        if isA(root, gtk_window_get_type()) {
            let found = String(cString: cgtk_object_type_name(root))
            g_object_unref(builder)
            throw .wrongClass(resource: resource, id: "root", expected: "non-window GtkWidget", found: found)
        }
        // The builder holds its objects until it goes; the root outlives it as a floating
        // reference that the bound row sinks, exactly like a new widget.
        g_object_ref(root)
        g_object_force_floating(gcast(root))
        self.builder = builder
        self.root = root
        self.resource = resource
    }

    isolated deinit {
        g_object_unref(builder)
    }

    /// The object with the id `id`, checked to be a `type` (for instance `gtk_label_get_type()`).
    ///
    /// ```swift
    /// let title: UnsafeMutablePointer<GtkLabel> = try interface.object("title", of: gtk_label_get_type())
    /// ```
    /// - Throws: ``RowInterfaceError/missingObject(resource:id:)`` or
    ///   ``RowInterfaceError/wrongClass(resource:id:expected:found:)``.
    public func object<Object>(_ id: String, of type: GType) throws(RowInterfaceError) -> UnsafeMutablePointer<Object> {
        guard let object = gtk_builder_get_object(builder, id) else {
            throw .missingObject(resource: resource, id: id)
        }
        guard isA(object, type) else {
            throw .wrongClass(
                resource: resource, id: id, expected: String(cString: g_type_name(type)),
                found: String(cString: cgtk_object_type_name(object)))
        }
        return gcast(object)
    }

    /// The object `root`, or else the only widget without a parent.
    private static func rootWidget(of builder: UnsafeMutablePointer<GtkBuilder>) -> UnsafeMutablePointer<GtkWidget>? {
        if let named = gtk_builder_get_object(builder, "root") {
            return cgtk_is_widget(named) != 0 ? gcast(named) : nil
        }
        var topLevel: [UnsafeMutablePointer<GtkWidget>] = []
        let objects = gtk_builder_get_objects(builder)
        defer { g_slist_free(objects) }
        for object in GListSequence(objects, of: GObject.self) where cgtk_is_widget(object) != 0 {
            let widget: UnsafeMutablePointer<GtkWidget> = gcast(object)
            if gtk_widget_get_parent(widget) == nil { topLevel.append(widget) }
        }
        return topLevel.count == 1 ? topLevel[0] : nil
    }
}
