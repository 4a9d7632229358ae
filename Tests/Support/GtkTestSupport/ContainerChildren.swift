import CGtk
import GtkListManager

/// The children of a GTK container, in order, read through GTK (`gtk_container_get_children`):
/// not a container's internal children, such as a list box's placeholder.
@MainActor
public func containerChildren(_ container: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    let list = gtk_container_get_children(gcast(container))
    defer { g_list_free(list) }
    return Array(GListSequence(list, of: GtkWidget.self))
}

/// Every widget inside `widget`, depth first (each container's children, then their
/// descendants), read through GTK; `widget` itself not included.
@MainActor
public func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    let children = isA(widget, gtk_container_get_type()) ? containerChildren(widget) : []
    return children + children.flatMap(descendants(of:))
}
