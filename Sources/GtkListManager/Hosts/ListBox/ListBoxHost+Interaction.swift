import CGtk

// What the user does with a list box, reported to the delegate, and the selection and focus
// the manager asks the list box to show.
extension ListBoxHost {
    /// The list-box signals every host listens to, for the selection and the focus the manager
    /// keeps: one handler each per list, none per row.
    func connectInteraction() {
        Signal.connect(listBox, "selected-rows-changed") { [weak self] _ in self?.selectionChanged() }
        Signal.connect(listBox, "set-focus-child", argument: UnsafeMutablePointer<GtkWidget>.self, after: true) {
            [weak self] _, child in
            self?.focusChildChanged(child)
        }
        // The signal's argument is a GtkDirectionType (an enum, not a pointer).
        Signal.connectEvent(listBox, "focus", argument: UnsafeMutableRawPointer.self) { [weak self] list, direction in
            if ListFocusHolding.lettingTabLeave(gcast(list), direction: Int(bitPattern: direction)) { return false }
            return self?.focusEntering() ?? false
        }
    }

    // MARK: - Selection

    public var selectionMode: ListSelectionMode {
        get { ListSelectionMode(gtk_list_box_get_selection_mode(listBox)) }
        set {
            ownChanges += 1
            defer { ownChanges -= 1 }
            gtk_list_box_set_selection_mode(listBox, newValue.gtkMode)
            shownSelection.reset(to: selectedRows())
        }
    }

    public func setSelected(_ selected: Bool, at position: Int) {
        guard position >= 0, position < rowCount else { return }
        let listRow = listBoxRow(at: position)
        ownChanges += 1
        defer { ownChanges -= 1 }
        if selected { gtk_list_box_select_row(listBox, listRow) } else { gtk_list_box_unselect_row(listBox, listRow) }
        // What GTK shows now (selecting in single mode deselects the previous row).
        shownSelection.reset(to: selectedRows())
    }

    /// GTK changed the selection without the manager asking: tell the delegate what changed.
    private func selectionChanged() {
        guard ownChanges == 0, !isFocusingRow, let delegate else { return }
        let change = shownSelection.update(to: selectedRows(), positions: position(of:))
        guard !change.isEmpty else { return }
        delegate.hostSelectionDidChange(selected: change.selected, deselected: change.deselected, byUser: UserInput.isHandlingInput)
    }

    /// The rows GTK shows selected, in list order.
    private func selectedRows() -> [BoundRow] {
        if gtk_list_box_get_selection_mode(listBox) != GTK_SELECTION_MULTIPLE {
            return gtk_list_box_get_selected_row(listBox).flatMap(ListBoxRowType.boundRow(of:)).map { [$0] } ?? []
        }
        var rows: [BoundRow] = []
        let list = gtk_list_box_get_selected_rows(listBox)
        defer { g_list_free(list) }
        for listRow in GListSequence(list, of: GtkListBoxRow.self) {
            if let row = ListBoxRowType.boundRow(of: listRow) { rows.append(row) }
        }
        return rows
    }

    // MARK: - Activation

    func startReportingActivation() {
        Signal.connect(listBox, "row-activated", argument: UnsafeMutablePointer<GtkListBoxRow>.self) {
            [weak self] _, listRow in
            guard let self, let listRow, let position = position(of: listRow) else { return }
            delegate?.userDidActivateRow(at: position)
        }
        // A tap activates even when a click needs two; the list box takes the second tap of a
        // double tap for its double click.
        TouchTaps.recognize(on: gcast(listBox)) { [weak self] tap in
            guard let self, !activatesOnSingleClick, tap.count != 2,
                let listRow = gtk_list_box_get_row_at_y(listBox, Int32(tap.y)), gtk_list_box_row_get_activatable(listRow) != 0,
                let position = position(of: listRow)
            else { return }
            delegate?.userDidActivateRow(at: position)
        }
    }

    public var activatesOnSingleClick: Bool {
        get { gtk_list_box_get_activate_on_single_click(listBox) != 0 }
        set { gtk_list_box_set_activate_on_single_click(listBox, newValue ? 1 : 0) }
    }

    // MARK: - Focus

    public var focusedPosition: Int? {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
            let focus = gtk_window_get_focus(gcast(toplevel)),
            let listRow = gtk_widget_get_ancestor(focus, ListBoxRowType.type)
        else { return nil }
        return position(of: gcast(listRow) as UnsafeMutablePointer<GtkListBoxRow>)
    }

    /// Moves the focus to the row and nothing else: GTK would select the row it focuses too,
    /// and the selection is the manager's, so what GTK shows selected is put back.
    @discardableResult
    public func focusRow(at position: Int) -> Bool {
        let shown = selectedRows()
        // The focus moving is reported (the manager's cursor follows), GTK's selection is not.
        isFocusingRow = true
        let focused = takeFocus(at: position)
        isFocusingRow = false
        ownChanges += 1
        defer { ownChanges -= 1 }
        let now = selectedRows()
        for row in now where !shown.contains(where: { $0 === row }) {
            if let listRow = ownRow(of: row) { gtk_list_box_unselect_row(listBox, listRow) }
        }
        for row in shown where !now.contains(where: { $0 === row }) {
            if let listRow = ownRow(of: row) { gtk_list_box_select_row(listBox, listRow) }
        }
        return focused
    }

    /// Focuses the row the way GTK does: it becomes the list box's cursor row (and in single
    /// and browse modes the selected one).
    private func takeFocus(at position: Int) -> Bool {
        guard position >= 0, position < rowCount else { return false }
        let listRow: UnsafeMutablePointer<GtkWidget> = gcast(listBoxRow(at: position))
        guard gtk_widget_get_can_focus(listRow) != 0, gtk_widget_get_child_visible(listRow) != 0 else { return false }
        return gtk_widget_child_focus(listRow, GTK_DIR_TAB_FORWARD) != 0
    }

    private func focusChildChanged(_ child: UnsafeMutablePointer<GtkWidget>?) {
        guard ownChanges == 0 else { return }
        var position: Int?
        if let child, isA(child, ListBoxRowType.type) {
            position = self.position(of: gcast(child) as UnsafeMutablePointer<GtkListBoxRow>)
        }
        delegate?.focusDidMove(to: position)
    }

    /// The keyboard focus enters the list: the delegate may choose the row.
    private func focusEntering() -> Bool {
        guard gtk_container_get_focus_child(gcast(listBox)) == nil, let position = delegate?.positionToFocusOnEntry()
        else { return false }
        return takeFocus(at: position)
    }
}
