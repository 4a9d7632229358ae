import CGtk
import ModelStorage

extension ListEvent {
    static let didScroll = ListEvent("didScroll", source: ScrollEvents.self)
    static let rowsNearEnd = ListEvent("rowsNearEnd", source: ScrollEvents.self)
}

/// Scrolling, from the host's vertical adjustment (``ListHost/verticalAdjustment``: for a list
/// box, the scrolled window's when it sits in one), and the "load more" point near the end.
///
/// The adjustment can change when the list moves to another parent: the source follows the
/// widget's `parent-set` and `map`.
///
/// `rowsNearEnd` is the emulation of prefetching: what apps use prefetching for, loading the
/// next page before the user reaches the end, is offered as one list-level call, from the
/// host's visible range. It is checked when the list scrolls and after each layout of the list
/// (content changes, resizes), and fires once per row count.
@MainActor
final class ScrollEvents: OnDemandFeature {
    /// One `rowsNearEnd` registration.
    private struct NearEndWatcher {
        let threshold: Int
        let closure: () -> Void
        /// The row count when it last fired: it fires again only for another count.
        var firedAtRowCount: Int?
    }

    private unowned let manager: ListManager
    /// List-level `didScroll` closures, with the new offset.
    var scrollObservers: [(Double) -> Void] = []
    private var nearEndWatchers: [NearEndWatcher] = []
    /// The adjustment followed (referenced while followed), and the handler connected to it.
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var valueHandler: gulong = 0

    init(manager: ListManager) {
        self.manager = manager
        let widget = manager.widget
        Signal.connect(widget, "parent-set", argument: UnsafeMutablePointer<GtkWidget>.self, after: true) { [weak self] _, _ in
            self?.followAdjustment()
        }
        Signal.connect(widget, "map", after: true) { [weak self] _ in
            self?.followAdjustment()
            self?.checkNearEnd()
        }
        // After the list placed its rows: row positions are current.
        Signal.connect(widget, "size-allocate", argument: UnsafeMutableRawPointer.self, after: true) { [weak self] _, _ in
            self?.checkNearEnd()
        }
        followAdjustment()
    }

    isolated deinit {
        if let adjustment {
            Signal.disconnect(adjustment, valueHandler)
            g_object_unref(adjustment)
        }
    }

    /// Calls `closure` once each time the last visible row is within `threshold` rows of the end.
    func addNearEndWatcher(threshold: Int, _ closure: @escaping () -> Void) {
        nearEndWatchers.append(NearEndWatcher(threshold: max(threshold, 0), closure: closure))
        checkNearEnd()
    }

    private func followAdjustment() {
        let current = manager.host.verticalAdjustment
        guard current != adjustment else { return }
        if let adjustment {
            Signal.disconnect(adjustment, valueHandler)
            g_object_unref(adjustment)
        }
        adjustment = current
        valueHandler = 0
        guard let current else { return }
        g_object_ref(current)
        valueHandler = Signal.connect(current, "value-changed") { [weak self] adjustment in
            self?.scrolled(to: gtk_adjustment_get_value(adjustment))
        }
    }

    private func scrolled(to offset: Double) {
        for observer in scrollObservers { observer(offset) }
        checkNearEnd()
    }

    private func checkNearEnd() {
        guard !nearEndWatchers.isEmpty, !manager.host.isDestroyed, let visible = manager.host.positionsOnScreen else { return }
        let rowCount = manager.host.rowCount
        let rowsAfterVisible = rowCount - visible.upperBound
        for index in nearEndWatchers.indices {
            guard nearEndWatchers[index].firedAtRowCount != rowCount, rowsAfterVisible <= nearEndWatchers[index].threshold
            else { continue }
            // Marked first: the closure may load rows, which re-enters this check.
            nearEndWatchers[index].firedAtRowCount = rowCount
            nearEndWatchers[index].closure()
        }
    }
}
