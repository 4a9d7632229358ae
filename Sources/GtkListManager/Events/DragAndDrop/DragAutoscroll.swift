import CGtk

/// Scrolls a list while a drag hovers near its top or bottom edge, as `GtkTreeView` does, so a
/// row can be dragged anywhere in a list longer than its window.
///
/// The pointer's depth into an edge band sets the speed; the scroll goes on while the pointer
/// rests there (GTK sends no motion then) and stops when it leaves the band, the drag leaves
/// the list or drops. After each step the drop highlight follows the row now under the pointer.
@MainActor
final class DragAutoscroll {
    /// How far from an edge scrolling starts, in pixels.
    static let edgeBand = 32.0
    /// The interval between scroll steps, in milliseconds.
    static let interval: UInt32 = 30

    private unowned let host: any ListHost
    /// Called after each step with the pointer's y, now over another part of the list.
    private let didScroll: (Double) -> Void
    /// The pointer's y in the list widget's coordinates, while a drag hovers the list.
    private var pointerY: Double?
    private var timer: guint = 0

    init(host: any ListHost, didScroll: @escaping (Double) -> Void) {
        self.host = host
        self.didScroll = didScroll
    }

    isolated deinit { stop() }

    /// The drag moved to `y` over the list.
    func pointerMoved(toY y: Double) {
        pointerY = y
        if timer == 0, step(for: y) != 0 { scheduleStep() }
    }

    /// The drag left the list or ended.
    func stop() {
        pointerY = nil
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    /// Pixels to scroll for a pointer at `y`: negative up, positive down, 0 outside the bands.
    /// Half the depth into the band, so the deeper the faster, at most 16 px a step (about
    /// 530 px a second).
    private func step(for y: Double) -> Double {
        guard let frame = host.viewportFrame, frame.height > 3 * Self.edgeBand else { return 0 }
        let fromTop = y - frame.y, fromBottom = frame.y + frame.height - y
        if fromTop < Self.edgeBand { return -(Self.edgeBand - max(fromTop, 0)) / 2 }
        if fromBottom < Self.edgeBand { return (Self.edgeBand - max(fromBottom, 0)) / 2 }
        return 0
    }

    private func scheduleStep() {
        timer = GtkRuntime.after(milliseconds: Self.interval) { [weak self] in
            guard let self else { return }
            timer = 0
            scrollOnce()
        }
    }

    private func scrollOnce() {
        guard let y = pointerY, let adjustment = host.verticalAdjustment, let before = host.viewportFrame else { return }
        let step = step(for: y)
        guard step != 0 else { return }
        let value = gtk_adjustment_get_value(adjustment)
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let target = min(max(value + step.rounded(.awayFromZero), gtk_adjustment_get_lower(adjustment)), highest)
        guard target != value else { return }
        gtk_adjustment_set_value(adjustment, target)
        // The pointer stays; in coordinates that scroll with the content it is further along.
        let moved = (host.viewportFrame?.y ?? before.y) - before.y
        pointerY = y + moved
        didScroll(y + moved)
        scheduleStep()
    }
}
