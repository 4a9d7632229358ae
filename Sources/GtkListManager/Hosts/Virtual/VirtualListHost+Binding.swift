import CGtk
import CVirtualList

// Binding: rows from the delegate into row widgets, and row widgets parked for reuse when their
// rows go back to the manager.
extension VirtualListHost {
    /// Binds `position`: a row from the delegate in a spare or new row widget, measured.
    ///
    /// A released row keeps its widget inside its parked row widget; when the manager hands
    /// that row out again (its reuse pool), the pair comes back as it was (CONTRIBUTING, Hot
    /// paths: 9).
    func bind(_ position: Int, with delegate: any ListHostDelegate) {
        let row = delegate.bindRow(at: position)
        let rowWidget: UnsafeMutablePointer<GtkWidget>
        if let parent = gtk_widget_get_parent(row.widget), let index = spareRowWidgets.firstIndex(of: parent) {
            rowWidget = spareRowWidgets.remove(at: index)
            showSpare(rowWidget)
        } else {
            rowWidget = takeSpareRowWidget() ?? makeRowWidget()
            if let parent = gtk_widget_get_parent(row.widget) { gtk_container_remove(gcast(parent), row.widget) }
            gtk_container_add(gcast(rowWidget), row.widget)
        }
        row.hostWidget = rowWidget
        placedRows[position] = PlacedRow(row: row, rowWidget: rowWidget)
        mostRowsBound = max(mostRowsBound, placedRows.count)
        measure(position)
        delegate.didBind(row, at: position)
        if storedReportsScreenPresence, gtk_widget_get_mapped(widget) != 0 { delegate.rowDidAppearOnScreen(row) }
    }

    /// Unbinds `position`'s row: told first, then its widget leaves its row widget.
    func unbind(_ position: Int) {
        guard let placed = placedRows.removeValue(forKey: position) else { return }
        delegate?.willUnbind(placed.row, at: position)
        release(placed)
    }

    /// Resets and hides the row's row widget for reuse, the row's widget still inside (see
    /// ``bind(_:with:)``), and hands the row back.
    func release(_ placed: PlacedRow) {
        if dropHighlight == placed.rowWidget {
            gtk_drag_unhighlight(placed.rowWidget)
            dropHighlight = nil
        }
        gtk_widget_unset_state_flags(
            placed.rowWidget,
            GtkStateFlags(GTK_STATE_FLAG_SELECTED.rawValue | GTK_STATE_FLAG_PRELIGHT.rawValue | GTK_STATE_FLAG_ACTIVE.rawValue))
        gtk_widget_set_size_request(placed.rowWidget, -1, -1)
        gtk_widget_set_can_focus(placed.rowWidget, 1)
        forgetMotion(of: placed.rowWidget)
        if isLayingOut {
            rowWidgetsToHide.insert(placed.rowWidget)
        } else {
            glm_virtual_list_park_child(list, placed.rowWidget)
        }
        spareRowWidgets.append(placed.rowWidget)
        notActivatable.remove(ObjectIdentifier(placed.row))
        keptOffScreen.remove(ObjectIdentifier(placed.row))
        placed.row.hostWidget = nil
        delegate?.didRelease(placed.row)
    }

    /// A parked row widget for another row: an empty one, else the one parked longest, emptied
    /// (its row, still in the manager's pool, gets a row widget again when bound).
    private func takeSpareRowWidget() -> UnsafeMutablePointer<GtkWidget>? {
        guard !spareRowWidgets.isEmpty else { return nil }
        let index = spareRowWidgets.firstIndex { gtk_bin_get_child(gcast($0)) == nil } ?? 0
        let rowWidget = spareRowWidgets.remove(at: index)
        if let content = gtk_bin_get_child(gcast(rowWidget)) { gtk_container_remove(gcast(rowWidget), content) }
        showSpare(rowWidget)
        return rowWidget
    }

    /// Shows a spare row widget again for a binding: it is still shown when this layout pass
    /// released it.
    private func showSpare(_ rowWidget: UnsafeMutablePointer<GtkWidget>) {
        if rowWidgetsToHide.remove(rowWidget) == nil { glm_virtual_list_unpark_child(list, rowWidget) }
    }

    /// Hides the row widgets this layout pass released and no binding took back.
    func hideReleasedRowWidgets() {
        for rowWidget in rowWidgetsToHide { glm_virtual_list_park_child(list, rowWidget) }
        rowWidgetsToHide.removeAll(keepingCapacity: true)
    }

    private func makeRowWidget() -> UnsafeMutablePointer<GtkWidget> {
        let rowWidget = glm_list_row_new()!
        gtk_widget_show(rowWidget)
        glm_virtual_list_add_child(list, rowWidget)
        connectInteraction(of: rowWidget)
        return rowWidget
    }

    /// Records the height `position`'s row needs at the viewport's width, or a grid cell's
    /// natural size when its section's cells have no size yet.
    func measure(_ position: Int) {
        guard let placed = placedRows[position] else { return }
        switch index.measurement(of: position, width: viewportSize.width) {
        case .none:
            return
        case let .height(width):
            let height = glm_virtual_list_measure_child(list, placed.rowWidget, Int32(clamping: width))
            index.setMeasured(GridSize(width: width, height: Int(height)), of: position)
        case .naturalSize:
            var width: Int32 = 0, height: Int32 = 0
            glm_virtual_list_measure_child_natural(list, placed.rowWidget, &width, &height)
            index.setMeasured(GridSize(width: Int(width), height: Int(height)), of: position)
        }
    }
}
