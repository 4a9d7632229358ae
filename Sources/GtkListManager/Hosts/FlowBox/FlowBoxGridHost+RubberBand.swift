import CGtk

/// A rubber band a section's flow box may draw in multiple mode: the cell the button was
/// pressed on.
struct FlowBoxRubberBand {
    let flowBox: UnsafeMutablePointer<GtkFlowBox>
    let anchor: Int
    /// Ctrl or Shift was held: the band adds to the selection instead of replacing it.
    let adds: Bool
}

// Rubber-band selection across sections. A flow box selects the cells between the one its band
// started on and the last one the pointer crossed in its own box, when the button is released;
// the pointer stays grabbed by that flow box (its drag gesture takes the motion events) while
// it moves over the other sections. When the button is released over a cell of another section,
// the host selects every cell between the two in the grid's order, as one flow box would.
extension FlowBoxGridHost {
    func connectRubberBand(of section: GridSection) {
        Signal.connectEvent(section.flowBox, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self) {
            [weak self, weak section] _, event in
            if let self, let section, let event { rubberBandMayStart(in: section, event) }
            return false
        }
        Signal.connectEvent(section.flowBox, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) {
            [weak self] _, event in
            if let self, let event { rubberBandEnded(event) }
            return false
        }
    }

    /// A cell dragged elsewhere (reordering, drag and drop) draws no band: the release that
    /// drops it selects nothing. Nor is it pressed any more (the drag takes the release).
    func connectRubberBandCancellation() {
        Signal.connect(box, "drag-begin", argument: OpaquePointer.self) { [weak self] _, _ in
            self?.rubberBand = nil
            self?.releasePressedCell()
        }
    }

    private func rubberBandMayStart(in section: GridSection, _ event: UnsafeMutablePointer<GdkEvent>) {
        rubberBand = nil
        var button: guint = 0
        var state = GdkModifierType(0)
        guard selectionMode == .multiple, gdk_event_get_event_type(event) == GDK_BUTTON_PRESS,
            gdk_event_get_button(event, &button) != 0, button == GDK_BUTTON_PRIMARY,
            let point = PointerLocation.point(of: event, in: gcast(section.flowBox)),
            let cell = gtk_flow_box_get_child_at_pos(section.flowBox, Int32(point.x), Int32(point.y)),
            let row = FlowBoxCellType.shared.boundRow(of: cell), let anchor = position(of: row)
        else { return }
        gdk_event_get_state(event, &state)
        let adds = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
        rubberBand = FlowBoxRubberBand(flowBox: section.flowBox, anchor: anchor, adds: adds)
    }

    private func rubberBandEnded(_ event: UnsafeMutablePointer<GdkEvent>) {
        guard let band = rubberBand else { return }
        rubberBand = nil
        guard let point = PointerLocation.point(of: event, in: widget), let reach = position(atX: point.x, y: point.y),
            let row = boundRow(at: reach), row.role == .item, sectionAndSlot(at: reach).0.flowBox != band.flowBox
        else { return }
        // After the flow box has applied its own part of the band, on this same release.
        GtkRuntime.perform { [weak self] in
            guard let self, let delegate, !isDestroyed, reach < rowCount, band.anchor < rowCount else { return }
            let positions = min(band.anchor, reach)...max(band.anchor, reach)
            if band.adds {
                // Shown first, then reported as the user's: the manager may still refuse some.
                let cells = positions.filter { boundRow(at: $0)?.role == .item }
                for position in cells { setSelected(true, at: position) }
                delegate.hostSelectionDidChange(selected: cells, deselected: [], byUser: true)
            } else {
                delegate.userSelectedOnly(positions)
            }
        }
    }
}
