import CGtk
import GtkListManager

/// Every widget a conformance run saw made, each with a weak pointer GLib clears when it is
/// finalized: after the window and the manager go, whatever is still alive leaked.
@MainActor
final class ConformanceWidgets {
    /// The watch of the run in progress, for the rows to register their widgets with.
    static var current: ConformanceWidgets?

    private struct Watched {
        let slot: UnsafeMutablePointer<gpointer?>
        let what: String
        let typeName: String
    }
    private var watched: [Watched] = []
    private var known = Set<UnsafeMutableRawPointer>()

    /// Watches `widget` (once, however often it is given).
    func watch(_ widget: UnsafeMutablePointer<GtkWidget>, as what: String) {
        let object = UnsafeMutableRawPointer(widget)
        guard known.insert(object).inserted else { return }
        let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        slot.initialize(to: object)
        g_object_add_weak_pointer(gcast(widget), slot)
        let typeName = String(cString: g_type_name(gtk_widget_get_type_for(widget)))
        watched.append(Watched(slot: slot, what: what, typeName: typeName))
    }

    /// The widgets not finalized yet, described.
    var survivors: [String] {
        watched.filter { $0.slot.pointee != nil }.map { "\($0.what) (\($0.typeName))" }
    }

    /// Stops watching: GLib must not clear a slot freed here.
    func release() {
        for entry in watched {
            if let object = entry.slot.pointee { g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), entry.slot) }
            entry.slot.deallocate()
        }
        watched = []
        known = []
    }
}

/// The GType of a widget instance.
private func gtk_widget_get_type_for(_ widget: UnsafeMutablePointer<GtkWidget>) -> GType {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}
