import CGtk
import GtkListManager

/// Draws a title header above the first row of each section, with GTK's list box header func.
///
/// GtkListBox has no sections: the rows are one flat list and the header func, called for each
/// row with the row before it, decides where a header goes.
@MainActor
enum SectionHeaders {
    /// The CSS class of header labels (styled by the window's CSS).
    static let styleClass = "section-header"

    /// Installs the header func on `list`. `sectionOfRow[i]` is the index in `sections` of
    /// the section of row `i`. The closure box is released by GTK's destroy notify when the
    /// func is replaced or the list is destroyed.
    static func install(
        on list: UnsafeMutablePointer<GtkListBox>,
        sections: [PackageSection],
        sectionOfRow: [Int]
    ) {
        let update: HeaderUpdate = { row, before in
            let section = sectionOfRow[Int(gtk_list_box_row_get_index(row))]
            if let before, sectionOfRow[Int(gtk_list_box_row_get_index(before))] == section {
                gtk_list_box_row_set_header(row, nil)
                return
            }
            setHeader(of: row, to: sections[section])
        }
        let userData = CallbackBox(update).retainedPointer()
        gtk_list_box_set_header_func(list, headerThunk, userData, CallbackBoxRelease.destroyNotify)
    }

    /// GTK calls the header func often: reuse the row's existing header label when there is one.
    private static func setHeader(of row: UnsafeMutablePointer<GtkListBoxRow>, to section: PackageSection) {
        let count = section.packages.count
        let text = "\(section.title)  ·  \(count) package\(count == 1 ? "" : "s")"
        if let header = gtk_list_box_row_get_header(row), cgtk_is_label(header) != 0 {
            gtk_label_set_text(gcast(header), text)
            return
        }
        let header = gtk_label_new(text)!
        gtk_label_set_xalign(gcast(header), 0)
        addStyleClass(styleClass, to: header)
        gtk_widget_show(header)
        gtk_list_box_row_set_header(row, header)
    }
}

private typealias HeaderUpdate = @MainActor (UnsafeMutablePointer<GtkListBoxRow>, UnsafeMutablePointer<GtkListBoxRow>?) -> Void

/// `GtkListBoxUpdateHeaderFunc`: unbox the Swift closure, then enter the MainActor.
private let headerThunk: GtkListBoxUpdateHeaderFunc = { row, before, userData in
    let update = CallbackBox<HeaderUpdate>.payload(of: userData)
    guard let row else { return }
    // GTK calls header funcs on the GTK thread; the pointers cross no thread.
    nonisolated(unsafe) let (current, previous) = (row, before)
    MainActor.assumeIsolated { update(current, previous) }
}
