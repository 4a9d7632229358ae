import CGtk

/// A pointer type that can travel through a GLib `gpointer`: what signal handlers receive.
///
/// Typed pointers (`UnsafeMutablePointer<GtkListBoxRow>`) cover GTK's instance structs.
/// `OpaquePointer` covers the types whose structs are incomplete in the C headers and import
/// opaquely (`GdkWindow`, `GdkFrameClock`, `GdkDragContext`, `GtkSelectionData`, `cairo_t`).
public protocol GPointerConvertible {
    /// Wraps a non-null `gpointer`.
    init(gpointer: gpointer)

    /// The pointer as a `gpointer`.
    var gpointer: gpointer { get }
}

extension UnsafeMutablePointer: GPointerConvertible {
    /// Binds a `gpointer` to `Pointee` (unchecked, like a C cast).
    public init(gpointer: gpointer) {
        self = gpointer.assumingMemoryBound(to: Pointee.self)
    }

    /// The pointer as a `gpointer`.
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GPointerConvertible {
    /// Wraps a `gpointer` to an opaque C type.
    public init(gpointer: gpointer) {
        self.init(gpointer)
    }

    /// The pointer as a `gpointer`.
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GPointerConvertible {
    /// The `gpointer` itself.
    public init(gpointer: gpointer) {
        self = gpointer
    }

    /// The pointer itself.
    public var gpointer: gpointer { self }
}
