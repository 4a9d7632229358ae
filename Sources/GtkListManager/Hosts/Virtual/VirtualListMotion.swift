import CGtk
import Glibc

/// What a virtualized host's animated changes hold between frames: where the rows showed before
/// a change, and the rows sliding to their places or leaving as pictures (the rows fading in
/// are the host's ``FadingWidgets``).
///
/// A change animates as the difference between two layouts. Before the first splice, the host
/// notes where each bound row's widget shows (``shownBefore``); the next layout places every row
/// where it belongs and starts a slide from where its widget showed. Rows inserted fade in, rows
/// removed leave a picture that fades out under the others. A change that comes while rows
/// slide notes where they show then, so the new slides start from there: the animation turns
/// toward the new places without a jump.
struct VirtualListMotion {
    typealias RowWidget = UnsafeMutablePointer<GtkWidget>

    struct Point: Equatable {
        var x: Int
        var y: Int
        static let zero = Point(x: 0, y: 0)
    }

    /// A row on its way to its place: it started `from` pixels off it.
    struct Slide {
        let from: Point
        let start: Int64
        /// Its place and size in the viewport as the last layout put it.
        var frame: ContentFrame
    }

    /// The picture of a row that left, fading where it showed.
    struct Ghost {
        let id: guint
        let place: Point
        let start: Int64
    }

    /// How rows come and go; nil: changes apply at once.
    var animation: RowAnimation?
    /// Set while a change is applied without animation (``VirtualListHost/withoutAnimation(_:)``).
    var suspended = false
    /// Where the bound rows showed before the splices since the last layout; nil when no
    /// animated splice came since.
    var shownBefore: [RowWidget: Point]?
    /// The positions those splices inserted.
    var inserted = InsertedPositions()
    var slides: [RowWidget: Slide] = [:]
    var ghosts: [Ghost] = []

    /// Whether a splice since the last layout is being animated.
    var isNoting: Bool { shownBefore != nil }

    var isRunning: Bool { !slides.isEmpty || !ghosts.isEmpty }

    /// The animation's length in microseconds, the frame clock's unit.
    private var duration: Int64 { Int64(max(animation?.milliseconds ?? 0, 1)) * 1000 }

    /// How far an animation started at `start` has gone at `time`, from 0 to 1.
    func progress(since start: Int64, at time: Int64) -> Double {
        min(max(Double(time - start) / Double(duration), 0), 1)
    }

    /// How far off its place a sliding row shows at `time`: eased out, quick at first, settling
    /// softly, as GTK's own transitions are.
    func offset(of slide: Slide, at time: Int64) -> Point {
        let remaining = pow(1 - progress(since: slide.start, at: time), 3)
        return Point(x: Int((Double(slide.from.x) * remaining).rounded()), y: Int((Double(slide.from.y) * remaining).rounded()))
    }

    /// Forgets a row widget that goes back to the pool (it may show another row next).
    mutating func forget(_ rowWidget: RowWidget) {
        shownBefore?[rowWidget] = nil
        slides[rowWidget] = nil
    }
}
