import CGtk

// Geometry and scrolling: positions found by point, frames, the viewport, and scrolling a
// position into view. Coordinates are those of the grid box's allocation.
extension FlowBoxGridHost {
    public func position(atY y: Double) -> Int? {
        position(atX: Double(gtk_widget_get_allocated_width(widget)) / 2, y: y)
    }

    public func position(atX x: Double, y: Double) -> Int? {
        for (index, section) in sections.enumerated() {
            guard let frame = frame(of: gcast(section.box)), y >= frame.y, y < frame.y + frame.height else { continue }
            for part in section.supplementaryParts {
                if let row = section.row(in: part), let rowFrame = self.frame(of: row.widget),
                    y >= rowFrame.y, y < rowFrame.y + rowFrame.height
                {
                    return start(of: index) + section.offset(of: part)
                }
            }
            guard let point = point(x: x, y: y, in: gcast(section.flowBox)),
                let cell = gtk_flow_box_get_child_at_pos(section.flowBox, Int32(point.x), Int32(point.y)),
                let row = FlowBoxCellType.shared.boundRow(of: cell)
            else { return nil }
            return position(of: row)
        }
        return nil
    }

    public func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard let hostWidget = boundRow(at: position)?.hostWidget, let frame = frame(of: hostWidget), frame.height > 0
        else { return nil }
        return (frame.y, frame.height)
    }

    public func cellSpan(at position: Int) -> (x: Double, width: Double)? {
        guard let row = boundRow(at: position), row.role == .item, let hostWidget = row.hostWidget,
            let frame = frame(of: hostWidget), frame.width > 0
        else { return nil }
        return (frame.x, frame.width)
    }

    /// The positions whose rows or cells show in the viewport; all of them when the grid is
    /// not scrolled; nil when it is not on screen.
    public var positionsOnScreen: Range<Int>? {
        guard rowCount > 0, let visible = viewportFrame else { return nil }
        var first: Int?, last = 0
        forEachBoundRow { position, row in
            guard let hostWidget = row.hostWidget, let frame = frame(of: hostWidget),
                frame.y + frame.height > visible.y, frame.y < visible.y + visible.height
            else { return }
            if first == nil { first = position }
            last = position
        }
        return first.map { $0..<last + 1 }
    }

    public var viewportFrame: (y: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return (0, Double(gtk_widget_get_allocated_height(widget))) }
        return (gtk_adjustment_get_value(adjustment) - ViewportScrolling.top(of: widget), gtk_adjustment_get_page_size(adjustment))
    }

    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        ViewportScrolling.verticalAdjustment(around: widget)
    }

    public func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard position >= 0, position < rowCount else { return }
        guard let frame = rowFrame(at: position), let adjustment = verticalAdjustment else {
            return anchoring.scrollAfterLayout(to: position, alignment: alignment)
        }
        ViewportScrolling.scroll(adjustment, toShow: (frame.y + ViewportScrolling.top(of: widget), frame.height), alignment: alignment)
    }

    /// A descendant's frame in the grid box's coordinates; nil when it is not laid out.
    func frame(of descendant: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double, width: Double, height: Double)? {
        var x: Int32 = 0, y: Int32 = 0
        guard gtk_widget_get_realized(descendant) != 0 || gtk_widget_get_visible(descendant) != 0,
            gtk_widget_translate_coordinates(descendant, widget, 0, 0, &x, &y) != 0
        else { return nil }
        return (
            Double(x), Double(y), Double(gtk_widget_get_allocated_width(descendant)), Double(gtk_widget_get_allocated_height(descendant))
        )
    }

    /// A point of the grid box in the coordinates a flow box hit-tests its children in (its
    /// window's when it has one, as GTK 3's flow box does, else its parent's).
    private func point(x: Double, y: Double, in flowBox: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
        var localX: Int32 = 0, localY: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, flowBox, Int32(x.rounded(.down)), Int32(y.rounded(.down)), &localX, &localY) != 0
        else { return nil }
        guard gtk_widget_get_has_window(flowBox) == 0 else { return (Double(localX), Double(localY)) }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(flowBox, &allocation)
        return (Double(localX + allocation.x), Double(localY + allocation.y))
    }
}
