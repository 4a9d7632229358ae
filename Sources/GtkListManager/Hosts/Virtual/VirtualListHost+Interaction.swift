import CGtk
import CVirtualList

// What the user does with the list: the host handles pointer selection, activation and focus
// itself (it is not a GtkListBox), reports them to the delegate, and shows what the manager asks.
extension VirtualListHost {
    /// The list-wide handlers: pressed buttons, and the focus moving between row widgets.
    func connectInteraction() {
        gtk_widget_add_events(widget, Int32(GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue))
        // After the manager's own handlers (a press may start a drag), which let presses pass.
        Signal.connectEvent(widget, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self, after: true) {
            [weak self] _, event in
            guard let self, let event else { return false }
            return buttonPressed(event)
        }
        TouchTaps.recognize(on: widget) { [weak self] tap in self?.tapped(tap) }
        Signal.connectEvent(widget, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, event in
            guard let self else { return false }
            for placed in placedRows.values { gtk_widget_unset_state_flags(placed.rowWidget, GTK_STATE_FLAG_ACTIVE) }
            // A press on a selected row selects it alone when released over it.
            if let pending = pendingSelectOnly, let event, let point = PointerLocation.point(of: event, in: widget),
                position(atX: point.x, y: point.y) == pending
            {
                selectOnly(pending)
            }
            pendingSelectOnly = nil
            return false
        }
        // A drag of the selected rows keeps them selected.
        Signal.connect(widget, "drag-begin", argument: OpaquePointer.self) { [weak self] _, _ in
            self?.pendingSelectOnly = nil
        }
        Signal.connect(widget, "set-focus-child", argument: UnsafeMutablePointer<GtkWidget>.self, after: true) {
            [weak self] _, child in
            guard let self else { return }
            delegate?.focusDidMove(to: child.flatMap(position(ofRowWidget:)))
        }
        Signal.connect(widget, "map", after: true) { [weak self] _ in
            guard let self, storedReportsScreenPresence else { return }
            forEachBoundRow { _, row in self.delegate?.rowDidAppearOnScreen(row) }
        }
        Signal.connect(widget, "unmap") { [weak self] _ in
            guard let self, storedReportsScreenPresence else { return }
            forEachBoundRow { _, row in self.delegate?.rowDidLeaveScreen(row) }
        }
    }

    /// The handlers of one row widget: its activation by Enter or Space.
    func connectInteraction(of rowWidget: UnsafeMutablePointer<GtkWidget>) {
        Signal.connect(rowWidget, "activate") { [weak self] rowWidget in
            guard let self, let position = position(ofRowWidget: rowWidget) else { return }
            activate(position)
        }
    }

    /// The position of the row that sits in `rowWidget`.
    func position(ofRowWidget rowWidget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        // The position it was placed at last, unless a splice moved it since.
        let placedAt = Int(glm_list_row_get_position(OpaquePointer(rowWidget)))
        if placedRows[placedAt]?.rowWidget == rowWidget { return placedAt }
        return placedRows.first { $0.value.rowWidget == rowWidget }?.key
    }

    // MARK: - Selection

    public var selectionMode: ListSelectionMode {
        get { storedSelectionMode }
        set { storedSelectionMode = newValue }
    }

    public func setSelected(_ selected: Bool, at position: Int) {
        guard let placed = placedRows[position] else { return }
        if selected {
            gtk_widget_set_state_flags(placed.rowWidget, GTK_STATE_FLAG_SELECTED, 0)
        } else {
            gtk_widget_unset_state_flags(placed.rowWidget, GTK_STATE_FLAG_SELECTED)
        }
    }

