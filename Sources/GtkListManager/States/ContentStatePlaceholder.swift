import CGtk

/// Puts the widget of a list's ``ListContentState`` where its host shows a placeholder: the
/// app's empty placeholder while ready, a spinner once loading has lasted the delay, the
/// failure's message and retry button. It holds a reference to each widget it may show again,
/// since a host lets go of the placeholder it replaces.
@MainActor
final class ContentStatePlaceholder {
    private let host: any ListHost
    private(set) var state: ListContentState = .ready
    /// The app's empty placeholder.
    private var emptyPlaceholder: UnsafeMutablePointer<GtkWidget>?
    /// The spinner or the failure shown now.
    private var stateWidget: UnsafeMutablePointer<GtkWidget>?
    /// The timeout that shows the spinner, while loading waits for it.
    private var loadingTimeout: guint = 0
    /// What the widget shown now reads, for tests and screen readers.
    private(set) var shownText: String?

    init(host: any ListHost) {
        self.host = host
    }

    isolated deinit {
        if loadingTimeout != 0 { g_source_remove(loadingTimeout) }
        for widget in [emptyPlaceholder, stateWidget].compactMap({ $0 }) { g_object_unref(gcast(widget)) }
    }

    func setEmptyPlaceholder(_ widget: UnsafeMutablePointer<GtkWidget>?) {
        if let widget { g_object_ref_sink(gcast(widget)) }
        if let old = emptyPlaceholder { g_object_unref(gcast(old)) }
        emptyPlaceholder = widget
        if case .ready = state { host.setPlaceholder(widget) }
    }

    func setState(_ newState: ListContentState, loadingDelay: UInt32) {
        state = newState
        if loadingTimeout != 0 { g_source_remove(loadingTimeout) }
        loadingTimeout = 0
        switch newState {
        case .ready:
            show(nil, text: nil)
            host.setPlaceholder(emptyPlaceholder)
        case .loading:
            show(nil, text: nil)
            host.setPlaceholder(nil)
            loadingTimeout = GtkRuntime.after(milliseconds: loadingDelay) { [weak self] in
                guard let self else { return }
                loadingTimeout = 0
                show(Self.loadingWidget(), text: Self.loadingText)
            }
        case let .failed(message, retry):
            show(Self.failureWidget(message: message, retry: retry), text: message)
        }
    }

    static let loadingText = "Loading…"
    static let retryTitle = "Try Again"

    private func show(_ widget: UnsafeMutablePointer<GtkWidget>?, text: String?) {
        if let widget {
            g_object_ref_sink(gcast(widget))
            gtk_widget_show_all(widget)
            host.setPlaceholder(widget)
        }
        if let old = stateWidget { g_object_unref(gcast(old)) }
        stateWidget = widget
        shownText = text
    }

    /// A spinner above "Loading…", centred, dimmed as GTK's placeholders are.
    private static func loadingWidget() -> UnsafeMutablePointer<GtkWidget> {
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(gcast(spinner))
        gtk_widget_set_size_request(spinner, 32, 32)
        return centredBox([spinner, dimLabel(loadingText)], styleClass: "glm-loading")
    }

    /// An error icon, the message (wrapped), and a button that retries when there is a retry.
    private static func failureWidget(message: String, retry: (@MainActor () -> Void)?) -> UnsafeMutablePointer<GtkWidget> {
        let icon = gtk_image_new_from_icon_name("dialog-error-symbolic", GTK_ICON_SIZE_DIALOG)!
        let label = dimLabel(message)
        gtk_label_set_line_wrap(gcast(label), 1)
        gtk_label_set_max_width_chars(gcast(label), 40)
        gtk_label_set_justify(gcast(label), GTK_JUSTIFY_CENTER)
        var children = [icon, label]
        if let retry {
            let button = gtk_button_new_with_label(retryTitle)!
            gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
            Signal.connect(button, "clicked") { _ in retry() }
            children.append(button)
        }
        return centredBox(children, styleClass: "glm-failure")
    }

    private static func dimLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
        return label
    }

    private static func centredBox(_ children: [UnsafeMutablePointer<GtkWidget>], styleClass: String) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_container_set_border_width(gcast(box), 24)
        gtk_style_context_add_class(gtk_widget_get_style_context(box), styleClass)
        for child in children { gtk_container_add(gcast(box), child) }
        return box
    }
}
