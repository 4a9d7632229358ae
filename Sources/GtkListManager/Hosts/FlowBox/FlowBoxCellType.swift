import CGtk

/// The `GtkFlowBoxChild` subclass a ``FlowBoxGridHost`` puts its cells in
/// ("GtkListManagerCell"), holding the cell's ``BoundRow`` (see ``RecordWidgetType``).
enum FlowBoxCellType {
    static let shared = RecordWidgetType<GtkFlowBoxChild>(
        subclassing: gtk_flow_box_child_get_type(), name: "GtkListManagerCell", finalize: finalizeFlowBoxCell)
}

/// A plain function: a closure formed in main-actor code would check the actor on every call.
private func finalizeFlowBoxCell(_ object: UnsafeMutablePointer<GObject>?) {
    FlowBoxCellType.shared.finalize(object)
}
