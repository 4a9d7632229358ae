import ModelStorage

extension RowMapping {
    /// When a row of this item mapping comes on screen: inserted into a shown list, or shown
    /// with its list (see ``ListHost/reportsScreenPresence``: the list-box host has a live
    /// widget for every row, so scrolling does not report it; a virtualized host does).
    public func willDisplay(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.willDisplay, closure)
    }

    /// When a row of this item mapping leaves the screen: removed by an update, or its list
    /// hidden. Reports the model the row showed and the index path it had then.
    public func didEndDisplaying(_ closure: @escaping (R, Model, IndexPath) -> Void) {
        addRowEvent(.didEndDisplaying, closure)
    }

    /// On a header mapping: when a header row comes on screen, with its section.
    public func willDisplayHeader(_ closure: @escaping (R, Model, Int) -> Void) {
        addRowReaction(.willDisplayHeader) { (_: Void, view, model, indexPath) in closure(view, model, indexPath.section) }
    }

    /// On a header mapping: when a header row leaves the screen, with the model it showed and
    /// the section it had then.
    public func didEndDisplayingHeader(_ closure: @escaping (R, Model, Int) -> Void) {
        addRowReaction(.didEndDisplayingHeader) { (_: Void, view, model, indexPath) in closure(view, model, indexPath.section) }
    }

    /// On a footer mapping: when a footer row comes on screen, with its section.
    public func willDisplayFooter(_ closure: @escaping (R, Model, Int) -> Void) {
        addRowReaction(.willDisplayFooter) { (_: Void, view, model, indexPath) in closure(view, model, indexPath.section) }
    }

    /// On a footer mapping: when a footer row leaves the screen, with the model it showed and
    /// the section it had then.
    public func didEndDisplayingFooter(_ closure: @escaping (R, Model, Int) -> Void) {
        addRowReaction(.didEndDisplayingFooter) { (_: Void, view, model, indexPath) in closure(view, model, indexPath.section) }
    }
}
