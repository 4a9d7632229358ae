import ModelStorage

/// One closure registered for an event, with its types erased so that mappings of any row and
/// model types can keep it.
///
/// Row reactions receive `(input, row, model, indexPath)`, model reactions `(input, model,
/// indexPath)`; events without an input pass `()`. When the row or the model is not of the
/// closure's types the reaction does not run and answers nil, and the caller falls back to
/// GTK's default: a reaction never runs with a wrong model.
@MainActor
final class EventReaction {
    let event: ListEvent
    /// For row reactions, the row class they were registered for.
    let rowClass: (any ListRow.Type)?
    private let body: (Any, (any ListRow)?, Any, IndexPath) -> Any?
    private let rowClassTest: (any ListRow.Type) -> Bool

    private init(
        event: ListEvent, rowClass: (any ListRow.Type)?, rowClassTest: @escaping (any ListRow.Type) -> Bool,
        body: @escaping (Any, (any ListRow)?, Any, IndexPath) -> Any?
    ) {
        self.event = event
        self.rowClass = rowClass
        self.rowClassTest = rowClassTest
        self.body = body
    }

    /// True for a row reaction whose row class is `rowClass` or a superclass of it.
    func fits(rowClass: any ListRow.Type) -> Bool {
        self.rowClass != nil && rowClassTest(rowClass)
    }

    /// A reaction that needs the live row: `(Input, Row, Model, IndexPath) -> Output`.
    static func row<R: ListRow, Model, Input, Output>(
        _ event: ListEvent, _ closure: @escaping (Input, R, Model, IndexPath) -> Output
    ) -> EventReaction {
        EventReaction(event: event, rowClass: R.self, rowClassTest: { $0 is R.Type }) { input, row, model, indexPath in
            guard let input = input as? Input, let row = row as? R, let model = model as? Model else { return nil }
            return closure(input, row, model, indexPath)
        }
    }

    /// A reaction that needs only the model: `(Input, Model, IndexPath) -> Output`.
    static func model<Model, Input, Output>(
        _ event: ListEvent, _ closure: @escaping (Input, Model, IndexPath) -> Output
    ) -> EventReaction {
        EventReaction(event: event, rowClass: nil, rowClassTest: { _ in false }) { input, _, model, indexPath in
            guard let input = input as? Input, let model = model as? Model else { return nil }
            return closure(input, model, indexPath)
        }
    }

    /// Runs the closure; nil when the row, model or input are not of its types.
    /// A model reaction that may decline: a nil answer lets the next reaction answer.
    static func declinableModel<Model, Input, Output>(
        _ event: ListEvent, _ closure: @escaping (Input, Model, IndexPath) -> Output?
    ) -> EventReaction {
        EventReaction(event: event, rowClass: nil, rowClassTest: { _ in false }) { input, _, model, indexPath in
            guard let input = input as? Input, let model = model as? Model else { return nil }
            return closure(input, model, indexPath)
        }
    }

    func perform(input: Any, row: (any ListRow)?, model: Any, at indexPath: IndexPath) -> Any? {
        body(input, row, model, indexPath)
    }
}
