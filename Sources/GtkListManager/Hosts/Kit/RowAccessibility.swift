import CAccessibility
import CGtk

/// What a host tells screen readers about its rows: each row widget's role, name, place among
/// the list's items and selectability, answered by the manager
/// (``ListHostDelegate/accessibleDescription(ofPosition:)``) when a reader asks, never ahead.
///
/// A host gives its row widget type an accessible type made here, and describes the rows of its
/// widget:
///
/// ```swift
/// let rowType = BoundRowWidgetType<GtkListBoxRow>(
///     subclassing: gtk_list_box_row_get_type(), name: "MyRow",
///     accessibleType: RowAccessibility.accessibleType(forRowsSubclassing: gtk_list_box_row_get_type()))
/// RowAccessibility.describeRows(of: listBox) { [weak self] rowWidget in
///     self?.position(of: rowWidget).flatMap { self?.delegate?.accessibleDescription(ofPosition: $0) }
/// }
/// ```
///
/// Headers then read as headings outside the set, items as "5 of 1,000" counting items only,
/// and a row's name is what its ``AccessibleRow`` class says, else the texts of its labels.
@MainActor
public enum RowAccessibility {
    /// The accessible type for row widgets that subclass `widgetType` (`GtkListBoxRow`,
    /// `GtkEventBox`, …, a type made with no property): GTK's accessible for that widget,
    /// extended to ask the describer of the nearest widget above the row. Made once per type.
    public nonisolated static func accessibleType(forRowsSubclassing widgetType: GType) -> GType {
        glm_accessible_row_type_for_widget(widgetType)
    }

    /// Describes the rows inside `container` with `describe`, given a row widget; nil when it is
    /// no row of the list. The describer lives as long as the container.
    public static func describeRows(
        of container: UnsafeMutablePointer<GtkWidget>,
        with describe: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> AccessibleRowDescription?
    ) {
        let userData = CallbackBox(describe).retainedPointer()
        glm_accessible_set_row_describer(
            container,
            { rowWidget, row, userData in
                let describe = CallbackBox<@MainActor (UnsafeMutablePointer<GtkWidget>) -> AccessibleRowDescription?>
                    .payload(of: userData)
                guard let rowWidget, let row,
                    let description = MainActor.assumeIsolated({ describe(rowWidget) })
                else { return 0 }
                RowAccessibility.fill(row, with: description)
                return 1
            }, userData, CallbackBoxRelease.destroyNotify)
    }

    /// Makes a reader focusing a row inside `container` (AT-SPI's `grab_focus`) focus it through
    /// `focus`, given the row widget, as a key would: for a widget whose keyboard cursor is not
    /// simply its focused child (GtkFlowBox keeps its own, so the next arrow key would go on
    /// from elsewhere). `focus` returns false when it cannot. Lives as long as the container.
    public static func focusRows(
        of container: UnsafeMutablePointer<GtkWidget>, with focus: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Bool
    ) {
        let userData = CallbackBox(focus).retainedPointer()
        glm_accessible_set_row_focuser(
            container,
            { rowWidget, userData in
                let focus = CallbackBox<@MainActor (UnsafeMutablePointer<GtkWidget>) -> Bool>.payload(of: userData)
                guard let rowWidget else { return 0 }
                return MainActor.assumeIsolated { focus(rowWidget) } ? 1 : 0
            }, userData, CallbackBoxRelease.destroyNotify)
    }

    /// Appends `rows` to `array`, a `GArray` of `gint`: how the C side asks for rows or lines.
    nonisolated static func append(_ rows: [Int], to array: UnsafeMutablePointer<GArray>?) {
        for row in rows {
            var value = Int32(clamping: row)
            g_array_append_vals(array, &value, 1)
        }
    }

    /// Writes `description` in its C form, the name newly allocated.
    nonisolated static func fill(_ row: UnsafeMutablePointer<GlmAccessibleRow>, with description: AccessibleRowDescription) {
        glm_accessible_row_init(row)
        row.pointee.kind =
            switch description.kind {
            case .item: GLM_ACCESSIBLE_ROW_ITEM
            case .header: GLM_ACCESSIBLE_ROW_HEADER
            case .footer: GLM_ACCESSIBLE_ROW_FOOTER
            }
        row.pointee.item_index = Int32(clamping: description.itemIndex ?? -1)
        row.pointee.item_count = Int32(clamping: description.itemCount)
        row.pointee.grid_row = Int32(clamping: description.cellPosition?.row ?? -1)
        row.pointee.grid_column = Int32(clamping: description.cellPosition?.column ?? -1)
        row.pointee.selectable = description.isSelectable ? 1 : 0
        row.pointee.selected = description.isSelected ? 1 : 0
        row.pointee.name = description.name.map { g_strdup($0) } ?? nil
        if let tree = description.outlinePlace {
            row.pointee.level = Int32(clamping: tree.level)
            row.pointee.sibling_index = Int32(clamping: tree.position - 1)
            row.pointee.sibling_count = Int32(clamping: tree.siblingCount)
            row.pointee.expandable = tree.hasChildren ? 1 : 0
            row.pointee.expanded = tree.isExpanded ? 1 : 0
        }
    }
}
