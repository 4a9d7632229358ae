import CGtk

// Right to left: the index lays a grid's lines out from the left, in reading order; the host
// mirrors what it draws and what it is asked about around the viewport's middle, so that a
// line reads from the right edge (its section's leading inset on the right), as GtkFlowBox's
// do. Left and Right keep meaning the cell on that side: the next position right to left.
// Headers, footers and a list's rows span the width, and GTK mirrors their content.
extension VirtualListHost {
    /// Reads the widget's direction again when it changes (the default direction set, or the
    /// widget's own), and lays out anew.
    func connectDirection() {
        readDirection()
        // The signal's argument, the previous direction, is an enum: read as a pointer, ignored.
        Signal.connect(widget, "direction-changed", argument: UnsafeMutableRawPointer.self) { [weak self] widget, _ in
            self?.readDirection()
            gtk_widget_queue_allocate(widget)
        }
    }

    /// The widget's direction, read once per layout pass (not per cell).
    func readDirection() {
        isRightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
    }

    /// The left edge on screen of content spanning `x..<x + width` (the index's coordinates).
    func shownX(_ x: Int, width: Int) -> Int {
        isRightToLeft ? viewportSize.width - x - width : x
    }

    /// The index's x of the pixel column `x` of the viewport.
    func contentX(ofShown x: Int) -> Int {
        isRightToLeft ? viewportSize.width - 1 - x : x
    }

    /// The way in reading order an arrow pointing `way` on screen goes.
    func readingWay(_ way: NavigationDirection) -> NavigationDirection {
        guard isRightToLeft else { return way }
        switch way {
        case .left: return .right
        case .right: return .left
        case .up, .down: return way
        }
    }
}