    func isShownSelected(_ position: Int) -> Bool {
        guard let placed = placedRows[position] else { return false }
        return gtk_widget_get_state_flags(placed.rowWidget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0
    }

    /// A primary click selects as GTK lists do (Ctrl toggles in multiple mode; a press on a
    /// selected row selects it alone on release), focuses the row, and activates it on a double
    /// click (or a single one when so configured).
    private func buttonPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        var button: guint = 0
        guard gdk_event_get_button(event, &button) != 0, button == 1, !TouchTaps.isTouch(event),
            let point = PointerLocation.point(of: event, in: widget), let position = position(atX: point.x, y: point.y),
            let placed = placedRows[position]
        else { return false }
        let type = gdk_event_get_event_type(event)
        if type == GDK_2BUTTON_PRESS {
            if !storedActivatesOnSingleClick { activate(position) }
            return true
        }
        guard type == GDK_BUTTON_PRESS else { return false }
        gtk_widget_grab_focus(placed.rowWidget)
        // Pressed, as GTK shows a pressed list-box row, when the row can be activated.
        if placed.row.role == .item, !notActivatable.contains(ObjectIdentifier(placed.row)) {
            gtk_widget_set_state_flags(placed.rowWidget, GTK_STATE_FLAG_ACTIVE, 0)
        }
        var state = GdkModifierType(0)
        _ = gdk_event_get_state(event, &state)
        let extends = state.rawValue & GDK_SHIFT_MASK.rawValue != 0 && storedSelectionMode == .multiple
        // Ctrl toggles, as in a list box: in single mode it can deselect the selected row.
        let toggles = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 && [.single, .multiple].contains(storedSelectionMode)
        pendingSelectOnly = nil
        if extends {
            moveCursor(to: position, extending: true, focusOnly: false)
        } else if storedSelectionMode == .multiple, !toggles, isShownSelected(position) {
            // As a list box does: the others stay selected until the release, so that a drag
            // from here takes them all.
            pendingSelectOnly = position
            selectionRangeStart = position
        } else {
            select(position, toggling: toggles)
            selectionRangeStart = position
        }
        if storedActivatesOnSingleClick { activate(position) }
        scrollToPinnedParent(at: position)
        return true
    }

    /// A tap selects as a Ctrl-click does (toggling the row, as a list box does for a finger),
    /// focuses the row and activates it; on a pinned parent it scrolls back to it, as a click.
    private func tapped(_ tap: TouchTaps.Tap) {
        guard let position = position(atX: tap.x, y: tap.y), let placed = placedRows[position] else { return }
        gtk_widget_grab_focus(placed.rowWidget)
        select(position, toggling: [.single, .multiple].contains(storedSelectionMode))
        selectionRangeStart = position
        activate(position)
        scrollToPinnedParent(at: position)
    }

    /// Reports the user's selection of `position` (or its toggling) to the delegate.
    private func select(_ position: Int, toggling: Bool) {
        guard storedSelectionMode != .none, boundRow(at: position)?.role == .item else { return }
        if toggling {
            delegate?.userToggledSelection(at: position)
        } else if !isShownSelected(position) || storedSelectionMode == .multiple {
            selectOnly(position)
        }
    }

    // MARK: - Activation

    public var activatesOnSingleClick: Bool {
        get { storedActivatesOnSingleClick }
        set { storedActivatesOnSingleClick = newValue }
    }

    public var reportsActivation: Bool {
        get { storedReportsActivation }
        set { storedReportsActivation = storedReportsActivation || newValue }
    }

    public func setActivatable(_ activatable: Bool, for row: BoundRow) {
        if activatable { notActivatable.remove(ObjectIdentifier(row)) } else { notActivatable.insert(ObjectIdentifier(row)) }
    }

    private func activate(_ position: Int) {
        guard storedReportsActivation, let row = placedRows[position]?.row, row.role == .item,
            !notActivatable.contains(ObjectIdentifier(row))
        else { return }
        delegate?.userDidActivateRow(at: position)
    }

    // MARK: - Focus

