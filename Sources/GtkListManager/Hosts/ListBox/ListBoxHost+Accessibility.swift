import CAccessibility
import CGtk

// Screen readers read GtkListBox's own accessibles (selection included, a change asked through
// it counting as the user's); the rows' role, name and place among the items come from the
// manager (RowAccessibility).
extension ListBoxHost {
    func connectAccessibility() {
        // A row selected through accessibility is selected by the user.
        glm_accessible_count_selection_requests(gtk_list_box_get_type())
        RowAccessibility.describeRows(of: widget) { [weak self] rowWidget in
            guard let self, let position = position(of: gcast(rowWidget)) else { return nil }
            return delegate?.accessibleDescription(ofPosition: position)
        }
    }
}
