import CGtk

/// Keeps what the user looks at in place while rows come and go above it, for a host whose
/// widget GTK lays out (a `GtkListBox`, a `GtkFlowBox`, a box of your own): before a splice the
/// host says where it happens, and after the next allocation the focused row, when it showed,
/// else the row at the viewport's top, is scrolled back to the same pixel. A removal that takes
/// the anchored row away hands its place to its nearest surviving neighbour. Scrolls asked
/// before the rows were laid out wait for that allocation too.
///
/// ```swift
/// private lazy var anchoring = ViewportAnchoring(host: self, allocatedWidget: widget)
///
/// func insertRows(at position: Int, count: Int) {
///     anchoring.keepRowsOnScreenInPlace(around: position)
///     // … add the rows …
/// }
/// ```
///
/// It reads the host through ``ListHost`` alone: ``ListHost/viewportFrame``,
/// ``ListHost/position(atY:)``, ``ListHost/rowFrame(at:)``, ``ListHost/focusedPosition`` and
/// the bound rows.
@MainActor
public final class ViewportAnchoring {
    /// A row remembered before splices, and how far above its top the viewport started.
    private struct Anchor {
        let row: BoundRow
        let offset: Double
    }

    private unowned let host: any ListHost
    /// The widget whose allocation places the rows (the host's, or the container inside it).
    private let allocatedWidget: UnsafeMutablePointer<GtkWidget>
    private var watchesAllocation = false
    /// A scroll asked for before the rows were laid out.
    private var pendingScroll: (position: Int, alignment: ScrollAlignment)?
    /// The row at the viewport's top before the splices since the last allocation.
    private var pendingAnchor: Anchor?
    /// The focused row the splices found on screen: kept in place before the top row.
    private var pendingFocusAnchor: Anchor?
    private var focusAnchorNoted = false

    /// Anchoring for `host`, whose rows `allocatedWidget`'s allocation places.
    public init(host: any ListHost, allocatedWidget: UnsafeMutablePointer<GtkWidget>) {
        self.host = host
        self.allocatedWidget = allocatedWidget
    }

    /// Scrolls to the row at `position` once the rows are laid out (the next allocation): for a
    /// ``ListHost/scrollTo(position:alignment:)`` asked before that.
    public func scrollAfterLayout(to position: Int, alignment: ScrollAlignment) {
        pendingScroll = (position, alignment)
        watchAllocations()
    }

    /// Before a splice at `position`: when it is above the row at the viewport's top (or at it,
    /// unless the list is scrolled to its very top, where new rows show), remember that row and
    /// its offset. A removal (`removed`) that takes the top row away remembers its nearest
    /// surviving neighbour instead (the first row after the removal, else the last before it).
    public func keepRowsOnScreenInPlace(around position: Int, removing removed: Range<Int>? = nil) {
        keepFocusedRowInPlace(removing: removed)
        guard pendingAnchor == nil, let (top, offset) = topOfViewport() else { return }
        if let removed, removed.contains(top) {
            pendingAnchor = neighbour(outside: removed).flatMap(host.boundRow(at:)).map { Anchor(row: $0, offset: offset) }
        } else if position < top || (position == top && (host.verticalAdjustment.map(gtk_adjustment_get_value) ?? 0) > 0) {
            pendingAnchor = host.boundRow(at: top).map { Anchor(row: $0, offset: offset) }
        }
        if pendingAnchor != nil { watchAllocations() }
    }

    /// Before a move: the row at the viewport's top keeps its place on screen, wherever the
    /// moves take it (a re-sort scrolls to where the top row went).
    public func keepTopRowInPlace() {
        keepFocusedRowInPlace()
        guard pendingAnchor == nil, let (top, offset) = topOfViewport(), let row = host.boundRow(at: top) else { return }
        pendingAnchor = Anchor(row: row, offset: offset)
        watchAllocations()
    }

    /// Before the rows at `removed` go: a remembered top row among them hands its place to its
    /// nearest surviving neighbour; a remembered focused row among them is forgotten.
    public func keepAnchor(removing removed: Range<Int>) {
        if let focus = pendingFocusAnchor, host.position(of: focus.row).map(removed.contains) ?? true { pendingFocusAnchor = nil }
        guard let anchor = pendingAnchor, let anchored = host.position(of: anchor.row), removed.contains(anchored) else { return }
        pendingAnchor = neighbour(outside: removed).flatMap(host.boundRow(at:)).map { Anchor(row: $0, offset: anchor.offset) }
    }

    // MARK: - After the allocation

    /// Watches the allocations for what waits on them; connected on first need.
    private func watchAllocations() {
        guard !watchesAllocation else { return }
        watchesAllocation = true
        Signal.connect(allocatedWidget, "size-allocate", argument: UnsafeMutableRawPointer.self, after: true) { [weak self] _, _ in
            guard let self else { return }
            restoreAnchor()
            guard let pending = pendingScroll else { return }
            pendingScroll = nil
            // The adjustment learns its new range in the same allocation pass: scroll once it did.
            GtkRuntime.after(milliseconds: 0) { [weak self] in
                self?.host.scrollTo(position: pending.position, alignment: pending.alignment)
            }
        }
    }

    /// Scrolls the remembered focused row, if it is still in the list, else the remembered top
    /// row, back to where it was on screen.
    private func restoreAnchor() {
        let focusAnchor = pendingFocusAnchor.flatMap { host.position(of: $0.row) != nil ? $0 : nil }
        pendingFocusAnchor = nil
        focusAnchorNoted = false
        guard let anchor = focusAnchor ?? pendingAnchor else { return }
        pendingAnchor = nil
        guard let adjustment = host.verticalAdjustment, let position = host.position(of: anchor.row),
            let frame = host.rowFrame(at: position)
        else { return }
        let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let y = frame.y + ViewportScrolling.top(of: host.widget) + anchor.offset
        gtk_adjustment_set_value(adjustment, min(max(y, 0), max(upper, 0)))
    }

    // MARK: - Before the splices

    /// Before a splice: the focused row, when it shows (and the splice does not remove it),
    /// keeps its place on screen before the top row does. Once per allocation: a focused row
    /// the splices remove hands the focus on to a row not yet where the splices put it.
    private func keepFocusedRowInPlace(removing removed: Range<Int>? = nil) {
        guard !focusAnchorNoted, gtk_widget_get_mapped(host.widget) != 0 else { return }
        focusAnchorNoted = true
        watchAllocations()
        guard let visible = host.viewportFrame, let focused = host.focusedPosition, !(removed?.contains(focused) ?? false),
            let frame = host.rowFrame(at: focused), frame.y + frame.height > visible.y, frame.y < visible.y + visible.height,
            let row = host.boundRow(at: focused)
        else { return }
        pendingFocusAnchor = Anchor(row: row, offset: visible.y - frame.y)
    }

    /// The position at the viewport's top and how far above its top the viewport starts; nil
    /// when the list is not on screen.
    private func topOfViewport() -> (position: Int, offset: Double)? {
        guard let visible = host.viewportFrame, host.verticalAdjustment != nil, let top = host.position(atY: visible.y),
            let frame = host.rowFrame(at: top)
        else { return nil }
        return (top, visible.y - frame.y)
    }

    /// The first position after `removed`, else the last before it; nil when none is left.
    private func neighbour(outside removed: Range<Int>) -> Int? {
        if removed.upperBound < host.rowCount { return removed.upperBound }
        return removed.lowerBound > 0 ? removed.lowerBound - 1 : nil
    }
}
