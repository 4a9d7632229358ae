import CGtk

/// The rows and cells flashing because their items changed in place
/// (``ListConfiguration/changeFlash``): each carries ``ListTheme/StyleClass/changed`` until its
/// time is up, or at once when the row that owns it leaves the list or shows another item.
///
/// A storm refreshes hundreds of rows a second: a flash costs O(1) (a dictionary entry and a
/// queue entry, in the order flashes end since they all last as long), and one GLib timeout
/// at a time ends every flash due within a frame of the first.
@MainActor
final class ChangeFlashes {
    /// How long a flash lasts, in microseconds of the monotonic clock.
    var duration: Int
    /// The flashing widgets (referenced while they flash) and when each flash ends; a row's
    /// owner is its own bound row, a cell's its table row's.
    private var flashing: [UnsafeMutablePointer<GtkWidget>: (end: Int, owner: ObjectIdentifier)] = [:]
    /// The widgets each owner flashes: a row that leaves ends its cells' flashes too.
    private var widgetsByOwner: [ObjectIdentifier: [UnsafeMutablePointer<GtkWidget>]] = [:]
    /// Every flash started, in the order they end (restarted ones again, later).
    private var ends: [(widget: UnsafeMutablePointer<GtkWidget>, end: Int)] = []
    private var firstEnd = 0
    private var timer: guint = 0
    /// How much later than the first due flash the timer fires, to end the flashes due just
    /// after it in the same pass: about a frame.
    private static let batchWindow: Int = 16_000

    init(_ flash: ChangeFlash) {
        duration = Self.microseconds(flash)
    }

    static func microseconds(_ flash: ChangeFlash) -> Int {
        Int((max(flash.duration, 0) * 1_000_000).rounded())
    }

    isolated deinit {
        if timer != 0 { g_source_remove(timer) }
        for widget in flashing.keys { unflash(widget) }
    }

    /// Flashes `widget` for the duration from now (again, when it flashes already), owned by
    /// `owner`; nothing when the desktop turns animations off.
    func flash(_ widget: UnsafeMutablePointer<GtkWidget>, ownedBy owner: ObjectIdentifier) {
        guard duration > 0, DesktopSettings.animationsEnabled(for: widget) else { return }
        let end = g_get_monotonic_time() + duration
        if let current = flashing[widget] {
            if current.owner != owner {
                forget(widget, of: current.owner)
                widgetsByOwner[owner, default: []].append(widget)
            }
        } else {
            g_object_ref(gcast(widget))
            ListTheme.set(ListTheme.StyleClass.changed, true, on: widget)
            widgetsByOwner[owner, default: []].append(widget)
        }
        flashing[widget] = (end, owner)
        ends.append((widget, end))
        if timer == 0 { schedule() }
    }

    /// Ends `widget`'s flash at once, if it flashes.
    func end(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let current = flashing[widget] else { return }
        forget(widget, of: current.owner)
        unflash(widget)
    }

    /// Ends at once every flash `owner` owns: its row leaves the list or shows another item.
    func endFlashes(ownedBy owner: ObjectIdentifier) {
        guard let widgets = widgetsByOwner.removeValue(forKey: owner) else { return }
        for widget in widgets { unflash(widget) }
    }

    private func unflash(_ widget: UnsafeMutablePointer<GtkWidget>) {
        flashing[widget] = nil
        ListTheme.set(ListTheme.StyleClass.changed, false, on: widget)
        g_object_unref(gcast(widget))
    }

    private func forget(_ widget: UnsafeMutablePointer<GtkWidget>, of owner: ObjectIdentifier) {
        guard var widgets = widgetsByOwner[owner] else { return }
        widgets.removeAll { $0 == widget }
        widgetsByOwner[owner] = widgets.isEmpty ? nil : widgets
    }

    /// Arms the timer for the first flash still to end.
    private func schedule() {
        guard firstEnd < ends.count else {
            ends = []
            firstEnd = 0
            return
        }
        let wait = max(ends[firstEnd].end + Self.batchWindow - g_get_monotonic_time(), 0)
        timer = GtkRuntime.after(milliseconds: UInt32(clamping: wait / 1000)) { [weak self] in
            guard let self else { return }
            timer = 0
            endDueFlashes()
            schedule()
        }
    }

    /// Ends the flashes whose time is up; a queue entry of a flash restarted or ended since is
    /// passed over.
    private func endDueFlashes() {
        let now = g_get_monotonic_time()
        while firstEnd < ends.count, ends[firstEnd].end <= now {
            let (widget, end) = ends[firstEnd]
            firstEnd += 1
            if let current = flashing[widget], current.end == end {
                forget(widget, of: current.owner)
                unflash(widget)
            }
        }
        // The queue's ended part goes once it is half of it: amortized O(1) per flash.
        if firstEnd > ends.count / 2 {
            ends.removeFirst(firstEnd)
            firstEnd = 0
        }
    }
}
