import CGtk

// Row animations: each row's widget in a GtkRevealer that opens when the row comes and closes
// when it goes; a removed row stays on screen, unselectable, until its revealer has closed; a
// moved row opens where it goes while a gap closes where it was.
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
            isA(parent, gtk_revealer_get_type())
        else { return nil }
        return parent
    }

    /// Leaves the row on screen, unselectable, until its revealer has closed; then destroys it
    /// with its widget (a row that animated away is not reused).
    func startLeaving(_ listRow: UnsafeMutablePointer<GtkListBoxRow>, row: BoundRow, revealer: UnsafeMutablePointer<GtkWidget>) {
        close(listRow, revealer: revealer) { row.hostWidget = nil }
    }

    /// Before a move that animates: a gap as high as the row stays where the row was and closes
    /// with the row's transition, while the row's revealer shuts at once, to open where the row
    /// goes (``finishMoving(_:)``): the rows between slide by the row's height instead of jumping.
    /// Returns the revealer to open, nil when the move does not animate.
    func startMoving(_ listRow: UnsafeMutablePointer<GtkListBoxRow>, row: BoundRow) -> UnsafeMutablePointer<GtkWidget>? {
        guard let revealer = animatedRevealer(of: row) else { return nil }
        let spacer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(spacer, -1, gtk_widget_get_allocated_height(gcast(listRow)))
        gtk_widget_show(spacer)
        let gapRevealer = makeRevealer(around: spacer)
        reveal(gapRevealer, animated: false)
        let gap = gtk_list_box_row_new()!
        gtk_container_add(gcast(gap), gapRevealer)
        gtk_widget_show(gap)
        gtk_list_box_insert(listBox, gap, gtk_list_box_row_get_index(listRow))
        close(gcast(gap), revealer: gapRevealer) {}
        shut(revealer)
        return revealer
    }

    /// After a move that animates: the row opens in its new place.
    func finishMoving(_ revealer: UnsafeMutablePointer<GtkWidget>) {
        gtk_revealer_set_reveal_child(gcast(revealer), 1)
    }

    /// Closes a revealer at once, without its transition.
    private func shut(_ revealer: UnsafeMutablePointer<GtkWidget>) {
        let type = gtk_revealer_get_transition_type(gcast(revealer))
        gtk_revealer_set_transition_type(gcast(revealer), GTK_REVEALER_TRANSITION_TYPE_NONE)
        gtk_revealer_set_reveal_child(gcast(revealer), 0)
        gtk_revealer_set_transition_type(gcast(revealer), type)
    }

    /// Keeps `listRow` on screen, unselectable and skipped by positions, while its revealer
    /// closes; then destroys it, after `whenClosed`.
    private func close(
        _ listRow: UnsafeMutablePointer<GtkListBoxRow>, revealer: UnsafeMutablePointer<GtkWidget>,
        whenClosed: @escaping @MainActor () -> Void
    ) {
        gtk_list_box_row_set_selectable(listRow, 0)
        gtk_list_box_row_set_activatable(listRow, 0)
        leavingRows = leavingRows + [listRow]  // assigned, not appended: Hot paths: 2
        Signal.connect(revealer, "notify::child-revealed", argument: UnsafeMutableRawPointer.self) {
            [weak self] revealer, _ in
            guard gtk_revealer_get_child_revealed(gcast(revealer)) == 0, let self else { return }
            leavingRows = leavingRows.filter { $0 != listRow }  // assigned: Hot paths: 2
            whenClosed()
            gtk_widget_destroy(gcast(listRow))
        }
        gtk_revealer_set_reveal_child(gcast(revealer), 0)
    }
}
