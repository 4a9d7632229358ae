import CGtk

/// Keeps a row's refreshes to one per frame however often its model changes: the first update
/// of a row in a frame refreshes it at once (what a program reads back right after a change is
/// current), later ones wait for the next frame's update phase, which refreshes the row once
/// from the model it holds then, before the frame lays the row out.
///
/// A frame here runs from one frame clock update to the next. Without a frame clock (the list
/// not realized) every update refreshes at once: no frame would come to show a waiting one.
@MainActor
final class RefreshCoalescing {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let ticker: FrameTicker
    /// The rows refreshed since the frame began.
    private var refreshed: Set<ObjectIdentifier> = []
    /// The rows whose refresh waits for the next frame, in the order they first waited.
    private var waiting: [BoundRow] = []
    private var waitingRows: Set<ObjectIdentifier> = []

    /// Refreshes a waiting row from the model it holds when the frame comes.
    var refreshWaitingRow: ((BoundRow) -> Void)?

    init(on widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        ticker = FrameTicker(on: widget)
    }

    /// Whether `row`'s refresh waits for the next frame: it was refreshed in this one already.
    /// False means: refresh it now (it counts as this frame's refresh).
    func defersRefresh(of row: BoundRow) -> Bool {
        let id = ObjectIdentifier(row)
        if refreshed.insert(id).inserted {
            if !ticker.isTicking { ticker.start { [unowned self] _ in frameBegins() } }
            return false
        }
        guard gtk_widget_get_frame_clock(widget) != nil else { return false }
        if waitingRows.insert(id).inserted { waiting.append(row) }
        return true
    }

    /// The frame's update phase: what waited refreshes now and counts as this frame's; the
    /// ticker goes on while rows refreshed in the frame before, so that their marks are cleared.
    private func frameBegins() -> Bool {
        let rows = waiting
        let hadRefreshes = !refreshed.isEmpty
        refreshed.removeAll(keepingCapacity: true)
        waiting = []
        waitingRows.removeAll(keepingCapacity: true)
        for row in rows {
            refreshed.insert(ObjectIdentifier(row))
            refreshWaitingRow?(row)
        }
        return hadRefreshes || !refreshed.isEmpty
    }
}
