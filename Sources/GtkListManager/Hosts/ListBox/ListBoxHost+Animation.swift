import CGtk

// Row animations: each row's widget in a GtkRevealer that opens when the row comes and closes
// when it goes; a removed row stays on screen, unselectable, until its revealer has closed.
extension ListBoxHost {
    public func withoutAnimation(_ body: () -> Void) {
        let wasSuspended = animationSuspended
        animationSuspended = true
        defer { animationSuspended = wasSuspended }
        body()
    }

    /// Animations only run on screen (off screen a transition would end at once anyway) and
    /// not during reloads.
    var animatesNow: Bool {
        rowAnimation != nil && !animationSuspended && gtk_widget_get_mapped(widget) != 0
    }

    /// Opens a row's revealer, with its transition or at once.
    func reveal(_ revealer: UnsafeMutablePointer<GtkWidget>, animated: Bool) {
        guard !animated else { return gtk_revealer_set_reveal_child(gcast(revealer), 1) }
        // GTK skips the transition for the type "none"; the real type serves the removal.
        let type = gtk_revealer_get_transition_type(gcast(revealer))
        gtk_revealer_set_transition_type(gcast(revealer), GTK_REVEALER_TRANSITION_TYPE_NONE)
        gtk_revealer_set_reveal_child(gcast(revealer), 1)
        gtk_revealer_set_transition_type(gcast(revealer), type)
    }

    func makeRevealer(around widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(gcast(revealer), rowAnimation!.transition.revealerType)
        gtk_revealer_set_transition_duration(gcast(revealer), guint(max(rowAnimation!.milliseconds, 0)))
        gtk_container_add(gcast(revealer), widget)
        gtk_widget_show(revealer)
        return revealer
    }

    /// The revealer around the row's widget, when its removal should animate now.
    func animatedRevealer(of row: BoundRow) -> UnsafeMutablePointer<GtkWidget>? {
        guard animatesNow, let parent = gtk_widget_get_parent(row.widget),
            g_type_check_instance_is_a(gcast(parent), gtk_revealer_get_type()) != 0
        else { return nil }
        return parent
    }

    /// Leaves the row on screen, unselectable, until its revealer has closed; then destroys it
    /// with its widget (a row that animated away is not reused).
    func startLeaving(_ listRow: UnsafeMutablePointer<GtkListBoxRow>, row: BoundRow, revealer: UnsafeMutablePointer<GtkWidget>) {
        gtk_list_box_row_set_selectable(listRow, 0)
        gtk_list_box_row_set_activatable(listRow, 0)
        leavingRows = leavingRows + [listRow]  // assigned, not appended: Hot paths: 2
        Signal.connect(revealer, "notify::child-revealed", argument: UnsafeMutableRawPointer.self) {
            [weak self] revealer, _ in
            guard gtk_revealer_get_child_revealed(gcast(revealer)) == 0, let self else { return }
            leavingRows = leavingRows.filter { $0 != listRow }  // assigned: Hot paths: 2
            row.hostWidget = nil
            gtk_widget_destroy(gcast(listRow))
        }
        gtk_revealer_set_reveal_child(gcast(revealer), 0)
    }
}
