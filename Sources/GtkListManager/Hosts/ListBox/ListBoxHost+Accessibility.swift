import CGtk

// Screen readers read GtkListBox's own accessibles (selection included); the rows' role, name
// and place among the items come from the manager (RowAccessibility).
extension ListBoxHost {
    func connectAccessibility() {
        RowAccessibility.describeRows(of: widget) { [weak self] rowWidget in
            guard let self, let position = position(of: gcast(rowWidget)) else { return nil }
            return delegate?.accessibleDescription(ofPosition: position)
        }
    }
}
