import CGtk

/// A GTK widget subclass whose instances carry a ``BoundRow``: one extra instance field holds
/// the row, a reference the widget owns and releases when it is finalized. Hosts wrap their
/// rows in one (``ListBoxHost`` in a `GtkListBoxRow` subclass, ``FlowBoxGridHost`` in a
/// `GtkFlowBoxChild` subclass) and find the row again from the widget GTK reports.
///
/// ```swift
/// let cellType = BoundRowWidgetType<GtkFlowBoxChild>(subclassing: gtk_flow_box_child_get_type(), name: "MyCell")
/// let cell = cellType.make()
/// cellType.attach(row, to: cell)
/// ```
///
/// Register each type once (a `static let`): GLib types live as long as the process. A field
/// rather than object data (CONTRIBUTING, Hot paths: 4).
public struct BoundRowWidgetType<Widget>: Sendable {
    /// The registered type, to tell a host's rows from other widgets.
    public let type: GType
    /// The byte offset of the row field.
    private let fieldOffset: Int

    /// Registers `name` as a subclass of `parent` (a `GtkWidget` type), whose accessibles are
    /// of `accessibleType` when given (``RowAccessibility/accessibleType(forRowsSubclassing:)``).
    public init(subclassing parent: GType, name: String, accessibleType: GType? = nil) {
        var query = GTypeQuery()
        g_type_query(parent, &query)
        let pointerSize = MemoryLayout<UnsafeRawPointer>.size
        // The field follows the parent's instance struct, as a C subclass's struct embeds it.
        let offset = (Int(query.instance_size) + pointerSize - 1) / pointerSize * pointerSize
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(offset + pointerSize)
        info.class_init = { typeClass, _ in
            typeClass?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = finalizeBoundRowWidget
        }
        type = g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
        fieldOffset = offset
        if let accessibleType {
            // The class reference is kept: a registered type lives as long as the process.
            let widgetClass = g_type_class_ref(type)?.assumingMemoryBound(to: GtkWidgetClass.self)
            gtk_widget_class_set_accessible_type(widgetClass, accessibleType)
        }
        // What the shared finalize needs, found from the instance's type.
        BoundRowField.register(offset: offset, parent: parent, for: type)
    }

    /// A new, floating widget with no row.
    public func make() -> UnsafeMutablePointer<Widget> {
        gcast(g_object_new_with_properties(type, 0, nil, nil)!)
    }

    /// Whether `widget` is an instance of this type.
    public func isInstance(_ widget: UnsafeMutableRawPointer) -> Bool {
        isA(widget, type)
    }

    /// The row of `widget`; nil when it has none or is not of this type.
    public func boundRow(of widget: UnsafeMutablePointer<Widget>) -> BoundRow? {
        guard isInstance(widget), let row = field(of: gcast(widget)).pointee else { return nil }
        return Unmanaged<BoundRow>.fromOpaque(row).takeUnretainedValue()
    }

    /// Gives `widget` (of this type, with no row) a reference to `row`.
    public func attach(_ row: BoundRow, to widget: UnsafeMutablePointer<Widget>) {
        field(of: gcast(widget)).pointee = Unmanaged.passRetained(row).toOpaque()
    }

    /// Takes the row out of `widget` (of this type) with the widget's reference: the caller
    /// owns it now.
    public func detachBoundRow(from widget: UnsafeMutablePointer<Widget>) -> BoundRow? {
        let field = field(of: gcast(widget))
        guard let row = field.pointee else { return nil }
        field.pointee = nil
        return Unmanaged<BoundRow>.fromOpaque(row).takeRetainedValue()
    }

    private func field(of object: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        BoundRowField.field(of: object, offset: fieldOffset)
    }
}

/// Where each registered type keeps its row field, for the one finalize they share (a C
/// function pointer captures nothing, so it finds the type's layout from the instance).
private enum BoundRowField {
    private struct Layout {
        let offset: Int
        let parent: GType
    }
    private static let quark = g_quark_from_string("gtk-list-manager-bound-row-field")

    static func register(offset: Int, parent: GType, for type: GType) {
        let layout = UnsafeMutablePointer<Layout>.allocate(capacity: 1)  // as long as the type: forever
        layout.initialize(to: Layout(offset: offset, parent: parent))
        g_type_set_qdata(type, quark, layout)
    }

    static func field(of object: UnsafeMutablePointer<GObject>, offset: Int) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (UnsafeMutableRawPointer(object) + offset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// The type finalized last and its layout: a list that goes away finalizes its rows, all of
    /// one type, one after the other, and GLib's qdata lookup takes a lock (CONTRIBUTING, Hot
    /// paths: 4). Read and written on the GTK thread only, where widgets are finalized.
    nonisolated(unsafe) private static var lastFinalized: (type: GType, layout: UnsafeMutablePointer<Layout>)?

    /// Drops the row's reference, then finalizes as the registered type's parent does.
    static func finalize(_ object: UnsafeMutablePointer<GObject>) {
        let instanceType = object.pointee.g_type_instance.g_class.pointee.g_type
        guard let layout = layout(of: instanceType) else { return }
        let field = field(of: object, offset: layout.offset)
        if let row = field.pointee {
            field.pointee = nil
            Unmanaged<BoundRow>.fromOpaque(row).release()
        }
        g_type_class_peek(layout.parent)?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize?(object)
    }

    /// The layout registered for `instanceType` or the nearest ancestor that has one.
    private static func layout(of instanceType: GType) -> Layout? {
        if let last = lastFinalized, last.type == instanceType { return last.layout.pointee }
        var type = instanceType
        var found = g_type_get_qdata(type, quark)
        while found == nil, type != 0 {
            type = g_type_parent(type)
            found = g_type_get_qdata(type, quark)
        }
        guard let layout = found?.assumingMemoryBound(to: Layout.self) else { return nil }
        lastFinalized = (instanceType, layout)
        return layout.pointee
    }
}

/// The finalize of every registered type: a plain function (CONTRIBUTING, Hot paths: 3).
private func finalizeBoundRowWidget(_ object: UnsafeMutablePointer<GObject>?) {
    guard let object else { return }
    BoundRowField.finalize(object)
}
