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
/// - A height goes to the host (``ListHost/setHeight(_:for:)``; the list-box host makes it the
///   `GtkListBoxRow`'s size request): the row is that tall unless its content needs more,
///   since GTK never allocates a widget less than its minimum size. A negative answer (or
///   none) leaves the natural height.
/// - An indentation level becomes `level × indentationWidth` pixels of start margin on the
///   row's content, added to its own margin (``ListHost/setIndentation(_:for:)``); the
///   selection background still spans the whole row.
@MainActor
final class SizeEvents: OnDemandFeature {
    private unowned let manager: ListManager
    /// Pixels per indentation level.
    static let defaultIndentationWidth = 16
    var indentationWidth = defaultIndentationWidth {
        didSet { manager.forEachBoundRow(applyIndentation) }
    }

    init(manager: ListManager) {
        self.manager = manager
    }

    var needsEveryRow: Bool { true }

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        applyHeight(row)
        applyIndentation(row)
    }

    func rowDidRefresh(_ row: BoundRow) {
        applyHeight(row)
        applyIndentation(row)
    }

    private func applyHeight(_ row: BoundRow) {
        let router = manager.events
        guard let (event, location) = router.roleEvent(for: row, item: .heightForRow, header: .heightForHeader, footer: .heightForFooter)
        else { return }
        let height: Int? = router.performModelEvent(event, model: row.model, at: location)
        manager.host.setHeight(height, for: row)
    }

    private func applyIndentation(_ row: BoundRow) {
        let router = manager.events
        guard row.role == .item, router.hasAnyReaction(.indentationLevel), let location = manager.location(of: row)
        else { return }
        let level: Int = router.performModelEvent(.indentationLevel, model: row.model, at: location) ?? 0
        // In floating point: an absurd level clamps instead of overflowing.
        let pixels = Double(max(level, 0)) * Double(max(indentationWidth, 0))
        manager.host.setIndentation(Int(min(pixels, Double(Int32.max))), for: row)
    }
}
