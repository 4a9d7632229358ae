import CGtk
import ModelStorage

extension ListEvent {
    /// Installs the rows of a tree; no reaction is registered for it.
    static let outlineRows = ListEvent("outlineRows", source: OutlineEvents.self)
    static let shouldExpand = ListEvent("shouldExpand", source: OutlineEvents.self)
    static let shouldCollapse = ListEvent("shouldCollapse", source: OutlineEvents.self)
    static let willExpand = ListEvent("willExpand", source: OutlineEvents.self)
    static let willCollapse = ListEvent("willCollapse", source: OutlineEvents.self)
    static let didExpand = ListEvent("didExpand", source: OutlineEvents.self)
    static let didCollapse = ListEvent("didCollapse", source: OutlineEvents.self)
}

/// The rows of a storage that shows trees (``OutlineProviding``), installed with the storage:
/// each row indented by its level with the room of a disclosure arrow, the arrow drawn on rows
/// with children (``DisclosureArrow``), a press on it opening or closing the row without
/// selecting it, and the keys of file managers on the focused row:
///
/// - Right opens a closed row, or moves to the first child of an open one; Left closes an open
///   row, or moves to the parent (mirrored right to left);
/// - `+` opens, `-` closes, `*` opens the row and everything under it; Backspace moves to the
///   parent.
///
/// Opening and closing go through the storage, which delivers the rows shown or hidden; the
/// `shouldExpand` / `shouldCollapse` reactions may refuse, `willExpand` / `willCollapse` are told
/// before the rows change, `didExpand` / `didCollapse` after.
@MainActor
final class OutlineEvents: OnDemandFeature {
    unowned let manager: ListManager
    /// What becomes of selected rows a collapse hides.
    var hiddenSelectionPolicy = HiddenSelectionPolicy.keep
    /// Items selected when a collapse hid them, selected again when they show again, forgotten
    /// when they are deleted while hidden.
    private var keptSelection: [AnyHashable] = []
    /// Opens closed rows a drag hovers over.
    private lazy var dragHover = OutlineDragHover { [unowned self] indexPath in setExpanded(true, at: indexPath) }

    init(manager: ListManager) {
        self.manager = manager
        outline = manager.storage as? any OutlineProviding
        showTreeToScreenReaders(outline != nil)
    }

    var needsEveryRow: Bool { true }
    var keyStage: KeyStage? { .treeNavigation }
    var pointerStage: PointerStage? { .disclosure }

    /// The manager's storage as a tree, cast once per storage: a cast to a protocol costs about
    /// a microsecond, and every bound row asks (CONTRIBUTING, Hot paths: 5).
    private(set) var outline: (any OutlineProviding)?

