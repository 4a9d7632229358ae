import CGtk

/// GObject properties read by name, for the few GTK exposes no getter for (a combo box's
/// `popup-shown`, the desktop's settings).
@MainActor
enum ObjectProperty {
    /// The boolean property `name` of `object`.
    static func bool(_ name: String, of object: UnsafeMutableRawPointer) -> Bool {
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// The integer property `name` of `object`.
    static func int(_ name: String, of object: UnsafeMutableRawPointer) -> Int32 {
        var value = GValue()
        g_value_init(&value, GType(6 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_INT
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_int(&value)
    }
}
