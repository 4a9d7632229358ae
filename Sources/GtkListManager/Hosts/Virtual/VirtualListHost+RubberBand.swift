import CGtk
// Not used by name: imported so that GDK's enumerators resolve in this file whichever C module
// the compiler loaded them through first (a fresh build lost `GDK_BUTTON_PRESS` here twice).
import CVirtualList

// Rubber-band selection: in multiple selection mode a primary press that starts no drag (on
// empty space, or on a row the manager does not drag) and moves past GTK's drag threshold draws
// a band, as GtkTreeView's and GtkFlowBox's are drawn (the `rubberband` style class). Every
// item the band touches is selected while it moves, rows without a widget too; Shift adds them
// to the selection, Ctrl toggles them. Near the top or bottom edge the list scrolls and the
// band grows with it. A finger draws no band: it scrolls the list.
extension VirtualListHost {
    func connectRubberBand() {
        gtk_widget_add_events(widget, Int32(GDK_BUTTON1_MOTION_MASK.rawValue))
        Signal.connectEvent(widget, "button-press-event", argument: UnsafeMutablePointer<GdkEvent>.self, after: true) {
            [weak self] _, event in
            if let self, let event { rubberBandMayStart(event) }
            return false
        }
        Signal.connectEvent(widget, "motion-notify-event", argument: UnsafeMutablePointer<GdkEvent>.self, after: true) {
            [weak self] _, event in
            guard let self, let event, rubberBand != nil, let point = PointerLocation.point(of: event, in: widget) else { return false }
            rubberBandMoved(to: point)
            return rubberBand?.isActive ?? false
        }
        Signal.connectEvent(widget, "button-release-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, _ in
            self?.endRubberBand()
            return false
        }
        Signal.connectEvent(widget, "grab-broken-event", argument: UnsafeMutablePointer<GdkEvent>.self) { [weak self] _, _ in
            self?.endRubberBand()
            return false
        }
        Signal.connect(widget, "drag-begin", argument: OpaquePointer.self) { [weak self] _, _ in self?.endRubberBand() }
        Signal.connectEvent(widget, "draw", argument: OpaquePointer.self, after: true) { [weak self] _, cairo in
            if let self, let cairo { drawRubberBand(on: cairo) }
            return false
        }
    }

    private func rubberBandMayStart(_ event: UnsafeMutablePointer<GdkEvent>) {
        endRubberBand()
        var button: guint = 0
        var state = GdkModifierType(0)
        guard storedSelectionMode == .multiple, gdk_event_get_event_type(event) == GDK_BUTTON_PRESS,
            gdk_event_get_button(event, &button) != 0, button == GDK_BUTTON_PRIMARY, !TouchTaps.isTouch(event),
            gdk_event_get_state(event, &state) != 0, let point = PointerLocation.point(of: event, in: widget), point.y >= 0,
            point.y < Double(viewportSize.height)
        else { return }
        let modifiers = state.rawValue
        let mode: VirtualRubberBand.Mode =
            modifiers & GDK_CONTROL_MASK.rawValue != 0 ? .toggle : modifiers & GDK_SHIFT_MASK.rawValue != 0 ? .add : .replace
        // The selection before the press changes it (a Shift- or Ctrl-click), for the band to
        // add to or toggle.
        rubberBand = VirtualRubberBand(
            corner: (contentX(ofShown: Int(point.x.rounded(.down))), scrollTop + Int(point.y.rounded(.down))),
            pressPoint: point, mode: mode, base: mode == .replace ? [] : selectedPositions(), pointer: point)
    }

    private func rubberBandMoved(to point: (x: Double, y: Double)) {
        guard var band = rubberBand else { return }
        band.pointer = point
        if !band.isActive {
            guard
                gtk_drag_check_threshold(
                    widget, Int32(band.pressPoint.x), Int32(band.pressPoint.y), Int32(point.x), Int32(point.y)) != 0
            else {
                rubberBand = band
                return
            }
            band.isActive = true
            pendingSelectOnly = nil
            band.shown = selectedPositions()
        }
        rubberBand = band
        rubberBandAutoscroll.pointerMoved(toY: point.y)
        updateRubberBandSelection()
    }

    /// Shows and reports the selection for what the band covers now: its change alone.
    func updateRubberBandSelection() {
        guard var band = rubberBand, band.isActive, let delegate else { return }
        let target = band.selection(covering: itemsCovered(by: band))
        let added = target.subtracting(band.shown).sorted(), removed = band.shown.subtracting(target).sorted()
        band.shown = target
        rubberBand = band
        gtk_widget_queue_draw(widget)
        guard !added.isEmpty || !removed.isEmpty else { return }
        for position in added { setSelected(true, at: position) }
        for position in removed { setSelected(false, at: position) }
        delegate.hostSelectionDidChange(selected: added, deselected: removed, byUser: true)
    }

    func endRubberBand() {
        guard let band = rubberBand else { return }
        rubberBand = nil
        rubberBandAutoscroll.stop()
        if band.isActive { gtk_widget_queue_draw(widget) }
    }

    // MARK: - Geometry

    /// The band in content coordinates.
    private func contentRect(of band: VirtualRubberBand) -> ContentFrame {
        let x = contentX(ofShown: Int(band.pointer.x.rounded(.down))), y = scrollTop + Int(band.pointer.y.rounded(.down))
        return ContentFrame(
            x: min(band.corner.x, x), y: min(band.corner.y, y), width: abs(band.corner.x - x), height: abs(band.corner.y - y))
    }

    /// The items whose frames the band touches, bound or not, band by band of the layout.
    private func itemsCovered(by band: VirtualRubberBand) -> Set<Int> {
        let rect = contentRect(of: band)
        let top = max(rect.y, 0), bottom = min(rect.y + rect.height, index.totalHeight - 1)
        guard count > 0, top <= bottom, var position = index.position(atOffset: top), let last = index.position(atOffset: bottom)
        else { return [] }
        let end = index.bandEnd(of: last)
        var covered = Set<Int>()
        while position <= end {
            let bandEnd = index.bandEnd(of: position)
            for candidate in position...bandEnd where isItem(candidate) {
                let frame = index.frame(of: candidate, width: viewportSize.width)
                if !index.isGrid || (frame.x <= rect.x + rect.width && frame.x + frame.width >= rect.x) { covered.insert(candidate) }
            }
            position = bandEnd + 1
        }
        return covered
    }

    private func isItem(_ position: Int) -> Bool {
        delegate?.location(ofPosition: position)?.role == .item
    }

    private func selectedPositions() -> Set<Int> {
        guard let delegate else { return [] }
        return Set((0..<delegate.selectedItemCount).compactMap(delegate.positionOfSelectedItem(at:)))
    }

    // MARK: - Drawing

    private func drawRubberBand(on cairo: OpaquePointer) {
        guard let band = rubberBand, band.isActive, let context = gtk_widget_get_style_context(widget) else { return }
        let rect = contentRect(of: band)
        let x = Double(shownX(rect.x, width: rect.width)), y = Double(rect.y - scrollTop)
        gtk_style_context_save(context)
        gtk_style_context_add_class(context, "rubberband")
        gtk_render_background(context, cairo, x, y, Double(rect.width), Double(rect.height))
        gtk_render_frame(context, cairo, x, y, Double(rect.width), Double(rect.height))
        gtk_style_context_restore(context)
    }
}
