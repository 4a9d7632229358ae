import CGtk
import Glibc
import ModelStorage

/// An animated ``ListManager/scrollTo(_:alignment:animated:)``: on the widget's frame clock the
/// vertical adjustment eases toward the row, whose place is asked again at every frame (a
/// virtualized host knows the rows between by estimate until it binds them), and the last frame
/// lands on it as an unanimated scroll does. The user's own scrolling, a click or a key on the
/// list stops it where it is.
@MainActor
final class ScrollAnimation {
    private unowned let manager: ListManager
    private let target: RowLocation
    private let alignment: ScrollAlignment
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let startValue: Double
    private var startTime: Int64?
    private var duration: Double = 0
    private let ticker: FrameTicker
    /// The input signals that stop it, by the widget they are connected to.
    private var userInputHandlers: [(UnsafeMutablePointer<GtkWidget>, gulong)] = []

    /// Starts scrolling `manager`'s list toward `target`; nil when the list cannot animate
    /// (not on screen, not scrolled, or the desktop turned animations off): scroll at once.
    init?(_ manager: ListManager, to target: RowLocation, alignment: ScrollAlignment) {
        let host = manager.host
        guard gtk_widget_get_mapped(host.widget) != 0, let adjustment = host.verticalAdjustment,
            DesktopSettings.animationsEnabled(for: host.widget)
        else { return nil }
        self.manager = manager
        self.target = target
        self.widget = host.widget
        self.adjustment = adjustment
        ticker = FrameTicker(on: host.widget)
        startValue = gtk_adjustment_get_value(adjustment)
        // `.nearest` resolved once, against what shows now, as an unanimated scroll does.
        guard let resolved = Self.resolve(alignment, of: target, in: manager) else { return nil }
        self.alignment = resolved
        start()
    }

    /// Stops where the list is now.
    func stop() {
        ticker.stop()
        for (widget, handler) in userInputHandlers { Signal.disconnect(widget, handler) }
        userInputHandlers = []
        if manager.scrollAnimation === self { manager.scrollAnimation = nil }
    }

    private func start() {
        ticker.start { [weak self] time in self?.tick(at: time) ?? false }
        // Wheel, touchpad, scrollbar, click or key: the user takes over. The scrolled window
        // hears the scrollbar and the wheel over the list's margins.
        var stoppers = [widget]
        if let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()) { stoppers.append(scrolled) }
        for stopper in stoppers {
            for signal in ["scroll-event", "button-press-event", "key-press-event", "touch-event"] {
                let handler = Signal.connectEvent(stopper, signal, argument: UnsafeMutableRawPointer.self) { [weak self] _, _ in
                    self?.stop()
                    return false
                }
                userInputHandlers.append((stopper, handler))
            }
        }
    }

    // MARK: - Frames

    /// Moves one frame on; false when done.
    private func tick(at frameTime: Int64) -> Bool {
        guard let position = manager.position(of: target), let distance = distanceToGo(to: position) else {
            stop()
            return false
        }
        if startTime == nil {
            startTime = frameTime
            duration = Self.duration(forPages: abs(distance) / max(gtk_adjustment_get_page_size(adjustment), 1))
        }
        let progress = min(Double(frameTime - startTime!) / 1_000_000 / duration, 1)
        guard progress < 1 else {
            stop()
            manager.host.scrollTo(position: position, alignment: alignment)
            return false
        }
        // Eased from the start toward where the row is now thought to be.
        let goal = gtk_adjustment_get_value(adjustment) + distance
        let eased = 1 - pow(1 - progress, 3)
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let value = min(max(startValue + (goal - startValue) * eased, gtk_adjustment_get_lower(adjustment)), max(upper, 0))
        gtk_adjustment_set_value(adjustment, value)
        return true
    }

    /// How far the adjustment has to move for the row at `position` to show as the alignment
    /// says; nil when the host cannot place it.
    private func distanceToGo(to position: Int) -> Double? {
        let host = manager.host
        guard let frame = host.rowFrame(at: position), let visible = host.viewportFrame else { return nil }
        let offset = frame.y - visible.y
        return switch alignment {
        case .top, .nearest: offset
        case .center: offset - (visible.height - frame.height) / 2
        case .bottom: offset - (visible.height - frame.height)
        }
    }

    /// A short scroll takes a quarter of a second, a long one up to half: far enough to see
    /// where it goes, never long enough to wait for.
    private static func duration(forPages pages: Double) -> Double {
        0.25 + min(0.25, 0.05 * log2(1 + pages))
    }

    /// `.nearest` as the top or the bottom, by where the row is; nil when it shows already.
    private static func resolve(_ alignment: ScrollAlignment, of target: RowLocation, in manager: ListManager) -> ScrollAlignment? {
        guard alignment == .nearest else { return alignment }
        let host = manager.host
        guard let position = manager.position(of: target), let frame = host.rowFrame(at: position),
            let visible = host.viewportFrame
        else { return .top }
        if frame.y < visible.y { return .top }
        if frame.y + frame.height > visible.y + visible.height { return .bottom }
        return nil
    }

}
