import ModelStorage

/// The states of ``StatefulRow`` rows that stopped showing their models, by row class and model
/// identity: one per manager, shared by its rows and its table's cells.
@MainActor
final class RowStateStore {
    struct Key: Hashable {
        let rowClass: ObjectIdentifier
        let id: AnyHashable
    }

    private var states: [Key: Any] = [:]
    /// How each stateful row class keys a model, by class: what a model inserted is looked up by.
    private var keyers: [ObjectIdentifier: (Any) -> Key?] = [:]

    /// How many states are kept.
    var count: Int { states.count }

    /// Keeps `state` for `key`; nil forgets it.
    func keep(_ state: Any?, for key: Key) {
        states[key] = state
    }

    func state(for key: Key) -> Any? {
        states[key]
    }

    func removeAll() {
        states.removeAll()
    }

    /// Looks the states of `rowClass` up by `key` from now on, when models are inserted.
    func register(_ rowClass: ObjectIdentifier, key: @escaping (Any) -> Key?) {
        keyers[rowClass] = key
    }

    /// Forgets the states kept for the identities of the models `changes` inserts: a model
    /// inserted is new to the list (one that stayed moves or updates), and a new model that
    /// reuses a deleted one's identity (a SQLite rowid) must not show its state. A model deleted
    /// and inserted by the same change set keeps its state: its row, if it was bound, keeps it
    /// again when the deletion unbinds it, after this. Nothing while no state is kept; else one
    /// key per inserted model and stateful row class.
    func forgetStates(ofModelsInsertedBy changes: ChangeSet) {
        guard !states.isEmpty else { return }
        for segment in changes.segments {
            switch segment {
            case let .entry(.insertItem(_, model)): forgetState(of: model)
            case let .insertion(models, _): forgetStates(of: models)
            case let .splices(splices): forgetStates(of: splices.models)
            case .entry, .deletion, .reordering: continue
            }
            if states.isEmpty { return }
        }
    }

    private func forgetStates(of models: ModelRun) {
        for offset in 0..<models.count {
            forgetState(of: models[offset])
            if states.isEmpty { return }
        }
    }

    private func forgetState(of model: Any) {
        for keyer in keyers.values {
            if let key = keyer(model) { states.removeValue(forKey: key) }
        }
    }
}
