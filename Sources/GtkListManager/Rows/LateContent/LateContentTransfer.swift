/// A row that shows part of its model late: an image decoded, a value fetched, a size counted.
///
/// After ``ModelTransfer/update(with:)`` fills the row with what it has at once, the manager
/// calls ``loadLateContent(for:binding:)`` with the binding of this showing of the model. Start
/// the work through the binding (``RowBinding/load(on:_:apply:failed:)``): its result lands only
/// while the row still shows that model, never on the row after it was reused for another.
///
/// The manager ends the binding when the row shows another model, is refreshed in place (the
/// model changed: a new binding loads again), or leaves the list; on a virtualized host that is
/// as soon as the row scrolls out of the viewport.
@MainActor
public protocol LateContentTransfer: ModelTransfer {
    /// Starts the late work for `model`, shown by this row until `binding` ends.
    func loadLateContent(for model: Model, binding: RowBinding)
}

extension LateContentTransfer {
    /// ``loadLateContent(for:binding:)`` with a model of any type: nothing for one of another.
    func loadLateContent(forAnyModel model: Any, binding: RowBinding) {
        if let model = model as? Model { loadLateContent(for: model, binding: binding) }
    }
}
