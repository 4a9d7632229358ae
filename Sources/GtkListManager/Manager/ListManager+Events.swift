import ModelStorage

extension ListManager {
    // MARK: - Registering reactions on the manager

    /// Attaches a row reaction to every mapping of `Row` (or a subclass) for `role`, now and
    /// when such mappings are registered later. With none registered yet it reports
    /// ``ManagerAnomaly/eventRegistrationForUnregisteredMapping(rowClass:event:)`` and checks
    /// again after `eventVerificationDelay`.
    func addRowClassReaction<R: ListRow>(_ rowClass: R.Type, role: RowRole, _ reaction: EventReaction) {
        MainActorConfinement.check("ListManager was given a closure for \(reaction.event.name)")
        // Every mapping first, the source after: installing it walks the rows already shown,
        // and each of them must find the reaction by then.
        let compatible = factory.registry.allMappings.filter { $0.role == role && reaction.fits(rowClass: $0.rowClass) }
        for mapping in compatible { mapping.appendReaction(reaction) }
        events.addManagerReaction(reaction, role: role)
        guard compatible.isEmpty else { return }
        let name = String(describing: rowClass), event = reaction.event.name
        anomalyHandler.report(.eventRegistrationForUnregisteredMapping(rowClass: name, event: event))
        let delay = UInt32(max(0, eventVerificationDelay) * 1000)
        GtkRuntime.after(milliseconds: delay) { [weak self] in
            guard let self, !self.factory.registry.allMappings.contains(where: { $0.role == role && reaction.fits(rowClass: $0.rowClass) })
            else { return }
            self.anomalyHandler.report(.unusedEventDetected(rowClass: name, event: event))
        }
    }

    /// The common shape of a row-class event: `(Row, Model, IndexPath) -> Output`, no input.
    func addRowClassEvent<R: ListRow & ModelTransfer, Output>(
        _ event: ListEvent, _ rowClass: R.Type, role: RowRole, _ closure: @escaping (R, R.Model, IndexPath) -> Output
    ) {
        addRowClassReaction(
            rowClass, role: role,
            .row(event) { (_: Void, row: R, model: R.Model, indexPath) in
                closure(row, model, indexPath)
            })
    }

    /// Adds a model reaction registered on the manager for `Model`: it answers for every row of
    /// `role` whose model is a `Model`. A row class given as the model type is reported.
    func addModelTypeReaction<Model>(_ modelType: Model.Type, role: RowRole, _ reaction: EventReaction) {
        MainActorConfinement.check("ListManager was given a closure for \(reaction.event.name)")
        if modelType is any ListRow.Type {
            anomalyHandler.report(.modelEventCalledWithRowClass(modelType: String(describing: modelType), event: reaction.event.name))
        }
        events.addManagerReaction(reaction, role: role)
    }

    /// Gives a newly registered mapping the manager's row-class reactions that fit it, and
    /// installs the sources its own reactions need.
    func connectEvents(of mapping: any AnyRowMapping) {
        attachManagerReactions(to: mapping)
        for reaction in mapping.reactions { features.require(reaction.event) }
    }

    /// Gives a new mapping the manager's row-class reactions that fit it (and the router, so
    /// that its later reactions install their sources).
    func attachManagerReactions(to mapping: any AnyRowMapping) {
        mapping.features = features
        for entry in events.managerReactions where entry.role == mapping.role {
            if entry.reaction.fits(rowClass: mapping.rowClass) {
                mapping.addReaction(entry.reaction)
            }
        }
    }
}
