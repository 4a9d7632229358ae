import CGtk

/// A GTK widget subclass whose instances carry a ``BoundRow``: one extra instance field holds
/// the record, a reference the widget owns and releases when it is finalized. Hosts wrap their
/// rows in one (``ListBoxHost`` in a `GtkListBoxRow` subclass, ``FlowBoxGridHost`` in a
/// `GtkFlowBoxChild` subclass) and find the record again from the widget GTK reports.
///
/// A field rather than object data: GLib keeps an object's data in a linear list that GTK
/// itself searches many times for each row, so one more entry would cost every row an
/// allocation and a longer search, for all of its life.
struct RecordWidgetType<Widget>: Sendable {
    /// The registered type, to tell a host's rows from other widgets.
    let type: GType
    /// The type it subclasses, whose finalize runs after the record is dropped.
    private let parent: GType
    /// The byte offset of the record field.
    private let recordOffset: Int

    /// Registers `name` as a subclass of `parent`. `finalize` must call ``finalize(_:)`` on the
    /// value being registered: a C class initializer cannot capture it.
    init(subclassing parent: GType, name: String, finalize: GObjectFinalizeFunc) {
        var query = GTypeQuery()
        g_type_query(parent, &query)
        let pointerSize = MemoryLayout<UnsafeRawPointer>.size
        // The field follows the parent's instance struct, as a C subclass's struct embeds it.
        let offset = (Int(query.instance_size) + pointerSize - 1) / pointerSize * pointerSize
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(offset + pointerSize)
        info.class_data = unsafeBitCast(finalize, to: UnsafeRawPointer.self)
        info.class_init = { typeClass, finalize in
            typeClass?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize =
                unsafeBitCast(finalize, to: GObjectFinalizeFunc.self)
        }
        self.type = g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
        self.parent = parent
        self.recordOffset = offset
    }

    /// A new, floating widget with no record.
    func make() -> UnsafeMutablePointer<Widget> {
        gcast(g_object_new_with_properties(type, 0, nil, nil)!)
    }

    /// Whether `widget` is an instance of this type.
    func isInstance(_ widget: UnsafeMutableRawPointer) -> Bool {
        g_type_check_instance_is_a(widget.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The record of `widget`; nil when it has none or is not of this type.
    func record(of widget: UnsafeMutablePointer<Widget>) -> BoundRow? {
        guard isInstance(widget), let record = recordField(of: gcast(widget)).pointee else { return nil }
        return Unmanaged<BoundRow>.fromOpaque(record).takeUnretainedValue()
    }

    /// Gives `widget` (of this type, with no record) a reference to `record`.
    func attach(_ record: BoundRow, to widget: UnsafeMutablePointer<Widget>) {
        recordField(of: gcast(widget)).pointee = Unmanaged.passRetained(record).toOpaque()
    }

    /// Takes the record out of `widget` (of this type) with the widget's reference: the caller
    /// owns it now.
    func detachRecord(from widget: UnsafeMutablePointer<Widget>) -> BoundRow? {
        let field = recordField(of: gcast(widget))
        guard let record = field.pointee else { return nil }
        field.pointee = nil
        return Unmanaged<BoundRow>.fromOpaque(record).takeRetainedValue()
    }

    /// The type's finalize: drops the record's reference, then finalizes the parent.
    func finalize(_ object: UnsafeMutablePointer<GObject>?) {
        guard let object else { return }
        let field = recordField(of: object)
        if let record = field.pointee {
            field.pointee = nil
            Unmanaged<BoundRow>.fromOpaque(record).release()
        }
        g_type_class_peek(parent)?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize?(object)
    }

    private func recordField(of object: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (UnsafeMutableRawPointer(object) + recordOffset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }
}
