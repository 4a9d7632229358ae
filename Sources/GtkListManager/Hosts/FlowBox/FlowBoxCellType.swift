import CGtk

/// The `GtkFlowBoxChild` subclass a ``FlowBoxGridHost`` puts its cells in
/// ("GtkListManagerCell"), holding the cell's ``BoundRow`` (see ``BoundRowWidgetType``).
enum FlowBoxCellType {
    static let shared = BoundRowWidgetType<GtkFlowBoxChild>(
        subclassing: gtk_flow_box_child_get_type(), name: "GtkListManagerCell",
        accessibleType: RowAccessibility.accessibleType(forRowsSubclassing: gtk_flow_box_child_get_type()))
}
