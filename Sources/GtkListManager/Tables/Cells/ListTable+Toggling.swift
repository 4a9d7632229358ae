import CGtk
import ModelStorage

// Toggle cells the user toggles: a click on one, Space on the focused row, a screen reader's
// "toggle". The table never changes a cell's value itself: it asks the app, which changes its
// storage, and the row shows the new value as any change does.
extension ListTable {
    /// Calls `reaction` when the user toggles a ``ToggleCell`` of `column` in a row showing a
    /// `Model`, with the model, its index path and the state asked for (on, from off or from
    /// inconsistent; off, from on): update the storage there, and the row shows the new value.
    ///
    /// The user toggles an activatable cell (``ToggleCell/isActivatable``)
    /// - with a primary click on it (pressed and released on the cell, not dragged; without Ctrl
    ///   or Shift, which keep their meaning for the selection). The click also selects the row,
    ///   as in a GtkTreeView; a double click toggles twice and activates the row;
    /// - with Space on the focused row: the cell of the cell cursor's column
    ///   (``cursorColumn``, moved by Ctrl+Left and Ctrl+Right), or, without a cursor, the first
    ///   shown column with a `didToggle` reaction whose cell the user may toggle. Space that
    ///   toggles goes no further: the selection stays as it is (Ctrl+Space still selects).
    ///   Without a cell to toggle there, Space does what it does in any list;
    /// - with a screen reader's "toggle" action on the cell, scrolled away or not.
    ///
    /// Only the first reaction registered for the column whose model type matches runs.
    ///
    /// ```swift
    /// table.didToggle(Package.self, column: "installed") { package, _, isOn in
    ///     packages.setInstalled(isOn, for: package)
    /// }
    /// ```
    public func didToggle<Model>(_ modelType: Model.Type, column: String, _ reaction: @escaping (Model, IndexPath, Bool) -> Void) {
        guard isInstalled else { return }
        let toggling = toggling ?? CellToggling(table: self)
        toggling.append(
            CellToggling.Reaction(column: column) { model, indexPath, isOn in
                guard let model = model as? Model else { return false }
                reaction(model, indexPath, isOn)
                return true
            })
        if self.toggling == nil {
            self.toggling = toggling
            manager.features.install(toggling)
            // Space activates a row on some hosts: the activation comes here first.
            manager.requestActivationReports()
        }
    }

    /// Toggles the cell of the shown column at `index` in the row at `indexPath` as the user
    /// asked: the first reaction for the column that takes the row's model hears the state asked
    /// for. False when there is no such cell, the user may not toggle it, or no reaction took it.
    @discardableResult
    func userToggle(at indexPath: IndexPath, column index: Int) -> Bool {
        guard let toggling, layout.placed.indices.contains(index) else { return false }
        let column = layout.placed[index].column.id
        guard toggling.columns.contains(column), let model = manager.unwrappedModel(at: .item(indexPath)),
            let state = toggleState(at: indexPath, column: index, showing: model), state.isActivatable
        else { return false }
        for entry in toggling.reactions where entry.column == column && entry.react(model, indexPath, state.toggled) {
            return true
        }
        return false
    }

    /// What the toggle cell of the shown column at `index` shows in the row at `indexPath`: its
    /// bound cell's state, or that of a cell filled with `model` for the question (a row or a
    /// column off screen); nil when that column's cell is no toggle cell.
    private func toggleState(at indexPath: IndexPath, column index: Int, showing model: Any) -> ToggleState? {
        if let view = manager.boundRow(at: indexPath)?.view as? TableRowView, view.layoutGeneration == shownColumnsGeneration,
            let cell = view.cells[index]
        {
            return ToggleState(of: cell.widget)
        }
        guard let mapping = cells.mapping(for: model, column: layout.placed[index].column.id, at: indexPath),
            let cell = cells.makeCell(mapping, showing: model, at: indexPath)
        else { return nil }
        defer { cells.pool.enqueue(cell) }
        return ToggleState(of: cell.widget)
    }

    // MARK: - Clicks

    /// A press to remember: a primary press, without Ctrl or Shift, on an activatable toggle
    /// cell of a column with reactions; nil for any other.
    func togglePress(_ event: UnsafeMutablePointer<GdkEvent>, in toggling: CellToggling) -> CellToggling.Press? {
        var button: guint = 0
        var state = GdkModifierType(0)
        let selecting = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue
        guard gdk_event_get_event_type(event) == GDK_BUTTON_PRESS, gdk_event_get_button(event, &button) != 0, button == 1,
            gdk_event_get_state(event, &state) != 0, state.rawValue & selecting == 0,
            let point = PointerLocation.point(of: event, in: manager.widget),
            let (row, location, index) = toggleCell(under: event, at: point, in: toggling)
        else { return nil }
        return CellToggling.Press(
            row: row, indexPath: location.indexPath, column: layout.placed[index].column.id,
            x: Int32(point.x.rounded(.down)), y: Int32(point.y.rounded(.down)))
    }

    /// The button pressed on a toggle cell was released: toggles the cell when the release is on
    /// it, no further than GTK's drag threshold from the press (a drag that left and came back
    /// is a drag all the same when it went further: the threshold is measured from the press).
    func toggleOnRelease(of press: CellToggling.Press, in toggling: CellToggling) {
        guard let event = gtk_get_current_event() else { return }
        defer { gdk_event_free(event) }
        guard gdk_event_get_event_type(event) == GDK_BUTTON_RELEASE, let point = PointerLocation.point(of: event, in: manager.widget),
            gtk_drag_check_threshold(manager.widget, press.x, press.y, Int32(point.x.rounded(.down)), Int32(point.y.rounded(.down)))
                == 0,
            let (row, location, index) = toggleCell(under: event, at: point, in: toggling),
            row === press.row, location.indexPath == press.indexPath, layout.placed[index].column.id == press.column
        else { return }
        userToggle(at: location.indexPath, column: index)
    }

    /// The bound row, its location and the shown column of the activatable toggle cell under a
    /// pointer event at `point` (in the list's coordinates), in a column with reactions.
    private func toggleCell(
        under event: UnsafeMutablePointer<GdkEvent>, at point: (x: Double, y: Double), in toggling: CellToggling
    ) -> (BoundRow, RowLocation, Int)? {
        guard let (row, location) = manager.boundRowAndLocation(atX: point.x, y: point.y), location.role == .item,
            let view = row.view as? TableRowView, view.layoutGeneration == shownColumnsGeneration,
            let fromStart = pointerOffset(of: event, in: row.widget), let index = shownColumn(atRowOffset: fromStart),
            toggling.columns.contains(layout.placed[index].column.id), let cell = view.cells[index],
            ToggleState(of: cell.widget)?.isActivatable == true
        else { return nil }
        return (row, location, index)
    }

    // MARK: - Space

    /// Space (no modifier) on the focused row toggles the cell cursor's cell, or without a
    /// cursor the first shown column's with reactions that the user may toggle.
    func toggle(by key: KeyPress, on focused: (row: BoundRow, location: RowLocation)?, in toggling: CellToggling) -> Bool {
        guard key.keyval == UInt32(GDK_KEY_space) || key.keyval == UInt32(GDK_KEY_KP_Space), key.modifiers.isEmpty,
            let focused, focused.location.role == .item
        else { return false }
        let indexPath = focused.location.indexPath
        if let cursor = cursorColumn, let index = layout.index(of: cursor) { return userToggle(at: indexPath, column: index) }
        for index in layout.placed.indices where toggling.columns.contains(layout.placed[index].column.id) {
            if userToggle(at: indexPath, column: index) { return true }
        }
        return false
    }
}
