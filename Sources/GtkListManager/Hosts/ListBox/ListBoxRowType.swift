import CGtk

/// The `GtkListBoxRow` subclass a ``ListBoxHost`` puts its rows in: one extra instance field
/// holds the row's ``BoundRow``, a reference the row owns and releases when it is finalized.
///
/// A field rather than object data: GLib keeps an object's data in a linear list that GTK
/// itself searches many times for each row, so one more entry would cost every row an
/// allocation and a longer search, for all of its life.
enum ListBoxRowType {
    /// The registered type ("GtkListManagerRow") and the byte offset of its record field.
    private static let registration: (type: GType, recordOffset: Int) = {
        let parent = gtk_list_box_row_get_type()
        var query = GTypeQuery()
        g_type_query(parent, &query)
        let pointerSize = MemoryLayout<UnsafeRawPointer>.size
        // The field follows the parent's instance struct, as a C subclass's struct embeds it.
        let offset = (Int(query.instance_size) + pointerSize - 1) / pointerSize * pointerSize
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(offset + pointerSize)
        info.class_init = { typeClass, _ in
            typeClass?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize = finalizeRecordRow
        }
        let type = g_type_register_static(parent, "GtkListManagerRow", &info, GTypeFlags(rawValue: 0))
        return (type, offset)
    }()

    /// The registered type, to tell the host's rows from other widgets.
    static var type: GType { registration.type }

    /// A new, floating row with no record.
    static func make() -> UnsafeMutablePointer<GtkListBoxRow> {
        gcast(g_object_new_with_properties(registration.type, 0, nil, nil)!)
    }

    /// The record of `listRow`; nil when it has none or is not a row of this type.
    static func record(of listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? {
        guard g_type_check_instance_is_a(gcast(listRow), registration.type) != 0,
            let record = recordField(of: gcast(listRow)).pointee
        else { return nil }
        return Unmanaged<BoundRow>.fromOpaque(record).takeUnretainedValue()
    }

    /// Gives `listRow` (of this type, with no record) a reference to `record`.
    static func attach(_ record: BoundRow, to listRow: UnsafeMutablePointer<GtkListBoxRow>) {
        recordField(of: gcast(listRow)).pointee = Unmanaged.passRetained(record).toOpaque()
    }

    /// Takes the record out of `listRow` (of this type) with the row's reference: the caller
    /// owns it now.
    static func detachRecord(from listRow: UnsafeMutablePointer<GtkListBoxRow>) -> BoundRow? {
        let field = recordField(of: gcast(listRow))
        guard let record = field.pointee else { return nil }
        field.pointee = nil
        return Unmanaged<BoundRow>.fromOpaque(record).takeRetainedValue()
    }

    fileprivate static func recordField(of object: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (UnsafeMutableRawPointer(object) + registration.recordOffset).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }
}

/// The type's finalize: drops the record's reference, then finalizes the `GtkListBoxRow`.
///
/// A plain function rather than a closure formed in main-actor code, which Swift would give a
/// main-actor check on every call (one per row when a long list goes away).
private func finalizeRecordRow(_ object: UnsafeMutablePointer<GObject>?) {
    guard let object else { return }
    let field = ListBoxRowType.recordField(of: object)
    if let record = field.pointee {
        field.pointee = nil
        Unmanaged<BoundRow>.fromOpaque(record).release()
    }
    let parentClass = g_type_class_peek(gtk_list_box_row_get_type())
    parentClass?.assumingMemoryBound(to: GObjectClass.self).pointee.finalize?(object)
}
