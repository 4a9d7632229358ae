import CGtk

/// Puts a table's copy on the GTK clipboard (`CLIPBOARD`, what Ctrl+V pastes) as the targets
/// spreadsheets, editors and terminals ask for: the text targets (`UTF8_STRING`,
/// `text/plain;charset=utf-8`, `TEXT`, `STRING`, …) in the copy's plain-text format
/// (tab-separated unless the app asked otherwise), `text/tab-separated-values` and `text/csv`.
/// The text of a target is made when a paste first asks for it.
@MainActor
enum TableClipboard {
    /// The `info` of each kind of target.
    private nonisolated static let plainText: guint = 0
    private nonisolated static let tabSeparated: guint = 1
    private nonisolated static let commaSeparated: guint = 2

    /// Makes `copy` what the clipboard of `widget`'s display holds; false when GTK refused.
    static func offer(_ copy: TableCopy, for widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        // Atoms by `gdk_atom_intern`, which copies the name: a Swift string's C form lasts for the
        // call alone, and `gdk_atom_intern_static_string` would keep it.
        guard let clipboard = gtk_clipboard_get_for_display(gtk_widget_get_display(widget), gdk_atom_intern("CLIPBOARD", 0))
        else { return false }
        let targets = gtk_target_list_new(nil, 0)
        defer { gtk_target_list_unref(targets) }
        gtk_target_list_add_text_targets(targets, plainText)
        gtk_target_list_add(targets, gdk_atom_intern("text/tab-separated-values", 0), 0, tabSeparated)
        gtk_target_list_add(targets, gdk_atom_intern("text/csv", 0), 0, commaSeparated)
        var count: Int32 = 0
        let table = gtk_target_table_new_from_list(targets, &count)
        defer { gtk_target_table_free(table, count) }
        let userData = CallbackBox(copy).retainedPointer()
        // The clipboard calls `clear` when another copy replaces this one (this process's or
        // another's): the box is released there.
        guard gtk_clipboard_set_with_data(clipboard, table, guint(count), provide, clear, userData) != 0 else {
            CallbackBoxRelease.release(userData)
            return false
        }
        // A clipboard manager may keep the copy once the app has quit.
        gtk_clipboard_set_can_store(clipboard, nil, 0)
        return true
    }

    /// A paste asks for a target: the copy's text in the target's format.
    private nonisolated static let provide: GtkClipboardGetFunc = { _, selectionData, info, userData in
        let copy = CallbackBox<TableCopy>.payload(of: userData)
        guard let selectionData else { return }
        let bytes = MainActor.assumeIsolated {
            switch info {
            case tabSeparated: copy.bytes(in: .tsv)
            case commaSeparated: copy.bytes(in: .csv)
            default: copy.bytes(in: copy.plainTextFormat)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else {
                // No row: an empty text.
                if info == plainText {
                    gtk_selection_data_set_text(selectionData, "", 0)
                } else {
                    gtk_selection_data_set(selectionData, gtk_selection_data_get_target(selectionData), 8, nil, 0)
                }
                return
            }
            if info == plainText {
                // GTK converts to the text target asked for (Latin-1 for STRING, …); the text
                // ends at a NUL inside, as a C string would.
                _ = start.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
                    gtk_selection_data_set_text(selectionData, text, Int32(strnlen(text, buffer.count)))
                }
            } else {
                gtk_selection_data_set(selectionData, gtk_selection_data_get_target(selectionData), 8, start, Int32(buffer.count))
            }
        }
    }

    private nonisolated static let clear: GtkClipboardClearFunc = { _, userData in
        CallbackBoxRelease.release(userData)
    }
}
