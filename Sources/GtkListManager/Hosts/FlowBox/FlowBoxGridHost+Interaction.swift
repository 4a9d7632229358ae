import CGtk

// What the user does with the grid's flow boxes, reported to the delegate, and the selection
// and focus the manager asks the grid to show. Each section's flow box gets its handlers when
// the section is made: a handful per section, none per cell.
extension FlowBoxGridHost {
    func connectInteraction(of section: GridSection) {
        Signal.connect(section.flowBox, "selected-children-changed") { [weak self] _ in self?.selectionChanged() }
        Signal.connect(section.flowBox, "set-focus-child", argument: UnsafeMutablePointer<GtkWidget>.self, after: true) {
            [weak self] _, child in
            self?.focusChildChanged(child)
        }
        // The signal's argument is a GtkDirectionType (an enum, not a pointer).
        Signal.connectEvent(section.flowBox, "keynav-failed", argument: UnsafeMutableRawPointer.self) {
            [weak self, weak section] _, direction in
            guard let self, let section else { return false }
            return moveFocusAcrossSections(from: section, signalled: Int(bitPattern: direction))
        }
        // Before the flow box's own handling: a cell is pressed until the release, which ends
        // before the flow box activates it (as a list box does).
        Signal.connectEvent(section.flowBox, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) {
            [weak self, weak section] _, event in
            if let self, let section, let event { pressed(event, in: section) }
            return false
        }
        Signal.connectEvent(section.flowBox, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) {
            [weak self] _, _ in
            self?.releasePressedCell()
            return false
        }
        if reportsActivation { connectActivation(of: section) }
    }

    func connectActivation(of section: GridSection) {
        Signal.connect(section.flowBox, "child-activated", argument: UnsafeMutablePointer<GtkFlowBoxChild>.self) {
            [weak self] _, cell in
            guard let self, let cell, let row = FlowBoxCellType.shared.boundRow(of: cell),
                !notActivatable.contains(ObjectIdentifier(row)), let position = position(of: row)
            else { return }
            delegate?.userDidActivateRow(at: position)
        }
        // A tap activates even when a click needs two; the flow box takes the second tap of a
        // double tap for its double click.
        TouchTaps.recognize(on: gcast(section.flowBox)) { [weak self, weak section] tap in
            guard let self, let section, !activatesOnSingleClick, tap.count != 2,
                let cell = gtk_flow_box_get_child_at_pos(section.flowBox, Int32(tap.x), Int32(tap.y)),
                let row = FlowBoxCellType.shared.boundRow(of: cell), !notActivatable.contains(ObjectIdentifier(row)),
                let position = position(of: row)
            else { return }
            delegate?.userDidActivateRow(at: position)
        }
    }

    // MARK: - Pressing

    /// GTK 3's flow box keeps the cell under a pressed button to itself: the host shows it
    /// pressed (`GTK_STATE_FLAG_ACTIVE`) as a list box shows its rows, until the release, when
    /// the cell can be activated.
    private func pressed(_ event: UnsafeMutablePointer<GdkEvent>, in section: GridSection) {
        var button: guint = 0
        guard gdk_event_get_button(event, &button) != 0, button == GDK_BUTTON_PRIMARY,
            let point = PointerLocation.point(of: event, in: gcast(section.flowBox)),
            let cell = gtk_flow_box_get_child_at_pos(section.flowBox, Int32(point.x), Int32(point.y)),
            let row = FlowBoxCellType.shared.boundRow(of: cell), !notActivatable.contains(ObjectIdentifier(row))
        else { return }
        releasePressedCell()
        pressedCell = gcast(cell)
        gtk_widget_set_state_flags(gcast(cell), GTK_STATE_FLAG_ACTIVE, 0)
    }

    /// The button went up, or a drag took the pointer: no cell is pressed any more.
    func releasePressedCell() {
        guard let cell = pressedCell else { return }
        pressedCell = nil
        gtk_widget_unset_state_flags(cell, GTK_STATE_FLAG_ACTIVE)
    }

    public func setActivatable(_ activatable: Bool, for row: BoundRow) {
        if activatable { notActivatable.remove(ObjectIdentifier(row)) } else { notActivatable.insert(ObjectIdentifier(row)) }
    }

