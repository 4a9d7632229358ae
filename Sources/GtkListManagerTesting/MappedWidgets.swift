import CGtk
import GtkListManager

/// The widgets a window really shows under a widget, read from GTK: what a test asserts about,
/// rather than the app's own bookkeeping.
///
/// ```swift
/// manager.contentState = .failed(message: "Offline", retry: reconnect)
/// let shown = MappedWidgets(under: manager.widget)
/// XCTAssertEqual(shown.labelTexts, ["Offline", "Try Again"])
/// gtk_button_clicked(gcast(shown.buttons[0]))
/// ```
@MainActor
public struct MappedWidgets {
    /// The mapped widgets, depth first, `widget` itself first; internal children (a list box's
    /// placeholder, a button's label) included.
    public let all: [UnsafeMutablePointer<GtkWidget>]

    /// The mapped widgets under `widget`, itself included; none when it is not mapped.
    public init(under widget: UnsafeMutablePointer<GtkWidget>) {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        Self.collect(widget, into: &found)
        all = found
    }

    /// The texts of the mapped `GtkLabel`s, in order.
    public var labelTexts: [String] {
        all.filter { isA($0, gtk_label_get_type()) }.map { String(cString: gtk_label_get_text(gcast($0))) }
    }

    /// The mapped `GtkButton`s, in order.
    public var buttons: [UnsafeMutablePointer<GtkWidget>] {
        all.filter { isA($0, gtk_button_get_type()) }
    }

    /// The mapped `GtkSpinner`s that spin.
    public var runningSpinners: [UnsafeMutablePointer<GtkWidget>] {
        all.filter { spinner in
            guard isA(spinner, gtk_spinner_get_type()) else { return false }
            var value = GValue()
            g_value_init(&value, Self.booleanType)
            defer { g_value_unset(&value) }
            g_object_get_property(gcast(spinner), "active", &value)
            return g_value_get_boolean(&value) != 0
        }
    }

    /// `G_TYPE_BOOLEAN`, a macro Swift does not import.
    private static let booleanType = GType(5 << G_TYPE_FUNDAMENTAL_SHIFT)

    private static func collect(_ widget: UnsafeMutablePointer<GtkWidget>, into found: inout [UnsafeMutablePointer<GtkWidget>]) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        found.append(widget)
        guard isA(widget, gtk_container_get_type()) else { return }
        var children: [UnsafeMutablePointer<GtkWidget>] = []
        withUnsafeMutablePointer(to: &children) { pointer in
            gtk_container_forall(
                gcast(widget),
                { child, data in
                    data!.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child!)
                }, pointer)
        }
        for child in children { collect(child, into: &found) }
    }
}
