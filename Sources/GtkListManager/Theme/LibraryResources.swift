import CGtk

/// The library's GTK assets as one GResource bundle: the CSS theme and the built-in `.ui`
/// definitions of `Resources/GtkListManager`, compiled into the library at build time
/// (`Plugins/GResourceEmbedder`) and registered with GIO on first use.
///
/// Registered, they are read like any GResource: `resource:///org/gtklistmanager/GtkListManager/theme.css`,
/// `gtk_builder_new_from_resource(…/section-title.ui)`, or `gresource list` on the binary.
@MainActor
public enum LibraryResources {
    /// The prefix of every asset: `\(path)/theme.css`, `\(path)/section-title.ui`.
    public static let path = "/org/gtklistmanager/GtkListManager"

    /// Registers the bundle with GIO once; later calls do nothing. The manager and the theme
    /// call it: an application needs to only to read the assets before making any list.
    public static func register() {
        guard !isRegistered else { return }
        isRegistered = true
        var length: gsize = 0
        guard let bytes = embeddedGResourceBundle.withCString({ g_base64_decode($0, &length) }) else { return }
        let data = g_bytes_new_take(bytes, length)
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(data, &error) else {
            // The bundle is made by the build from files in this repository: a broken one is
            // a build bug, reported rather than hidden.
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            assertionFailure("GtkListManager's GResource bundle is unreadable: \(message)")
            return
        }
        g_resources_register(resource)
        g_resource_unref(resource)  // GIO keeps its own reference while registered
    }

    /// The bytes of the asset at `name` under ``path``, or nil when there is none.
    public static func data(named name: String) -> [UInt8]? {
        register()
        guard let bytes = g_resources_lookup_data("\(path)/\(name)", G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let start = g_bytes_get_data(bytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: Int(size)))
    }

    private static var isRegistered = false
}
