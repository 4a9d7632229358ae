import ModelStorage

extension ListManager {
    /// When a `Row` (or subclass) item row comes on screen. See ``RowMapping/willDisplay(_:)``.
    public func willDisplay<R: ListRow & ModelTransfer>(_ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void) {
        addRowClassEvent(.willDisplay, rowClass, role: .item, closure)
    }

    /// When a `Row` (or subclass) item row leaves the screen, with the model it showed and the
    /// index path it had then. See ``RowMapping/didEndDisplaying(_:)``.
    public func didEndDisplaying<R: ListRow & ModelTransfer>(
        _ rowClass: R.Type, _ closure: @escaping (R, R.Model, IndexPath) -> Void
    ) {
        addRowClassEvent(.didEndDisplaying, rowClass, role: .item, closure)
    }

    /// When a header row of `View` (registered with `registerHeader`) comes on screen.
    public func willDisplayHeader<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        addSectionViewReaction(viewClass, role: .header, .willDisplayHeader, closure)
    }

    /// When a header row of `View` leaves the screen, with the model it showed and its section then.
    public func didEndDisplayingHeader<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        addSectionViewReaction(viewClass, role: .header, .didEndDisplayingHeader, closure)
    }

    /// When a footer row of `View` (registered with `registerFooter`) comes on screen.
    public func willDisplayFooter<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        addSectionViewReaction(viewClass, role: .footer, .willDisplayFooter, closure)
    }

    /// When a footer row of `View` leaves the screen, with the model it showed and its section then.
    public func didEndDisplayingFooter<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        addSectionViewReaction(viewClass, role: .footer, .didEndDisplayingFooter, closure)
    }

    /// When a supplementary view of `View` for `kind` (registered with `registerSupplementary`)
    /// comes on screen, with the model it shows and its section. For `.header` and `.footer`
    /// it is ``willDisplayHeader(_:_:)`` and ``willDisplayFooter(_:_:)``.
    public func willDisplaySupplementaryView<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, ofKind kind: SupplementaryKind, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        let role = RowRole.supplementary(kind)
        addSectionViewReaction(viewClass, role: role, .willDisplay(role), closure)
    }

    /// When a supplementary view of `View` for `kind` leaves the screen, with the model it
    /// showed and its section then.
    public func didEndDisplayingSupplementaryView<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, ofKind kind: SupplementaryKind, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        let role = RowRole.supplementary(kind)
        addSectionViewReaction(viewClass, role: role, .didEndDisplaying(role), closure)
    }

    /// A supplementary view reaction: the closure gets the section instead of an index path.
    private func addSectionViewReaction<View: ListRow & ModelTransfer>(
        _ viewClass: View.Type, role: RowRole, _ event: ListEvent, _ closure: @escaping (View, View.Model, Int) -> Void
    ) {
        addRowClassReaction(
            viewClass, role: role,
            .row(event) { (_: Void, view: View, model: View.Model, indexPath) in
                closure(view, model, indexPath.section)
            })
    }
}
