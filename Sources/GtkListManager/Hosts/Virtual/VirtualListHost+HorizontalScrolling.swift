import CVirtualList

// Rows wider than the viewport: the list's horizontal adjustment spans them, and every layout
// places the rows at its offset (a scroll sideways re-places the rows on screen, nothing more).
extension VirtualListHost: HorizontalScrolling {
    public var contentWidth: Int {
        get { storedContentWidth }
        set {
            guard newValue != storedContentWidth else { return }
            storedContentWidth = max(newValue, 0)
            glm_virtual_list_set_content_width(list, Int32(clamping: storedContentWidth))
        }
    }

    /// The width rows are laid out at: the viewport's, or the content's when wider.
    func rowWidth(inViewportOf width: Int) -> Int {
        storedContentWidth > 0 ? max(width, storedContentWidth) : width
    }

    /// How far the rows are scrolled sideways.
    var horizontalOffset: Int {
        storedContentWidth > 0 ? Int(glm_virtual_list_get_horizontal_offset(list)) : 0
    }
}
