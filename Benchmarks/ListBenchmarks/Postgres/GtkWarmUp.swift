#if PostgreSQL
    import CGtk
    import GtkListManager

    /// What GTK does once for the first window of a process (its theme's CSS parsed, fonts found
    /// and loaded, the first surfaces made), done before the clock: the C peers show their empty
    /// tree view before theirs, so the list's first frame times the list, not GTK starting. A
    /// window like the list's, with a scrolled window, a button and a label, shown, painted and
    /// destroyed.
    @MainActor
    enum GtkWarmUp {
        static func showAWindow() {
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            gtk_window_set_default_size(gcast(window), PostgresTicketWindow.width, PostgresTicketWindow.height)
            let scrolled = gtk_scrolled_window_new(nil, nil)!
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_container_add(gcast(box), gtk_button_new_with_label("Title"))
            gtk_container_add(gcast(box), gtk_label_new("Printer fails #1 2026-01-01T00:00:03Z"))
            gtk_container_add(gcast(scrolled), box)
            gtk_container_add(gcast(window), scrolled)
            gtk_widget_show_all(window)
            GtkRuntime.iterate(until: { gtk_widget_get_mapped(window) != 0 })
            let frames = FramePainter(window: window)
            gtk_widget_queue_draw(window)
            frames.waitForNextFrame()
            gtk_widget_destroy(window)
            GtkRuntime.iteratePending()
        }
    }
#endif