    /// The keyboard focus enters the grid with no cell focused: the delegate may choose it.
    func connectFocusEntry() {
        // The signal's argument is a GtkDirectionType (an enum, not a pointer).
        Signal.connectEvent(box, "focus", argument: UnsafeMutableRawPointer.self) { [weak self] box, direction in
            if ListFocusHolding.lettingTabLeave(gcast(box), direction: Int(bitPattern: direction)) { return false }
            guard let self, gtk_container_get_focus_child(gcast(box)) == nil,
                let position = delegate?.positionToFocusOnEntry()
            else { return false }
            return takeFocus(at: position)
        }
    }

    // MARK: - Selection

    public func setSelected(_ selected: Bool, at position: Int) {
        guard position >= 0, position < rowCount, case let (section, .cell(index)) = sectionAndSlot(at: position) else { return }
        ownChanges += 1
        defer { ownChanges -= 1 }
        let cell = section.cells[index]
        if selected { gtk_flow_box_select_child(section.flowBox, cell) } else { gtk_flow_box_unselect_child(section.flowBox, cell) }
        shownSelection.reset(to: selectedCells())
    }

    /// GTK changed a section's selection without the manager asking: tell the delegate what
    /// changed, in the whole grid.
    private func selectionChanged() {
        guard ownChanges == 0, !isFocusingRow, let delegate else { return }
        let change = shownSelection.update(to: selectedCells(), positions: position(of:))
        guard !change.isEmpty else { return }
        // A flow box that activates on a single click adds a plainly clicked cell to the
        // selection in multiple mode; a click selects it alone everywhere else in GTK.
        if selectionMode == .multiple, change.selected.count == 1, change.deselected.isEmpty, UserInput.isPlainClick {
            return delegate.userSelectedOnly(change.selected[0]...change.selected[0])
        }
        delegate.hostSelectionDidChange(selected: change.selected, deselected: change.deselected, byUser: UserInput.isHandlingInput)
    }

    /// The cells GTK shows selected, in every section.
    func selectedCells() -> [BoundRow] {
        var cells: [BoundRow] = []
        for section in sections {
            let list = gtk_flow_box_get_selected_children(section.flowBox)
            defer { g_list_free(list) }
            for cell in GListSequence(list, of: GtkFlowBoxChild.self) {
                if let row = FlowBoxCellType.shared.boundRow(of: cell) { cells.append(row) }
            }
        }
        return cells
    }

    // MARK: - Focus

