import CGtk

// Animated changes on the flow-box grid: GtkFlowBox places its cells itself, so they cannot
// slide as the virtualized grid's do; a cell that comes (inserted, or moved to its new place)
// fades in there instead, on the frame clock. Cells that leave go at once.
extension FlowBoxGridHost: RowAnimating {
    public var rowAnimation: RowAnimation? {
        get { fades.animation }
        set {
            fades.animation = newValue
            if newValue == nil { fades.finish() }
        }
    }

    public func withoutAnimation(_ body: () -> Void) {
        let wasSuspended = fades.suspended
        fades.suspended = true
        defer { fades.suspended = wasSuspended }
        body()
    }

    /// A cell just placed: it fades in when the change animates.
    func fadeIn(_ cell: UnsafeMutablePointer<GtkWidget>) {
        guard fades.animation != nil, !fades.suspended, gtk_widget_get_mapped(widget) != 0,
            DesktopSettings.animationsEnabled(for: widget)
        else { return }
        fades.fadeIn(cell, on: widget)
    }
}
