import CGtk

/// A node of a GLib linked list, `GList` or `GSList`: what ``GListSequence`` walks.
package protocol GLibListNode {
    /// The node's element, as GLib stores it.
    var data: gpointer! { get }
    /// The node after this one; nil at the end of the list.
    var next: UnsafeMutablePointer<Self>! { get }
}

extension GList: GLibListNode {}
extension GSList: GLibListNode {}

/// The elements of a GLib list (`GList` or `GSList`), first to last, as pointers to
/// `Pointee`: the one walk over a list's nodes, for the library, its testing kit, the tests and
/// the benchmarks alike.
///
/// It only reads the list: when GLib hands the caller the list (`gtk_container_get_children`),
/// the caller frees it after the walk. Nodes whose data is null are skipped. No allocation and
/// no closure per element, so a host may walk its rows with it.
///
/// ```swift
/// let children = gtk_container_get_children(gcast(box))
/// defer { g_list_free(children) }
/// for child in GListSequence(children, of: GtkWidget.self) { gtk_widget_show(child) }
/// ```
package struct GListSequence<Node: GLibListNode, Pointee>: Sequence, IteratorProtocol {
    private var node: UnsafeMutablePointer<Node>?

    /// The elements of `list` (nil is the empty list), read as pointers to `Pointee`.
    package init(_ list: UnsafeMutablePointer<Node>?, of _: Pointee.Type) {
        node = list
    }

    /// The next element whose data is not null; nil past the last node.
    package mutating func next() -> UnsafeMutablePointer<Pointee>? {
        while let current = node {
            node = current.pointee.next
            if let data = current.pointee.data { return data.assumingMemoryBound(to: Pointee.self) }
        }
        return nil
    }
}