    public var focusedPosition: Int? {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel)),
            let cell = gtk_widget_get_ancestor(focus, FlowBoxCellType.shared.type),
            let row = FlowBoxCellType.shared.boundRow(of: gcast(cell))
        else { return nil }
        return position(of: row)
    }

    /// Moves the focus to the cell and nothing else: GTK would select the cell it focuses too,
    /// and the selection is the manager's, so what GTK shows selected is put back.
    @discardableResult
    public func focusRow(at position: Int) -> Bool {
        let shown = selectedCells()
        // The focus moving is reported (the manager's cursor follows), GTK's selection is not.
        isFocusingRow = true
        let focused = takeFocus(at: position)
        isFocusingRow = false
        ownChanges += 1
        defer { ownChanges -= 1 }
        let now = selectedCells()
        for row in now where !shown.contains(where: { $0 === row }) { setShown(false, row) }
        for row in shown where !now.contains(where: { $0 === row }) { setShown(true, row) }
        return focused
    }

    /// Focuses the cell the way GTK does: it becomes its flow box's cursor, as the arrow keys
    /// make it (and in single and browse modes the selected one).
    private func takeFocus(at position: Int) -> Bool {
        guard let hostWidget = boundRow(at: position)?.hostWidget, gtk_widget_get_can_focus(hostWidget) != 0 else { return false }
        return gtk_widget_child_focus(hostWidget, GTK_DIR_TAB_FORWARD) != 0
    }

    /// Selects or unselects a cell in its flow box.
    private func setShown(_ selected: Bool, _ row: BoundRow) {
        guard let cell = row.hostWidget, let flowBox = gtk_widget_get_parent(cell) else { return }
        if selected {
            gtk_flow_box_select_child(gcast(flowBox), gcast(cell))
        } else {
            gtk_flow_box_unselect_child(gcast(flowBox), gcast(cell))
        }
    }

    public func setFocusable(_ focusable: Bool, for row: BoundRow) {
        guard let hostWidget = row.hostWidget else { return }
        gtk_widget_set_can_focus(hostWidget, focusable ? 1 : 0)
        if focusable { notFocusable.remove(ObjectIdentifier(row)) } else { notFocusable.insert(ObjectIdentifier(row)) }
    }

    private func focusChildChanged(_ child: UnsafeMutablePointer<GtkWidget>?) {
        guard ownChanges == 0 else { return }
        let row = child.flatMap { FlowBoxCellType.shared.isInstance($0) ? FlowBoxCellType.shared.boundRow(of: gcast($0)) : nil }
        delegate?.focusDidMove(to: row.flatMap(position(of:)))
    }

    /// An arrow key found no cell in its section's flow box: move to the neighbouring section
    /// with cells. Up and Down keep the column (the cell nearest the focused one's centre in the
    /// first or last line); Left and Right take the next cell in reading order that way on
    /// screen (right to left, as the flow box lays its cells out then, Left goes forward).
    /// Without Ctrl, the cell becomes the selection, as within a flow box.
    ///
    /// The key says which way: GTK 3's flow box signals `GTK_DIR_DOWN` for most failures, Left
    /// and Up included (its count of steps left is 0 by then).
    private func moveFocusAcrossSections(from section: GridSection, signalled direction: Int) -> Bool {
        let key = CurrentKey.read()
        let rightToLeft = gtk_widget_get_direction(gcast(section.flowBox)) == GTK_TEXT_DIR_RTL
        let forward =
            key.isForward.map { key.isHorizontal && rightToLeft ? !$0 : $0 }
            ?? (direction == Int(GTK_DIR_DOWN.rawValue) || direction == Int(GTK_DIR_RIGHT.rawValue))
        guard let index = sections.firstIndex(where: { $0 === section }),
            let focused = gtk_container_get_focus_child(gcast(section.flowBox)),
            let target = sectionWithCells(after: index, forward: forward)
        else { return false }
        let cell: UnsafeMutablePointer<GtkFlowBoxChild>
        if key.isHorizontal {
            cell = forward ? target.cells[0] : target.cells[target.cells.count - 1]
        } else {
            let centre = frame(of: focused).map { $0.x + $0.width / 2 } ?? 0
            cell = nearestCell(to: centre, inEdgeLineOf: target, first: forward)
        }
        guard let row = FlowBoxCellType.shared.boundRow(of: cell), let position = position(of: row), focusRow(at: position)
        else { return false }
        if !key.withControl { delegate?.userSelectedOnly(position...position) }
        return true
    }

    private func sectionWithCells(after index: Int, forward: Bool) -> GridSection? {
        let candidates = forward ? Array(sections[(index + 1)...]) : sections[..<index].reversed()
        return candidates.first { !$0.cells.isEmpty }
    }

    /// The cell of the section's first or last line whose centre is nearest `x`.
    private func nearestCell(to x: Double, inEdgeLineOf section: GridSection, first: Bool) -> UnsafeMutablePointer<GtkFlowBoxChild> {
        let edge = first ? section.cells[0] : section.cells[section.cells.count - 1]
        guard let lineY = frame(of: gcast(edge))?.y else { return edge }
        var best = edge, bestDistance = Double.infinity
        for cell in section.cells {
            guard let cellFrame = frame(of: gcast(cell)), cellFrame.y == lineY else { continue }
            let distance = abs(cellFrame.x + cellFrame.width / 2 - x)
            if distance < bestDistance { (best, bestDistance) = (cell, distance) }
        }
        return best
    }
}

/// The key event GTK is handling, as far as crossing sections cares.
@MainActor
private struct CurrentKey {
    var isHorizontal = false
    /// Whether the key moves forward (Down, Right, Page Down, End; Left and Right as on screen
    /// left to right); nil for another key.
    var isForward: Bool?
    var withControl = false

    static func read() -> CurrentKey {
        guard let event = gtk_get_current_event() else { return CurrentKey() }
        defer { gdk_event_free(event) }
        var key = CurrentKey()
        var keyval: guint = 0
        if gdk_event_get_keyval(event, &keyval) != 0 {
            let code = Int32(keyval)
            key.isHorizontal = [GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_KP_Left, GDK_KEY_KP_Right].contains(code)
            if [GDK_KEY_Down, GDK_KEY_Right, GDK_KEY_Page_Down, GDK_KEY_End, GDK_KEY_KP_Down, GDK_KEY_KP_Right].contains(code) {
                key.isForward = true
            } else if [GDK_KEY_Up, GDK_KEY_Left, GDK_KEY_Page_Up, GDK_KEY_Home, GDK_KEY_KP_Up, GDK_KEY_KP_Left].contains(code) {
                key.isForward = false
            }
        }
        var state = GdkModifierType(rawValue: 0)
        if gdk_event_get_state(event, &state) != 0 { key.withControl = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 }
        return key
    }
}
