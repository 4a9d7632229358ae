import CGtk

/// Reinterprets a GObject instance pointer as a pointer to one of its ancestor (or, when you
/// know the runtime type, descendant) instance structs: the Swift spelling of `GTK_WIDGET(p)`,
/// `GTK_CONTAINER(p)`, `G_OBJECT(p)`.
///
/// GObject instance structs begin with their parent struct, so the cast is only a change of
/// the pointee type; it is unchecked, like the C macros with `G_DISABLE_CAST_CHECKS`.
/// Use the `cgtk_is_*` checks from `CGtk` when the type is not known statically.
///
/// ```swift
/// let label: UnsafeMutablePointer<GtkLabel> = gcast(gtk_label_new(nil))
/// gtk_container_add(gcast(box), gcast(label))
/// ```
@inline(__always)
public func gcast<T, U>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<U> {
    // No Optional overload on purpose: GTK returns implicitly unwrapped pointers and the two
    // overloads would be ambiguous.
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: U.self)
}
