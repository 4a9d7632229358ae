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
public final class RowMapping<Row: RowView, Model> {
    /// What the mapped rows are: items, headers or footers.
    public let role: RowRole
    /// When the mapping applies beyond the model's type. Default: always.
    public var condition: MappingCondition = .none
    /// The reuse pool key of the rows. Default: the row class name. Give two mappings of the
    /// same class different identifiers when their rows must not be exchanged.
    public var reuseIdentifier: String

    let handler: (Row, Model, IndexPath) -> Void
    let transfer: (Row, Model) -> Void

    init(role: RowRole, handler: @escaping (Row, Model, IndexPath) -> Void, transfer: @escaping (Row, Model) -> Void) {
        self.role = role
        self.reuseIdentifier = String(describing: Row.self)
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
    var rowClass: any RowView.Type { get }
    var reuseIdentifier: String { get }
    /// True when `model` (already unwrapped) is of the mapping's model type; depends on the
    /// model's dynamic type only.
    func acceptsType(of model: Any) -> Bool
    /// True when the mapping's condition holds for `model` (of an accepted type) at `indexPath`.
    func conditionHolds(for model: Any, at indexPath: IndexPath) -> Bool
    /// True when `view` is of the mapping's row class (so it can show the mapping's models).
    func canConfigure(_ view: any RowView) -> Bool
    func makeView() -> any RowView
    /// Runs the handler, then `update(with:)`.
    func configure(_ view: any RowView, with model: Any, at indexPath: IndexPath)
}

extension RowMapping: AnyRowMapping {
    var rowClass: any RowView.Type { Row.self }

    func acceptsType(of model: Any) -> Bool {
        model is Model
    }

    func conditionHolds(for model: Any, at indexPath: IndexPath) -> Bool {
        condition.isSatisfied(at: indexPath, model: model)
    }

    func canConfigure(_ view: any RowView) -> Bool {
        view is Row
    }

    func makeView() -> any RowView {
        Row()
    }

    func configure(_ view: any RowView, with model: Any, at indexPath: IndexPath) {
        guard let row = view as? Row, let model = model as? Model else { return }
        handler(row, model, indexPath)
        transfer(row, model)
    }
}
