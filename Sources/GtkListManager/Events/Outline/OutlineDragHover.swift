import CGtk
import ModelStorage

/// Opens a closed tree row that a drag hovers over for ``delay``, as file managers open a folder
/// under a dragged file, so the drop can go deeper. Moving to another row restarts the wait;
/// leaving the list or dropping cancels it.
@MainActor
final class OutlineDragHover {
    /// How long a drag hovers over a closed row before it opens.
    static let delay: UInt32 = 500

    private let open: (IndexPath) -> Void
    private var hovered: (indexPath: IndexPath, timer: guint)?

    /// A hover that calls `open` with the row to open.
    init(open: @escaping (IndexPath) -> Void) {
        self.open = open
    }

    /// The drag is over the closed row at `indexPath` that has children (nil: over anything
    /// else, or gone).
    func hover(over indexPath: IndexPath?) {
        guard indexPath != hovered?.indexPath else { return }
        cancel()
        guard let indexPath else { return }
        let timer = GtkRuntime.after(milliseconds: Self.delay) { [weak self] in
            guard let self, hovered?.indexPath == indexPath else { return }
            hovered = nil
            open(indexPath)
        }
        hovered = (indexPath, timer)
    }

    /// Stops waiting.
    func cancel() {
        guard let hovered else { return }
        self.hovered = nil
        g_source_remove(hovered.timer)
    }
}
