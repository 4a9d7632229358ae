import CGtk
import ModelStorage

extension ListEvent {
    static let heightForRow = ListEvent("heightForRow", source: SizeEvents.self)
    static let heightForHeader = ListEvent("heightForHeader", source: SizeEvents.self)
    static let heightForFooter = ListEvent("heightForFooter", source: SizeEvents.self)
    static let indentationLevel = ListEvent("indentationLevel", source: SizeEvents.self)
}

/// Row heights and indentation, asked of the model (no row needed) when a row appears or is
/// refreshed in place.
///
/// - A height becomes the `GtkListBoxRow`'s size request (`gtk_widget_set_size_request(row,
///   -1, height)`): the row is that tall unless its content needs more, since GTK never
///   allocates a widget less than its minimum size. A negative answer (or none) leaves the
///   natural height.
/// - An indentation level becomes the start margin of the row's child: its own margin plus
///   `level × indentationWidth` pixels; the selection background still spans the whole row.
///
/// There are no estimated heights: `GtkListBox` measures every row (it has a widget for each),
/// so an estimate would have nothing to stand in for.
@MainActor
final class SizeEvents: EventSource {
    private unowned let manager: ListManager
    /// Pixels per indentation level.
    static let defaultIndentationWidth = 16
    var indentationWidth = defaultIndentationWidth {
        didSet { manager.forEachShownRow(applyIndentation) }
    }

    /// The object-data key under which a row widget keeps the start margin it had before the
    /// first indentation (plus one, so that a margin of 0 is told from "not recorded").
    private static let baseMarginKey = "gtk-list-manager-base-margin-start"
    /// The key as a quark. GLib copies the name (`g_quark_from_static_string` would keep the
    /// pointer forever, and a Swift string's C pointer lives only for the call).
    private static let baseMarginQuark = g_quark_from_string(baseMarginKey)

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ record: HostedRow) {
        applyHeight(record)
        applyIndentation(record)
    }

    func rowDidRefresh(_ record: HostedRow) {
        applyHeight(record)
        applyIndentation(record)
    }

    private func applyHeight(_ record: HostedRow) {
        let event: ListEvent = switch record.role {
        case .item: .heightForRow
        case .header: .heightForHeader
        case .footer: .heightForFooter
        }
        let router = manager.events
        guard router.hasAnyReaction(event), let listRow = record.listRow, let location = manager.location(of: record)
        else { return }
        let height: Int? = router.performModelEvent(event, model: record.model, at: location)
        gtk_widget_set_size_request(gcast(listRow), -1, Int32(clamping: max(height ?? -1, -1)))
    }

    private func applyIndentation(_ record: HostedRow) {
        let router = manager.events
        guard record.role == .item, router.hasAnyReaction(.indentationLevel), let listRow = record.listRow,
            let child = gtk_bin_get_child(gcast(listRow)), let location = manager.location(of: record)
        else { return }
        let level: Int = router.performModelEvent(.indentationLevel, model: record.model, at: location) ?? 0
        // In floating point: an absurd level clamps instead of overflowing.
        let margin = Double(baseMargin(of: child)) + Double(max(level, 0)) * Double(max(indentationWidth, 0))
        gtk_widget_set_margin_start(child, Int32(min(margin, Double(Int32.max))))
    }

    /// The start margin `child` had before any indentation (recorded on its first one: the
    /// widget keeps it when reused in another row).
    private func baseMargin(of child: UnsafeMutablePointer<GtkWidget>) -> Int {
        if let stored = g_object_get_qdata(gcast(child), Self.baseMarginQuark) {
            return Int(bitPattern: stored) - 1
        }
        let margin = Int(gtk_widget_get_margin_start(child))
        g_object_set_qdata(gcast(child), Self.baseMarginQuark, UnsafeMutableRawPointer(bitPattern: margin + 1))
        return margin
    }
}
