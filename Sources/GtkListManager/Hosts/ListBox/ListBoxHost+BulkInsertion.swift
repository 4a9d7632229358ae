import CGtk

// Many rows at once go into the list box unrealized: on screen GTK 3 costs O(N²) for them
// (CONTRIBUTING, Hot paths: 6).
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
