import CGtk
import ModelStorage

/// How models of one type become rows of one class: the condition under which it applies, the
/// reuse identifier, and the handler that fills a row before `update(with:)`.
///
/// Customize it in the `mapping` closure of a `register` call:
///
/// ```swift
/// manager.register(VideoRow.self) { mapping in
///     mapping.modelCondition { _, post in post.hasVideo }
/// }
/// ```
@MainActor
public final class RowMapping<R: ListRow, Model> {
    /// What the mapped rows are: items, headers or footers.
    public let role: RowRole
    /// When the mapping applies beyond the model's type. Default: always.
    public var condition: MappingCondition {
        get { storedCondition }
        set { storedCondition = newValue }
    }
    /// The reuse pool key of the rows. Default: the row class name. Give two mappings of the
    /// same class different identifiers when their rows must not be exchanged.
    public var reuseIdentifier: String
    /// For a ``BuilderRow`` class: the GtkBuilder definition to load instead of the class's own
    /// (for instance a compact variant of the same row). Ignored for rows built in code.
    public var interfaceResource: InterfaceResource? {
        get { storedInterfaceResource }
        set { storedInterfaceResource = newValue }
    }

    // Private storage for public properties read per row: CONTRIBUTING, Hot paths: 1.
    private var storedCondition: MappingCondition = .none
    private var storedInterfaceResource: InterfaceResource?

    /// The event reactions registered on this mapping, in order (the first per event counts).
    private(set) var reactions: [EventReaction] = []
    /// The features of the manager the mapping belongs to: the one that produces an event is
    /// installed when the mapping is given a reaction to it.
    weak var features: ListFeatures?

    /// Why rows of this mapping cannot be made, once that is known; not retried.
    private(set) var makingFailure: RowInterfaceError? {
        didSet { hasFailedToMakeRows = makingFailure != nil }
    }
    /// `makingFailure != nil`, kept apart: the factory asks it for every row it makes, and a
    /// flag is read without copying the error.
    private(set) var hasFailedToMakeRows = false
    /// True once the mapping made a row: its definition, if any, loads.
    private(set) var hasMadeRows = false
    private let definitions = DefinitionCache()

    /// The registration's handler; nil when it gave none (no call per row then).
    let handler: ((R, Model, IndexPath) -> Void)?
    /// `update(with:)` for ``ModelTransfer`` rows; nil for rows the handler fills.
    let transfer: ((R, Model) -> Void)?
    /// What the row class adopts: late content, the reuse hook, kept state.
    private let hooks = RowClassHooks<R>()
    /// Where a ``StatefulRow`` class's states are kept: the manager's store, given at
    /// registration.
    var rowStates: RowStateStore?

    init(role: RowRole, handler: ((R, Model, IndexPath) -> Void)?, transfer: ((R, Model) -> Void)?) {
        self.role = role
        self.reuseIdentifier = String(describing: R.self)
        self.handler = handler
        self.transfer = transfer
    }

    /// Applies the mapping only when `condition` holds for the typed model.
    public func modelCondition(_ condition: @escaping @MainActor (IndexPath, Model) -> Bool) {
        self.condition = .custom { indexPath, model in
            guard let typed = model as? Model else { return false }
            return condition(indexPath, typed)
        }
    }
}

/// A mapping with its types erased, as the registry keeps it.
@MainActor
protocol AnyRowMapping: AnyObject {
    var role: RowRole { get }
    var rowClass: any ListRow.Type { get }
    var reuseIdentifier: String { get }
    /// True once rows of the mapping failed to be made (they are not retried).
    var hasFailedToMakeRows: Bool { get }
    var hasMadeRows: Bool { get }
    /// True when `model` (already unwrapped) is of the mapping's model type; depends on the
    /// model's dynamic type only.
    func acceptsType(of model: Any) -> Bool
    /// The event reactions registered on the mapping, in order.
    var reactions: [EventReaction] { get }
    var features: ListFeatures? { get set }
    func addReaction(_ reaction: EventReaction)
    func appendReaction(_ reaction: EventReaction)
    /// True when the mapping's condition holds for `model` (of an accepted type) at `indexPath`.
    func conditionHolds(for model: Any, at indexPath: IndexPath) -> Bool
    /// True when the mapping has no condition: it takes every model of an accepted type.
    var isUnconditional: Bool { get }
    /// True when `view` is of the mapping's row class (so it can show the mapping's models).
    func canConfigure(_ view: any ListRow) -> Bool
    /// A new row showing `model` (of an accepted type), or why none can be made (the first
    /// failure is kept and thrown again).
    func makeRow(showing model: Any, at indexPath: IndexPath) throws(RowInterfaceError) -> BoundRow
    /// Runs the handler, then `update(with:)`, then starts the late content of a
    /// ``LateContentTransfer`` row: its binding, nil for other rows.
    func configure(_ view: any ListRow, with model: Any, at indexPath: IndexPath) -> RowBinding?
    /// Tells a ``ReusableRow`` row of the mapping it went to the reuse pool.
    func prepareForReuse(_ view: any ListRow)
    /// Keeps the state a ``StatefulRow`` row of the mapping has for `model`, which it stops
    /// showing.
    func keepState(of view: any ListRow, showing model: Any)
    /// Shows a ``StatefulRow`` row of the mapping with its model's default state again.
    func resetState(of view: any ListRow)
    /// Whether the mapping's rows hold bound rows of their own (a table row's cells).
    var rowsHoldBoundRows: Bool { get }
    /// Gives the mapping the store of the states of its rows, when they are ``StatefulRow``s.
    func keepStates(in store: RowStateStore)
}