    // MARK: - Rows

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) { mark(row, at: location, announcing: false) }
    func rowDidRefresh(_ row: BoundRow) { mark(row, at: manager.location(of: row), announcing: true) }
    // A change elsewhere may give a row its first child or take its last: marks follow the tree.
    func listDidApply(_ changes: ChangeSet) {
        manager.forEachBoundRowWithLocation { mark($0, at: $1, announcing: true) }
        restoreKeptSelection()
    }

    // Every new storage is shown by a reload.
    func listWillReload() { outline = manager.storage as? any OutlineProviding }

    func listDidReload() {
        keptSelection = []
        showTreeToScreenReaders(outline != nil)
        manager.forEachBoundRowWithLocation { mark($0, at: $1, announcing: false) }
    }

    /// Indents `row`, at `location`, by its level, with room for an arrow, and marks its arrow;
    /// when `announcing`, a screen reader hears the row it knows open or close (a row just bound
    /// to its model is news to no one).
    private func mark(_ row: BoundRow, at location: RowLocation?, announcing: Bool) {
        guard row.role == .item, let container = row.hostWidget else { return }
        guard let outline, let location, let place = outline.outlinePlace(at: location.indexPath)
        else {
            // A reused container that showed a tree row shows a plain one now.
            if DisclosureArrow.mark(of: container) != nil { indent(row, by: 0) }
            return DisclosureArrow.mark(container, nil)
        }
        let pixels = Double(max(place.level, 0)) * Double(max(manager.indentationWidth, 0)) + Double(DisclosureArrow.size)
        indent(row, by: Int(min(pixels, Double(Int32.max))))
        let before = DisclosureArrow.mark(of: container)
        DisclosureArrow.mark(container, .init(hasArrow: place.hasChildren, isExpanded: place.isExpanded))
        if announcing, let before, before.hasArrow, place.hasChildren, before.isExpanded != place.isExpanded,
            let accessible = gtk_widget_get_accessible(container)
        {
            atk_object_notify_state_change(accessible, AtkState(ATK_STATE_EXPANDED.rawValue), place.isExpanded ? 1 : 0)
        }
    }

    /// Indents a tree's row by `pixels` (its level and the arrow's room): a feature that made
    /// the row (a table) indents its part of it, the host otherwise the whole row.
    private func indent(_ row: BoundRow, by pixels: Int) {
        if manager.installedFeatures?.itemPresenter?.indentTreeRow(row, by: pixels) == true { return }
        manager.setIndentation(pixels, for: row)
    }

    // MARK: - Opening and closing

    /// Opens or closes the row at `indexPath` unless a reaction refuses; false when nothing changed.
    @discardableResult
    func setExpanded(_ expanded: Bool, at indexPath: IndexPath) -> Bool {
        guard let outline, let place = outline.outlinePlace(at: indexPath), place.hasChildren, place.isExpanded != expanded,
            let model = manager.shownModel(at: .item(indexPath))
        else { return false }
        let router = manager.events
        let location = RowLocation.item(indexPath)
        let allowed: Bool? = router.performModelEvent(expanded ? .shouldExpand : .shouldCollapse, model: model, at: location)
        guard allowed ?? true else { return false }
        let _: Void? = router.performModelEvent(expanded ? .willExpand : .willCollapse, model: model, at: location)
        let hidden = expanded ? [] : selectedRows(under: indexPath, in: outline)
        outline.setExpanded(expanded, at: indexPath)
        if !hidden.isEmpty { applyPolicy(toHidden: hidden, collapsed: indexPath) }
        let _: Void? = router.performModelEvent(expanded ? .didExpand : .didCollapse, model: model, at: location)
        return true
    }

    /// Opens the row at `indexPath` and every row under it.
    func expandDescendants(at indexPath: IndexPath) {
        guard let outline, let place = outline.outlinePlace(at: indexPath), place.hasChildren else { return }
        if !place.isExpanded, !setExpanded(true, at: indexPath) { return }
        outline.expandDescendants(at: indexPath)
    }

    /// A drag over the list hovers over the row at `indexPath` (nil: over none, or it left or
    /// dropped): a closed row with children opens after ``OutlineDragHover/delay``.
    func dragDidHover(over indexPath: IndexPath?) {
        let closedParent = indexPath.flatMap { outline?.outlinePlace(at: $0) }.map { $0.hasChildren && !$0.isExpanded } ?? false
        dragHover.hover(over: closedParent ? indexPath : nil)
    }

    // MARK: - Selection hidden by a collapse

    /// The identities of the selected rows under the row at `indexPath`.
    private func selectedRows(under indexPath: IndexPath, in outline: any OutlineProviding) -> [AnyHashable] {
        let below = indexPath.item + 1...indexPath.item + max(outline.visibleDescendantCount(at: indexPath), 1)
        return manager.selectedIndexPaths.filter { $0.section == indexPath.section && below.contains($0.item) }
            .compactMap(outline.itemIdentity(at:))
    }

    private func applyPolicy(toHidden hidden: [AnyHashable], collapsed indexPath: IndexPath) {
        switch hiddenSelectionPolicy {
        case .keep: keptSelection.append(contentsOf: hidden)
        case .selectParent: manager.selectItem(at: indexPath)
        case .deselect: break
        }
    }

    /// Selects again the kept items that show again, and forgets those deleted: a storage that
    /// tells what it holds (``OutlineItemMembership``) would otherwise keep them for as long as
    /// the list shows it.
    private func restoreKeptSelection() {
        guard !keptSelection.isEmpty, let outline else { return }
        let membership = outline as? any OutlineItemMembership
        keptSelection.removeAll { identity in
            guard let indexPath = outline.indexPath(ofItemIdentity: identity) else {
                return membership.map { !$0.containsItem(withIdentity: identity) } ?? false
            }
            manager.selectItem(at: indexPath)
            return true
        }
    }

    /// How many hidden items' selection is kept, for tests.
    package var keptSelectionCount: Int { keptSelection.count }

    // MARK: - Pointer

    /// A primary press on a row's arrow opens or closes it, and goes no further (no selection,
    /// no drag).
    func pointerPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        var button: guint = 0
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_get_button(event, &button) != 0,
            button == GDK_BUTTON_PRIMARY, let point = PointerLocation.point(of: event, in: manager.widget),
            let position = manager.host.position(atX: point.x, y: point.y),
            let (row, location) = manager.boundRowAndLocation(atPosition: position), location.role == .item,
            let container = row.hostWidget
        else { return false }
        var x: Int32 = 0, y: Int32 = 0
        gtk_widget_translate_coordinates(manager.widget, container, Int32(point.x), Int32(point.y), &x, &y)
        guard DisclosureArrow.arrowContains(container, x: Double(x), y: Double(y)),
            let expanded = DisclosureArrow.mark(of: container)?.isExpanded
        else { return false }
        setExpanded(!expanded, at: location.indexPath)
        // A pinned parent closed stays in sight, where it was pinned, as in VS Code.
        if expanded, let pinning = manager.host as? any ParentRowPinning { pinning.scrollToPinnedParent(at: position) }
        return true
    }

    // MARK: - Keys

    /// The keys of file managers' trees on the focused row; false for other keys.
    func handle(_ key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?) -> Bool {
        guard let location = focused?.location, location.role == .item, key.modifiers.isDisjoint(with: [.control, .alt, .superKey]),
            let outline,
            let place = outline.outlinePlace(at: location.indexPath)
        else { return false }
        let indexPath = location.indexPath
        let rightToLeft = gtk_widget_get_direction(manager.widget) == GTK_TEXT_DIR_RTL
        switch Int32(key.keyval) {
        case rightToLeft ? GDK_KEY_Left : GDK_KEY_Right, rightToLeft ? GDK_KEY_KP_Left : GDK_KEY_KP_Right:
            guard place.hasChildren else { return false }
            if place.isExpanded {
                moveFocus(to: IndexPath(item: indexPath.item + 1, section: indexPath.section))
            } else {
                setExpanded(true, at: indexPath)
            }
        case rightToLeft ? GDK_KEY_Right : GDK_KEY_Left, rightToLeft ? GDK_KEY_KP_Right : GDK_KEY_KP_Left:
            if place.hasChildren, place.isExpanded {
                setExpanded(false, at: indexPath)
            } else {
                guard let parent = outline.parentIndexPath(of: indexPath) else { return false }
                moveFocus(to: parent)
            }
        case GDK_KEY_plus, GDK_KEY_KP_Add:
            setExpanded(true, at: indexPath)
        case GDK_KEY_minus, GDK_KEY_KP_Subtract:
            setExpanded(false, at: indexPath)
        case GDK_KEY_asterisk, GDK_KEY_KP_Multiply:
            expandDescendants(at: indexPath)
        case GDK_KEY_BackSpace:
            guard let parent = outline.parentIndexPath(of: indexPath) else { return false }
            moveFocus(to: parent)
        default:
            return false
        }
        return true
    }

    /// Moves the focus to the row at `indexPath` and selects it, as the arrow keys do.
    private func moveFocus(to indexPath: IndexPath) {
        manager.moveCursorAsUser(to: indexPath, alignment: .nearest)
    }
}
