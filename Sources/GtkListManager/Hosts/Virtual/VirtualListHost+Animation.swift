import CGtk
import CVirtualList

// Animated changes (issue 36): rows slide from where they showed to where the change puts them,
// rows inserted fade in, rows removed leave a picture that fades under the others. Only the rows
// bound (the viewport and its margins) take part, so a frame costs the same at a million rows as
// at a hundred. See VirtualListMotion for how a change becomes motion.
extension VirtualListHost: RowAnimating {
    /// How rows come and go; nil (the default) applies changes at once.
    public var rowAnimation: RowAnimation? {
        get { motion.animation }
        set {
            motion.animation = newValue
            insertedRowFades.animation = newValue
            if newValue == nil { finishMotion() }
        }
    }

    public func withoutAnimation(_ body: () -> Void) {
        let wasSuspended = motion.suspended
        motion.suspended = true
        defer { motion.suspended = wasSuspended }
        body()
    }

    /// Whether a change made now animates: asked for, not suspended, on screen, and let by the
    /// desktop (`gtk-enable-animations`).
    private var animatesChanges: Bool {
        motion.animation != nil && !motion.suspended && gtk_widget_get_mapped(widget) != 0
            && DesktopSettings.animationsEnabled(for: widget)
    }

    // MARK: - Before a change

    /// Before a splice: the first one since the last layout notes where each bound row shows,
    /// when the change animates. One that does not finishes what still moves: it applies at once.
    func noteShownPlacesForMotion() {
        guard !isLayingOut, !motion.isNoting else { return }
        guard animatesChanges else {
            if motion.isRunning || insertedRowFades.isFading { finishMotion() }
            return
        }
        var shown: [VirtualListMotion.RowWidget: VirtualListMotion.Point] = [:]
        for (position, placed) in placedRows where isShownInPlace(position) {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(placed.rowWidget, &allocation)
            shown[placed.rowWidget] = VirtualListMotion.Point(x: Int(allocation.x), y: Int(allocation.y))
        }
        motion.shownBefore = shown
    }

    /// Whether the row at `position` showed before the animated change being laid out, or still
    /// slides: it stays bound even when the change takes it out of the viewport and its margins,
    /// so that it slides out of sight instead of vanishing (a layout after its slide lets it go).
    func isKeptForItsSlide(_ position: Int) -> Bool {
        guard let placed = placedRows[position] else { return false }
        return motion.slides[placed.rowWidget] != nil || motion.shownBefore?[placed.rowWidget] != nil
    }

    /// Whether the row at `position` is placed where the layout puts it: bound for the viewport
    /// or its margins, not pinned, not kept off screen.
    private func isShownInPlace(_ position: Int) -> Bool {
        neededPositions?.contains(position) == true && pinnedHeader?.position != position
    }

    /// A bound row the change removes: when it shows, its picture stays where it was and fades.
    func leaveGhost(of placed: PlacedRow, at position: Int) {
        guard motion.isNoting, isShownInPlace(position) else { return }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(placed.rowWidget, &allocation)
        guard allocation.y + allocation.height > 0, Int(allocation.y) < viewportSize.height else { return }
        let id = glm_virtual_list_add_ghost(list, placed.rowWidget)
        guard id != 0 else { return }
        let place = VirtualListMotion.Point(x: Int(allocation.x), y: Int(allocation.y))
        motion.ghosts.append(VirtualListMotion.Ghost(id: id, place: place, start: FrameTicker.frameTime(of: widget)))
    }

    // MARK: - Placing

    /// Where a bound row shows now, off its `frame` by its slide; after an animated change,
    /// starts the slide from where its widget showed before (or from where the nearest row
    /// above it started, `startedAbove`, for a row that only came into view), or fades it in
    /// when it was inserted.
    func shownPlace(
        of rowWidget: VirtualListMotion.RowWidget, at position: Int, frame: ContentFrame,
        time: Int64, startedAbove: inout VirtualListMotion.Point?
    ) -> VirtualListMotion.Point {
        if let before = motion.shownBefore {
            if let shown = before[rowWidget] {
                let from = VirtualListMotion.Point(x: shown.x - frame.x, y: shown.y - frame.y)
                motion.slides[rowWidget] = from == .zero ? nil : VirtualListMotion.Slide(from: from, start: time, frame: frame)
                startedAbove = from
            } else if motion.inserted.contains(position) {
                motion.slides[rowWidget] = nil
                insertedRowFades.fadeIn(rowWidget, on: widget)
            } else if let from = startedAbove, from != .zero {
                motion.slides[rowWidget] = VirtualListMotion.Slide(from: from, start: time, frame: frame)
            }
        }
        guard var slide = motion.slides[rowWidget] else { return VirtualListMotion.Point(x: frame.x, y: frame.y) }
        slide.frame = frame
        motion.slides[rowWidget] = slide
        let offset = motion.offset(of: slide, at: time)
        return VirtualListMotion.Point(x: frame.x + offset.x, y: frame.y + offset.y)
    }

    /// After placing: the change's notes are spent; frames move what started.
    func endPlacingMotion() {
        guard motion.isNoting || motion.isRunning else { return }
        motion.shownBefore = nil
        motion.inserted.removeAll()
        if motion.isRunning, !motionTicker.isTicking {
            motionTicker.start { [weak self] time in self?.stepMotion(at: time) ?? false }
        }
    }

    /// A row widget going back to the pool leaves its motion: the next row in it starts afresh.
    func forgetMotion(of rowWidget: VirtualListMotion.RowWidget) {
        motion.forget(rowWidget)
        insertedRowFades.forget(rowWidget)
    }

    // MARK: - Frames

    /// One frame of the slides and pictures; false when none is left.
    private func stepMotion(at time: Int64) -> Bool {
        for (rowWidget, slide) in motion.slides {
            let offset = motion.offset(of: slide, at: time)
            place(rowWidget, at: slide.frame, off: offset)
            if offset == .zero { motion.slides[rowWidget] = nil }
        }
        motion.ghosts = motion.ghosts.filter { ghost in
            let progress = motion.progress(since: ghost.start, at: time)
            guard progress < 1 else {
                glm_virtual_list_remove_ghost(list, ghost.id)
                return false
            }
            return glm_virtual_list_update_ghost(list, ghost.id, Int32(ghost.place.x), Int32(ghost.place.y), 1 - progress) != 0
        }
        return motion.isRunning
    }

    private func place(
        _ rowWidget: VirtualListMotion.RowWidget, at frame: ContentFrame, off offset: VirtualListMotion.Point
    ) {
        glm_virtual_list_place_child(
            list, rowWidget, Int32(clamping: frame.x + offset.x), Int32(clamping: frame.y + offset.y),
            Int32(clamping: frame.width), Int32(clamping: frame.height))
    }

    /// Puts every moving row in its place at once: a change without animation, or animation
    /// turned off.
    func finishMotion() {
        motionTicker.stop()
        insertedRowFades.finish()
        for (rowWidget, slide) in motion.slides { place(rowWidget, at: slide.frame, off: .zero) }
        for ghost in motion.ghosts { glm_virtual_list_remove_ghost(list, ghost.id) }
        motion.slides = [:]
        motion.ghosts = []
    }
}