extension RowMapping {
    /// Adds a reaction; the manager connects what GTK signals it needs.
    func addReaction(_ reaction: EventReaction) {
        MainActorConfinement.check("A RowMapping was given a closure for \(reaction.event.name)")
        reactions.append(reaction)
        features?.require(reaction.event)
    }

    /// Adds a reaction without installing its source: for a caller that gives the same reaction
    /// to several mappings and installs the source once they all have it.
    func appendReaction(_ reaction: EventReaction) {
        reactions.append(reaction)
    }

    /// A row reaction `(Input, Row, Model, IndexPath) -> Output` for `event`.
    func addRowReaction<Input, Output>(_ event: ListEvent, _ closure: @escaping (Input, R, Model, IndexPath) -> Output) {
        addReaction(.row(event, closure))
    }

    /// The common shape of a row event: `(Row, Model, IndexPath) -> Output`, no input.
    func addRowEvent<Output>(_ event: ListEvent, _ closure: @escaping (R, Model, IndexPath) -> Output) {
        addRowReaction(event) { (_: Void, row, model, indexPath) in closure(row, model, indexPath) }
    }

    /// A model reaction `(Input, Model, IndexPath) -> Output` for `event`.
    func addModelReaction<Input, Output>(_ event: ListEvent, _ closure: @escaping (Input, Model, IndexPath) -> Output) {
        addReaction(.model(event, closure))
    }
}

extension RowMapping: AnyRowMapping {
    var rowClass: any ListRow.Type { R.self }

    func acceptsType(of model: Any) -> Bool {
        model is Model
    }

    func conditionHolds(for model: Any, at indexPath: IndexPath) -> Bool {
        condition.isSatisfied(at: indexPath, model: model)
    }

    var isUnconditional: Bool {
        if case .none = condition { true } else { false }
    }

    func canConfigure(_ view: any ListRow) -> Bool {
        view is R
    }

    func makeRow(showing model: Any, at indexPath: IndexPath) throws(RowInterfaceError) -> BoundRow {
        if let makingFailure { throw makingFailure }
        let view: R
        do {
            view = try R.makeRow(RowMakingContext(resource: interfaceResource, definitions: definitions))
        } catch {
            makingFailure = error
            throw error
        }
        let row = BoundRow(view: view, role: role, model: model, mapping: self)
        row.binding = fill(view, with: model, at: indexPath)
        hasMadeRows = true
        return row
    }

    func configure(_ view: any ListRow, with model: Any, at indexPath: IndexPath) -> RowBinding? {
        guard let row = view as? R else { return nil }
        return fill(row, with: model, at: indexPath)
    }

    func prepareForReuse(_ view: any ListRow) {
        if let prepare = hooks.prepareForReuse, let row = view as? R { prepare(row) }
    }

    func keepState(of view: any ListRow, showing model: Any) {
        guard let state = hooks.state, let rowStates, let row = view as? R, let key = state.key(model) else { return }
        rowStates.keep(state.read(row), for: key)
    }

    func resetState(of view: any ListRow) {
        if let state = hooks.state, let row = view as? R { state.restore(row, nil) }
    }

    var rowsHoldBoundRows: Bool { hooks.holdsBoundRows }

    func keepStates(in store: RowStateStore) {
        guard let state = hooks.state else { return }
        rowStates = store
        store.register(ObjectIdentifier(R.self), key: state.key)
    }

    /// Runs the handler, then `update(with:)`, with the model as the mapping's type; then hands
    /// a ``StatefulRow`` the state kept for the model, and starts the late content of a new
    /// binding, returned.
    private func fill(_ row: R, with model: Any, at indexPath: IndexPath) -> RowBinding? {
        fill(row, withOpened: model, at: indexPath)
        if let state = hooks.state, let rowStates, let key = state.key(model) { state.restore(row, rowStates.state(for: key)) }
        guard let lateContent = hooks.lateContent else { return nil }
        let binding = RowBinding()
        lateContent(row, model, binding)
        return binding
    }

    /// `fill` with the model's existential opened: casting a value of a known dynamic type
    /// skips the runtime's search through the existential, on every row of a load.
    private func fill<Value>(_ row: R, withOpened value: Value, at indexPath: IndexPath) {
        // The common case, a model of exactly the mapped type, needs no cast at all.
        if Value.self == Model.self { return fill(row, withTyped: unsafeBitCast(value, to: Model.self), at: indexPath) }
        switch value {
        case let model as Model:
            fill(row, withTyped: model, at: indexPath)
        default:
            return
        }
    }

    private func fill(_ row: R, withTyped model: Model, at indexPath: IndexPath) {
        handler?(row, model, indexPath)
        transfer?(row, model)
    }
}
