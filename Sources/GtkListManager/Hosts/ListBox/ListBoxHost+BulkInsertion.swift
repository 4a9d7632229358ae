import CGtk

// Many rows at once. GTK 3 realizes every row added to a realized list box, and matching its
// style walks the rows before it: appending N rows to a list on screen costs O(N²) — 10,000
// label rows took 18 s here, against 0.3 s into an unrealized list box (plain C, both).
extension ListBoxHost {
    /// From how many rows a splice goes into the list box unrealized.
    static let unrealizedSpliceThreshold = 64

    /// Runs `insert`, which adds `count` rows, with the list box unrealized when that is safe and
    /// pays: many rows, on screen, no focus inside (it would be lost), no animation and no
    /// screen-presence events (unmapping would end them). The list box is mapped again after;
    /// the next frame lays it out as usual.
    func insertingRows(count: Int, _ insert: () -> Void) {
        guard count >= Self.unrealizedSpliceThreshold, gtk_widget_get_mapped(widget) != 0, !animatesNow,
            !reportsScreenPresence, gtk_container_get_focus_child(gcast(listBox)) == nil
        else { return insert() }
        gtk_widget_unrealize(widget)
        insert()
        gtk_widget_map(widget)
        gtk_widget_queue_resize(widget)
    }
}
