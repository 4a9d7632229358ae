/// What a mapping's row class adopts beyond ``ModelTransfer``, looked up once per mapping, so
/// that rows of classes that adopt none of it pay nothing per bind.
@MainActor
struct RowClassHooks<R: ListRow> {
    /// `loadLateContent(for:binding:)` of a ``LateContentTransfer`` class.
    let lateContent: ((R, Any, RowBinding) -> Void)?
    /// `prepareForReuse()` of a ``ReusableRow`` class.
    let prepareForReuse: ((R) -> Void)?
    /// The kept state of a ``StatefulRow`` class.
    let state: StateHooks?
    /// Whether the class's rows hold bound rows of their own (a table row's cells).
    let holdsBoundRows: Bool

    /// How a ``StatefulRow`` class's state is read, keyed and restored.
    struct StateHooks {
        /// The key of a model's state; nil for a model of another type.
        let key: (Any) -> RowStateStore.Key?
        let read: (R) -> Any?
        let restore: (R, Any?) -> Void
    }

    init() {
        lateContent =
            R.self is any LateContentTransfer.Type
            ? { row, model, binding in (row as! any LateContentTransfer).loadLateContent(forAnyModel: model, binding: binding) } : nil
        prepareForReuse = R.self is any ReusableRow.Type ? { ($0 as! any ReusableRow).prepareForReuse() } : nil
        state = (R.self as? any StatefulRow.Type).map { Self.stateHooks(of: $0) }
        holdsBoundRows = R.self is any HoldsBoundRows.Type
    }

    private static func stateHooks<S: StatefulRow>(of rowClass: S.Type) -> StateHooks {
        StateHooks(
            key: { model in
                (model as? S.Model).map { RowStateStore.Key(rowClass: ObjectIdentifier(S.self), id: AnyHashable(S.stateID(of: $0))) }
            },
            read: { ($0 as! S).rowState },
            restore: { row, state in (row as! S).restoreState(state as? S.RowState) })
    }
}
