/// The states of ``StatefulRow`` rows that stopped showing their models, by row class and model
/// identity: one per manager, shared by its rows and its table's cells.
@MainActor
final class RowStateStore {
    struct Key: Hashable {
        let rowClass: ObjectIdentifier
        let id: AnyHashable
    }

    private var states: [Key: Any] = [:]

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
}
