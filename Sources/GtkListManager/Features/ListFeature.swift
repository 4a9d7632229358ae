import CGtk
import ModelStorage

/// The one way a feature plugs into a list: event groups, type-ahead find, editing in place, a
/// tree's rows and keys, a table. The manager names none of them; it tells its ``ListFeatures``
/// what happens, and they tell each installed feature.
///
/// Every hook has a default that does nothing, so a feature implements only what it
/// contributes:
///
/// - **Rows**: features that need something of every row (a per-row signal, a size, a tree's
///   indentation) say so with ``needsEveryRow`` and hear each row bound, unbound and refreshed.
/// - **The list's content**: reloads and change sets, before and after.
/// - **What the host reports**: activation (which a feature may intercept), focus, the selection,
///   rows on screen.
/// - **Input stages**: a feature that takes keys names its ``keyStage`` and one that takes
///   pointer presses its ``pointerStage``; the dispatchers offer each key or press to them in
///   stage order, and the first that handles it wins.
/// - **Items shown its own way**: a feature that makes every item's row itself (a table) adopts
///   ``ItemPresenting``.
@MainActor
protocol ListFeature: AnyObject {
    /// True when the feature wants the row notifications below. Default: false.
    var needsEveryRow: Bool { get }
    /// The feature is installed (findable through ``ListFeatures/installed(_:)``): it may ask the
    /// host to report what it needs, and the reports reach it.
    func didInstall()
    /// Another feature of its type (or another item presenter) replaced it, or its manager is
    /// going: nothing reaches it any more, and it must stop acting on the list (an app may
    /// still hold it).
    func didUninstall()

    // MARK: Rows (features that need every row)

    /// A row was bound and placed at `location` (or was bound when the feature was installed);
    /// its ``BoundRow/hostWidget`` is set.
    func rowDidAppear(_ row: BoundRow, at location: RowLocation)
    /// A row is about to be unbound (its position removed, or scrolled away); `location` is
    /// where it is until then.
    func rowWillDisappear(_ row: BoundRow, at location: RowLocation)
    /// A row shown in place got a new model (an update refreshed it).
    func rowDidRefresh(_ row: BoundRow)

    // MARK: The list's content

    /// Every row is about to be made again from the storage.
    func listWillReload()
    /// Every row was made again from the storage.
    func listDidReload()
    /// The list is about to apply one run of a change set's entries (one splice): nothing of
    /// it is shown yet.
    func listWillApply(_ run: ChangeRun)
    /// The list shows the whole change set.
    func listDidApply(_ changes: ChangeSet)

    // MARK: What the host reports

    /// The user is activating the row (a double click, Enter, or a single click): true when
    /// the feature takes the activation for itself (editing the row in place), and no feature
    /// hears ``userDidActivate(_:at:)``. Default: false.
    func interceptsActivation(of row: BoundRow, at location: RowLocation) -> Bool
    /// The user activated the row (a double click, Enter, or a single click).
    func userDidActivate(_ row: BoundRow, at location: RowLocation)
    /// The keyboard focus moved to another row: the manager's cursor is `location` now.
    func focusDidMove(to row: BoundRow, at location: RowLocation)
    /// The selection changed (the user's or the app's), and the bound rows show it.
    func selectionDidChange()
    /// The item to focus when the keyboard focus enters the list with no row focused; nil
    /// when the feature has no opinion (the first non-nil answer wins).
    func itemToFocusOnEntry() -> IndexPath?
    /// A bound row came on screen (while ``ListHost/reportsScreenPresence`` is on).
    func rowCameOnScreen(_ row: BoundRow)
    /// A bound row left the screen without being unbound.
    func rowLeftScreen(_ row: BoundRow)
    /// A drag hovers over the item at `indexPath`; nil: over no item, or it left or dropped.
    func dragDidHover(over indexPath: IndexPath?)

    // MARK: Keys

    /// Where the feature takes keys among the others; nil (the default): it takes none.
    var keyStage: KeyStage? { get }
    /// True while the feature holds the keyboard (an open search): keys go to it before any
    /// other stage, with or without a focused row. Default: false.
    var capturesKeys: Bool { get }
    /// Offers `key`, pressed with `focused` the focused row and where it is (nil when no row
    /// is focused): true when the feature handled it and it goes no further.
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool

    // MARK: Pointer

    /// Where the feature takes pointer presses among the others; nil (the default): none.
    var pointerStage: PointerStage? { get }
    /// A button was pressed on the list: true when the feature handled it and it goes no
    /// further (not even to the host's selection).
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool
    /// The button pressed was released (every pointer feature hears it).
    func pointerReleased()
    /// A finger was held still on the list for the long-press time, at (`x`, `y`) in the
    /// list widget's coordinates (every pointer feature hears it).
    func touchHeld(atX x: Double, y: Double)
    /// The finger held still was lifted without moving on: true when the feature answered it
    /// (a context menu opened).
    func touchLiftedAfterHold(atX x: Double, y: Double) -> Bool
}

extension ListFeature {
    var needsEveryRow: Bool { false }
    func didInstall() {}
    func didUninstall() {}
    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {}
    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {}
    func rowDidRefresh(_ row: BoundRow) {}
    func listWillReload() {}
    func listDidReload() {}
    func listWillApply(_ run: ChangeRun) {}
    func listDidApply(_ changes: ChangeSet) {}
    func interceptsActivation(of row: BoundRow, at location: RowLocation) -> Bool { false }
    func userDidActivate(_ row: BoundRow, at location: RowLocation) {}
    func focusDidMove(to row: BoundRow, at location: RowLocation) {}
    func selectionDidChange() {}
    func itemToFocusOnEntry() -> IndexPath? { nil }
    func rowCameOnScreen(_ row: BoundRow) {}
    func rowLeftScreen(_ row: BoundRow) {}
    func dragDidHover(over indexPath: IndexPath?) {}
    var keyStage: KeyStage? { nil }
    var capturesKeys: Bool { false }
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool { false }
    var pointerStage: PointerStage? { nil }
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool { false }
    func pointerReleased() {}
    func touchHeld(atX x: Double, y: Double) {}
    func touchLiftedAfterHold(atX x: Double, y: Double) -> Bool { false }
}

/// A feature the manager makes itself when the first reaction to one of its events is
/// registered (`ListEvent`): an event group, type-ahead find, a tree's rows.
@MainActor
protocol OnDemandFeature: ListFeature {
    init(manager: ListManager)
}
