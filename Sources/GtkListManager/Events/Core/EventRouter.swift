import ModelStorage

/// Finds the reaction for an event and runs it; the features that produce events are installed
/// on demand (``ListFeatures/require(_:)``).
///
/// The reaction for a row is the first one, in registration order of the mappings, of a mapping
/// that has the row's role, accepts the row's model and its condition there, and whose row class
/// the row is (row reactions only). A mapping's first reaction for an event is its reaction:
/// later ones for the same event on the same mapping are ignored.
@MainActor
final class EventRouter {
    private unowned let manager: ListManager

    init(manager: ListManager) {
        self.manager = manager
    }

    // MARK: - Finding and running reactions

    /// Reactions registered on the manager for a row class (attached to its mappings) or for a
    /// model type (matched by the model at dispatch), with the role they serve.
    private(set) var managerReactions: [(role: RowRole, reaction: EventReaction)] = []

    func addManagerReaction(_ reaction: EventReaction, role: RowRole) {
        managerReactions.append((role, reaction))
        manager.features.require(reaction.event)
    }

    /// The reactions that may answer `event` for a model, in order: the mappings' (registration
    /// order, a mapping's reactions in the order they were added; a mapping that has the role,
    /// accepts the model and its condition there, and whose row class the row is), then the
    /// manager's model-type reactions. The first whose types fit is the one that runs.
    private func candidates(
        _ event: ListEvent, role: RowRole, model: Any, view: (any ListRow)?, at indexPath: IndexPath
    ) -> [EventReaction] {
        var found: [EventReaction] = []
        for mapping in manager.factory.registry.allMappings where mapping.role == role {
            let reactions = mapping.reactions.filter { $0.event == event }
            guard !reactions.isEmpty, mapping.acceptsType(of: model), mapping.conditionHolds(for: model, at: indexPath)
            else { continue }
            if let view {
                if mapping.canConfigure(view) { found += reactions }
            } else {
                found += reactions.filter { $0.rowClass == nil }
            }
        }
        for entry in managerReactions where entry.role == role && entry.reaction.event == event && entry.reaction.rowClass == nil {
            found.append(entry.reaction)
        }
        return found
    }

    /// True when some reaction for `event` may answer for this row (without running it).
    func hasReaction(_ event: ListEvent, for row: BoundRow, at location: RowLocation) -> Bool {
        !candidates(event, role: row.role, model: row.model, view: row.view, at: location.indexPath).isEmpty
    }

    /// True when some model reaction for `event` may answer for `model` at `location`.
    func hasModelReaction(_ event: ListEvent, model: Any, at location: RowLocation) -> Bool {
        !candidates(event, role: location.role, model: model, view: nil, at: location.indexPath).isEmpty
    }

    /// True when any mapping or the manager has a reaction for `event`.
    func hasAnyReaction(_ event: ListEvent) -> Bool {
        manager.factory.registry.allMappings.contains { $0.reactions.contains { $0.event == event } }
            || managerReactions.contains { $0.reaction.event == event }
    }

    /// A model event asked per row role (a size, a height): the event for the row's role
    /// among the three, when it has any reaction, and where the row is. Supplementary kinds
    /// other than header and footer have none.
    func roleEvent(
        for row: BoundRow, item: ListEvent, header: ListEvent, footer: ListEvent
    ) -> (event: ListEvent, location: RowLocation)? {
        let event: ListEvent
        switch row.role {
        case .item: event = item
        case .header: event = header
        case .footer: event = footer
        default: return nil
        }
        guard hasAnyReaction(event), let location = manager.location(of: row) else { return nil }
        return (event, location)
    }

    /// Runs the first fitting reaction for `event` on a shown row, with `input`; nil when none
    /// fits, so the caller applies GTK's default.
    func perform<Output>(
        _ event: ListEvent, input: Any = (), on row: BoundRow, at location: RowLocation, as _: Output.Type = Output.self
    ) -> Output? {
        let reactions = candidates(event, role: row.role, model: row.model, view: row.view, at: location.indexPath)
        return run(reactions, input: input, row: row.view, model: row.model, at: location.indexPath)
    }

    /// Runs the first fitting model reaction for `event` for `model` at `location` (no row needed).
    func performModelEvent<Output>(
        _ event: ListEvent, input: Any = (), model: Any, at location: RowLocation, as _: Output.Type = Output.self
    ) -> Output? {
        let reactions = candidates(event, role: location.role, model: model, view: nil, at: location.indexPath)
        return run(reactions, input: input, row: nil, model: model, at: location.indexPath)
    }

    /// The first answer of `reactions`, each offered the stored model, then the model it
    /// presents (a declared row's): reactions typed for either fit.
    private func run<Output>(_ reactions: [EventReaction], input: Any, row: (any ListRow)?, model: Any, at indexPath: IndexPath) -> Output?
    {
        guard !reactions.isEmpty else { return nil }
        let presented = (model as? any PresentingModel)?.presentedModel
        for reaction in reactions {
            if let answer = reaction.perform(input: input, row: row, model: model, at: indexPath) {
                return answer as? Output
            }
            if let presented, let answer = reaction.perform(input: input, row: row, model: presented, at: indexPath) {
                return answer as? Output
            }
        }
        return nil
    }
}
