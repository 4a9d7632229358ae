import CGtk

/// Whether `instance` (a widget, or any other GObject) is an instance of `type` or of a type
/// derived from it: `G_TYPE_CHECK_INSTANCE_TYPE`, which Swift does not import. One check for
/// the library, its testing kit, the tests and the benchmarks.
///
/// ```swift
/// let entries = descendants(of: row).filter { isA($0, gtk_entry_get_type()) }
/// ```
package func isA<Instance>(_ instance: UnsafeMutablePointer<Instance>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(instance).assumingMemoryBound(to: GTypeInstance.self), type) != 0
}

/// ``isA(_:_:)`` for an untyped pointer to an instance.
package func isA(_ instance: UnsafeMutableRawPointer, _ type: GType) -> Bool {
    g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}
