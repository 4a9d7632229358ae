import CVirtualList

// A table's frozen columns: the list draws the strip they cover again at each sideways step
// (GlmVirtualList's pinned width), over the kept pixels the step shifted.
extension VirtualListHost: PinnedLeadingArea {
    public var pinnedLeadingWidth: Int {
        get { Int(glm_virtual_list_get_pinned_width(list)) }
        set { glm_virtual_list_set_pinned_width(list, Int32(clamping: max(newValue, 0))) }
    }
}
