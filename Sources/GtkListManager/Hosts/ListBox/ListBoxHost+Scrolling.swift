import CGtk

// Geometry and scrolling: rows found by height, the viewport, and scrolling a row into view.
extension ListBoxHost {
    public func position(atY y: Double) -> Int? {
        guard let listRow = gtk_list_box_get_row_at_y(listBox, Int32(y.rounded(.down))) else { return nil }
        return position(of: listRow)
    }

    public func rowFrame(at position: Int) -> (y: Double, height: Double)? {
        guard position >= 0, position < rowCount else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(gcast(listBoxRow(at: position)), &allocation)
        // A row added since the last allocation still has GTK's initial one, (-1, -1, 1, 1):
        // not laid out.
        guard allocation.height > 0, allocation.y >= 0 else { return nil }
        return (Double(allocation.y), Double(allocation.height))
    }

    /// The rows inside the scrolled window's viewport; all rows when the list is shown without
    /// scrolling; nil when the list is not on screen.
    public var positionsOnScreen: Range<Int>? {
        guard rowCount > 0, gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return 0..<rowCount }
        let top = gtk_adjustment_get_value(adjustment)
        let bottom = top + gtk_adjustment_get_page_size(adjustment) - 1
        let first = position(atY: top) ?? 0
        let last = position(atY: bottom) ?? rowCount - 1
        return first..<min(last + 1, rowCount)
    }

    public var viewportFrame: (y: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        guard let adjustment = verticalAdjustment else { return (0, Double(gtk_widget_get_allocated_height(widget))) }
        let top = gtk_adjustment_get_value(adjustment) - listTopInScrolledContent
        return (top, gtk_adjustment_get_page_size(adjustment))
    }

    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_list_box_get_adjustment(listBox)
    }

    public func scrollTo(position: Int, alignment: ScrollAlignment) {
        guard position >= 0, position < rowCount else { return }
        guard let frame = rowFrameInScrolledContent(at: position), let adjustment = verticalAdjustment else {
            // Not laid out yet: after the next allocation.
            return anchoring.scrollAfterLayout(to: position, alignment: alignment)
        }
        ViewportScrolling.scroll(adjustment, toShow: frame, alignment: alignment)
    }

    /// The row's frame in the coordinates the adjustment scrolls (the scrolled content's).
    private func rowFrameInScrolledContent(at position: Int) -> (y: Double, height: Double)? {
        guard let frame = rowFrame(at: position) else { return nil }
        return (frame.y + listTopInScrolledContent, frame.height)
    }

    /// Where the list box starts in the scrolled content: not 0 when other widgets sit above it.
    private var listTopInScrolledContent: Double { ViewportScrolling.top(of: widget) }
}
