import CGtk

/// Whether `instance` (a widget, or any other GObject) is an instance of `type` or of a type
/// derived from it: `G_TYPE_CHECK_INSTANCE_TYPE`, which Swift does not import.
///
/// ```swift
/// let entries = descendants(of: row).filter { isA($0, gtk_entry_get_type()) }
/// ```
public func isA<Instance>(_ instance: UnsafeMutablePointer<Instance>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}
