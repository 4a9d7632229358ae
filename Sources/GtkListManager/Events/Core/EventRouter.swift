import ModelStorage

/// Finds the reaction for an event and runs it, and installs the event sources on demand.
///
/// The reaction for a row is the first one, in registration order of the mappings, of a mapping
/// that has the row's role, accepts the row's model and its condition there, and whose row class
/// the row is (row reactions only). A mapping's first reaction for an event is its reaction:
/// later ones for the same event on the same mapping are ignored.
@MainActor
final class EventRouter {
    private unowned let manager: ListManager
    private var sources: [ObjectIdentifier: any EventSource] = [:]
    /// Every installed source, in installation order: each hears what happens to the list.
    private var installed: [any EventSource] = []
    /// Sources that need every row, in installation order (an array: iterated per inserted row).
    private(set) var rowSources: [any EventSource] = []

    init(manager: ListManager) {
        self.manager = manager
    }

    /// Releases every source (their signal handlers hold them weakly and become no-ops): called
    /// by the manager's deinit.
    func detachSources() {
        sources = [:]
        installed = []
        rowSources = []
        keyDispatcher = nil
        typeAhead = nil
        pointerDispatcher = nil
    }

    /// The installed source of `type`, if any of its events has a reaction.
    func source<Source: EventSource>(_ type: Source.Type) -> Source? {
        sources[ObjectIdentifier(type)] as? Source
    }

    /// Installs the source of `event` if it is not yet: called whenever a reaction is registered.
    @discardableResult
    func require(_ event: ListEvent) -> any EventSource {
        MainActorConfinement.check("ListManager was given a closure for \(event.name)")
        if let installed = sources[event.source] { return installed }
        let source = event.makeSource(manager)
        sources[event.source] = source
        installed.append(source)
        source.didInstall()
        if source.needsEveryRow {
            rowSources.append(source)
            manager.rowObserver = self
            manager.forEachBoundRowWithLocation { source.rowDidAppear($0, at: $1) }
        }
        return source
    }

    /// Installs the source of `event` if needed and returns it as the type it is declared with.
    func require<Source: EventSource>(_ event: ListEvent, as _: Source.Type) -> Source {
        guard let source = require(event) as? Source else {
            preconditionFailure("EventRouter: \(event) is produced by another source than \(Source.self)")
        }
        return source
    }

    /// The handler of key presses, connected by the first source that needs keys.
    private(set) var keyDispatcher: KeyDispatcher?

    func installKeyDispatcher() {
        if keyDispatcher == nil { keyDispatcher = KeyDispatcher(manager: manager) }
    }

    /// Type-ahead find, installed with the first findable row class.
    private(set) var typeAhead: TypeAheadFind?

    func installTypeAhead() {
        guard typeAhead == nil else { return }
        typeAhead = TypeAheadFind(manager: manager)
        installKeyDispatcher()
    }

    /// The handler of pointer buttons, connected by the first source that needs presses.
    private(set) var pointerDispatcher: PointerDispatcher?

    func installPointerDispatcher() {
        if pointerDispatcher == nil { pointerDispatcher = PointerDispatcher(manager: manager) }
    }

    // MARK: - Finding and running reactions

    /// Reactions registered on the manager for a row class (attached to its mappings) or for a
    /// model type (matched by the model at dispatch), with the role they serve.
    private(set) var managerReactions: [(role: RowRole, reaction: EventReaction)] = []

    func addManagerReaction(_ reaction: EventReaction, role: RowRole) {
        managerReactions.append((role, reaction))
        require(reaction.event)
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

    // MARK: - What happens to the list, told to every installed source

    func listWillReload() {
        for source in installed { source.listWillReload() }
    }

    func listDidReload() {
        typeAhead?.listDidReload()
        for source in installed { source.listDidReload() }
    }

    func listWillApply(_ run: ChangeRun) {
        for source in installed { source.listWillApply(run) }
    }

    func listDidApply(_ changes: ChangeSet) {
        typeAhead?.listDidApply(changes)
        for source in installed { source.listDidApply(changes) }
    }

    func userDidActivate(_ row: BoundRow, at location: RowLocation) {
        // A double click on an editable row edits it rather than activating it.
        if let editing = source(InPlaceEditing.self), editing.beginsEditing(onActivationOf: row, at: location) { return }
        for source in installed { source.userDidActivate(row, at: location) }
    }

    func focusDidMove(to row: BoundRow, at location: RowLocation) {
        typeAhead?.listGotFocus()
        for source in installed { source.focusDidMove(to: row, at: location) }
    }

    func itemToFocusOnEntry() -> IndexPath? {
        for source in installed {
            if let item = source.itemToFocusOnEntry() { return item }
        }
        return nil
    }

    func rowCameOnScreen(_ row: BoundRow) {
        for source in installed { source.rowCameOnScreen(row) }
    }

    func rowLeftScreen(_ row: BoundRow) {
        for source in installed { source.rowLeftScreen(row) }
    }

    // MARK: - Row notifications (from the host's binding, and in-place refreshes)

    func rowDidAppear(_ row: BoundRow, at location: RowLocation) {
        for source in rowSources { source.rowDidAppear(row, at: location) }
    }

    func rowWillDisappear(_ row: BoundRow, at location: RowLocation) {
        for source in rowSources { source.rowWillDisappear(row, at: location) }
    }

    func rowDidRefresh(_ row: BoundRow) {
        for source in rowSources { source.rowDidRefresh(row) }
    }
}
