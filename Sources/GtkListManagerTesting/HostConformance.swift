import CGtk
import GtkListManager

/// Proves a `ListHost`: drives a `ListManager` over a fresh host in a shown window, and
/// checks from GTK what the host shows against what the manager's storage holds.
///
/// ```swift
/// @MainActor @Test func myHostConforms() {
///     let report = HostConformance("MyHost") { MyHost() }.run()
///     #expect(report.passed, "\(report)")
/// }
/// ```
///
/// It needs GTK initialized on the main thread and a display (Xvfb is fine). The checks:
///
/// - ``checkSplices()``: seeded random storage changes (items inserted, deleted, moved within
///   and across sections, updated; sections inserted, deleted and moved; several at once in a
///   transaction). After each, every position's row, bound or not, is the storage's; every
///   bound row shows its model's text in GTK, sits inside the host's widget, and has the frame
///   GTK allocated it; every position on screen is bound; the binding contract holds (see
///   the Hosts article: rows bound, unbound and released in order, each once); the selection
///   follows its items and the host shows it (`GTK_STATE_FLAG_SELECTED` on each selected
///   row's `BoundRow.hostWidget`); the focused item keeps the keyboard focus.
/// - ``checkScrolling()``: `ListHost.scrollTo(position:alignment:)` to items, headers and
///   footers with every alignment, from the top, the middle and the end, with rows of
///   unmeasured heights between: the row ends where the alignment says, read from GTK
///   (clamped at the ends of the content).
/// - ``checkAccessibility()``: every bound row read through ATK as a screen reader reads it:
///   items are list items or table cells named by their labels, selectable, at their place
///   among the items (`posinset`, `setsize`, headers not counted); headers are headings and
///   footers footers (the host describes its rows with `RowAccessibility`).
/// - ``checkUserInput()``: clicks, Ctrl+clicks, a double click and Enter on the host's rows,
///   delivered through the window system: the host reports each to its delegate as the user's
///   (the selection events run, the host shows the selection and the focus, activation runs).
/// - ``checkTeardown()``: after the window and the manager go, every widget the run saw made
///   (the host's widget, every row's, every host widget of a row) is finalized, and every row
///   view deinitialized.
@MainActor
public struct HostConformance {
    /// The name the reports give the host.
    public var name: String
    /// The seed of the random changes; the same seed replays the same run.
    public var seed: UInt64 = 1
    /// How many random changes ``checkSplices()`` makes.
    public var steps = 150
    /// The size of the window's content (the viewport), in logical pixels.
    public var viewport: (width: Int32, height: Int32) = (400, 300)
    let makeHost: @MainActor () -> any ListHost

    /// A suite for hosts `makeHost` makes: each check makes its own.
    public init(_ name: String, makeHost: @escaping @MainActor () -> any ListHost) {
        self.name = name
        self.makeHost = makeHost
    }

    /// Every check, one after the other.
    public func run() -> ConformanceReport {
        var report = checkSplices()
        report.merge(checkScrolling())
        report.merge(checkAccessibility())
        report.merge(checkUserInput())
        report.merge(checkTeardown())
        return report
    }

    /// Makes a shown list over a new host, runs `body` on it, and closes it.
    func withList(_ body: (ConformanceList) -> Void) {
        let widgets = ConformanceWidgets()
        let list = ConformanceList(host: makeHost(), width: viewport.width, height: viewport.height, widgets: widgets)
        body(list)
        list.close()
        widgets.release()
    }
}
