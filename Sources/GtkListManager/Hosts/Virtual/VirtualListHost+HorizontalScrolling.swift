import CVirtualList

// Rows wider than the viewport: the list's horizontal adjustment spans them, and a scroll
// sideways moves the window the rows are in (GlmVirtualList's bin window), placing no row.
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
}
