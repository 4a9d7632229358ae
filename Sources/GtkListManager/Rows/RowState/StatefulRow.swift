/// A row with state of its own for the model it shows, which the manager keeps by the model's
/// identity while rows are recycled and hands back when the model shows again, in this row or
/// another: an open detail, a toggled control, a text typed but not committed.
///
/// A virtualized host reuses a row for another model as soon as it scrolls away, and
/// ``ModelTransfer/update(with:)`` fills it from the model alone: state that lives only in the
/// row would be lost, or worse, shown for the next model. When the row stops showing a model
/// (it is recycled, refreshed in place, or its column scrolls out of view) the manager reads
/// ``rowState``; after `update(with:)` shows a model, it calls ``restoreState(_:)`` with what it
/// kept for that model's identity, or nil.
///
/// ```swift
/// final class NoteRow: RowView, StatefulRow {
///     let widget = gtk_expander_new(nil)!
///     func update(with note: Note) { gtk_expander_set_label(gcast(widget), note.title) }
///     var rowState: Bool? { gtk_expander_get_expanded(gcast(widget)) != 0 ? true : nil }
///     func restoreState(_ expanded: Bool?) { gtk_expander_set_expanded(gcast(widget), expanded == true ? 1 : 0) }
/// }
/// ```
///
/// Only states that differ from what `update(with:)` leaves are kept: return nil from
/// ``rowState`` for a row as it shows by default, and the manager forgets that model's entry,
/// so a million rows scrolled through keep nothing. States are kept per row class, while the
/// model stays in the list, or until ``ListManager/forgetRowStates()``, which also resets the
/// rows shown. A model a change set inserts starts from its default state even when its
/// identity was seen before (a new record that reuses a deleted record's rowid), unless the same
/// change set deleted it from a row that showed it (a move); a reload gives states back by
/// identity.
@MainActor
public protocol StatefulRow: ModelTransfer {
    /// What the row keeps for a model.
    associatedtype RowState
    /// What tells models apart across updates: the same value for the same model.
    associatedtype StateID: Hashable

    /// The identity under which the state of `model` is kept; a model's `id` when it is
    /// `Identifiable`.
    static func stateID(of model: Model) -> StateID
    /// The row's state for the model it shows, read when it stops showing it; nil when the row
    /// shows the model as ``ModelTransfer/update(with:)`` leaves it.
    var rowState: RowState? { get }
    /// Called after ``ModelTransfer/update(with:)`` with the state kept for the model; nil when
    /// none is (show the model's default).
    func restoreState(_ state: RowState?)
}

extension StatefulRow where Model: Identifiable, StateID == Model.ID {
    /// The model's `id`.
    public static func stateID(of model: Model) -> Model.ID { model.id }
}