    public var focusedPosition: Int? {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel)),
            let rowWidget = gtk_widget_get_ancestor(focus, glm_list_row_get_type()),
            gtk_widget_get_parent(rowWidget) == widget
        else { return nil }
        return position(ofRowWidget: rowWidget)
    }

    @discardableResult
    public func focusRow(at position: Int) -> Bool {
        guard let placed = placedRows[position], gtk_widget_get_can_focus(placed.rowWidget) != 0 else { return false }
        gtk_widget_grab_focus(placed.rowWidget)
        return true
    }

    public func keepBound(_ row: BoundRow?) {
        rowKeptBound = row.map(ObjectIdentifier.init)
    }

    /// Keyboard focus entering or moving inside the list: Tab enters on the preferred row (or
    /// the first on screen that can take it) and leaves from any row; arrows move between rows.
    func focus(_ direction: GtkDirectionType) -> Bool {
        let current = focusedPosition
        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD:
            // The list holding the focus itself (its focused row went) lets Tab leave at once.
            guard current == nil, count > 0, !ListFocusHolding.tabLeaves(widget, direction: Int(direction.rawValue)) else { return false }
            if let preferred = delegate?.positionToFocusOnEntry() { return enterFocus(at: preferred) }
            return focusable(from: positionsOnScreen?.lowerBound ?? 0, stepping: 1).map(enterFocus(at:)) ?? false
        case GTK_DIR_UP, GTK_DIR_DOWN, GTK_DIR_LEFT, GTK_DIR_RIGHT:
            let onScreen: NavigationDirection =
                switch direction {
                case GTK_DIR_UP: .up
                case GTK_DIR_DOWN: .down
                case GTK_DIR_LEFT: .left
                default: .right
                }
            // GTK's left and right are on screen: in reading order, mirrored right to left.
            let way = readingWay(onScreen)
            let step = way == .up || way == .left ? -1 : 1
            let start = current.map { neighbour(of: $0, toward: way) } ?? positionsOnScreen?.lowerBound ?? 0
            guard let start, let target = focusable(from: start, stepping: step), placedRows[target] != nil else { return false }
            scrollTo(position: target, alignment: .nearest)
            return focusRow(at: target)
        default:
            return false
        }
    }

    /// Focuses `position`, or, when it has no widget yet, scrolls to it and focuses it once
    /// the next layout bound it.
    private func enterFocus(at position: Int) -> Bool {
        if placedRows[position] != nil { return focusRow(at: position) }
        scrollTo(position: position, alignment: .nearest)
        pendingFocus = position
        return true
    }

    /// `position`, or the nearest row past it in the direction of `step` that can take the
    /// focus (a grid's cells alone); rows without a widget count as able (their mapping decides
    /// once bound). Nil when the list ends first.
    func focusable(from position: Int, stepping step: Int) -> Int? {
        var candidate = position
        while candidate >= 0, candidate < count {
            let able = placedRows[candidate].map { gtk_widget_get_can_focus($0.rowWidget) != 0 } ?? true
            if able, index.isNavigable(candidate) { return candidate }
            candidate += step
        }
        return nil
    }

    // MARK: - Screen presence, placeholder

    public var reportsScreenPresence: Bool {
        get { storedReportsScreenPresence }
        set {
            guard newValue, !storedReportsScreenPresence else { return }
            storedReportsScreenPresence = true
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            forEachBoundRow { _, row in delegate?.rowDidAppearOnScreen(row) }
        }
    }

    /// Tells the delegate when a bound row kept off screen (the focused one) leaves the screen
    /// or comes back.
    func noteScreenPresence(of row: BoundRow, onScreen: Bool) {
        let id = ObjectIdentifier(row)
        guard onScreen == keptOffScreen.contains(id) else { return }
        if onScreen { keptOffScreen.remove(id) } else { keptOffScreen.insert(id) }
        guard storedReportsScreenPresence, gtk_widget_get_mapped(widget) != 0 else { return }
        if onScreen { delegate?.rowDidAppearOnScreen(row) } else { delegate?.rowDidLeaveScreen(row) }
    }

    public func setDropHighlight(at position: Int?) {
        if let highlighted = dropHighlight { gtk_drag_unhighlight(highlighted) }
        dropHighlight = position.flatMap { placedRows[$0]?.rowWidget }
        if let dropHighlight { gtk_drag_highlight(dropHighlight) }
    }

    public func setPlaceholder(_ newPlaceholder: UnsafeMutablePointer<GtkWidget>?) {
        if let placeholder { glm_virtual_list_remove_child(list, placeholder) }
        placeholder = newPlaceholder
        if let newPlaceholder {
            glm_virtual_list_add_child(list, newPlaceholder)
            gtk_widget_set_child_visible(newPlaceholder, count == 0 ? 1 : 0)
        }
        glm_virtual_list_queue_layout(list)
    }
}
