// How changes reach the state: one background job at a time (BackgroundJobScheduler), stale
// results recomputed, completions after the observers.
extension SortedStorage {
    func submit(_ operation: SortedOperation<Item>, _ execution: Execution, _ completion: Completion?) {
        submit([operation], execution, completion)
    }

    /// Submits `operations` as one change (one job, one change set); `completion` runs after
    /// the last.
    func submit(_ operations: [SortedOperation<Item>], _ execution: Execution, _ completion: Completion?) {
        MainActorConfinement.check("SortedStorage was changed")
        let changes = operations.indices.map { index in
            PendingChange(
                operation: operations[index], completion: index == operations.count - 1 ? completion : nil,
                action: operations[index].changesItems ? undoReporter?.actionForChange() : nil)
        }
        switch execution {
        case .immediate:
            commit(SortedTransition(from: state, applying: operations), completing: changes)
        case .background:
            pending += changes
            startNextJob()
        }
    }

    /// Sends every pending change to the queue as one job, unless a job is already running.
    private func startNextJob() {
        guard !jobs.isRunning, !pending.isEmpty else { return }
        let job = pending
        pending = []
        inFlight = job
        let base = state
        let operations = job.map(\.operation)
        jobs.run({ SortedTransition(from: base, applying: operations) }) { [weak self] transition, isCurrent in
            self?.finishJob(transition, isCurrent: isCurrent)
        }
    }

    private func finishJob(_ transition: SortedTransition<Item, SectionKey>, isCurrent: Bool) {
        guard let job = inFlight else { return }
        inFlight = nil
        if isCurrent {
            commit(transition, completing: job)
        } else {
            // The state moved on while the job ran (an immediate change): its script would
            // apply to rows that no longer exist. Run the same changes again, first in line.
            pending.insert(contentsOf: job, at: 0)
        }
        startNextJob()
    }

    /// Installs the transition's state, tells observers, then runs the completions in order.
    private func commit(_ transition: SortedTransition<Item, SectionKey>, completing changes: [PendingChange]) {
        let findings = transition.findings
        if findings.duplicateCount > 0 {
            anomalyHandler.report(.duplicateIdentifiers(kind: .items, count: findings.duplicateCount))
        }
        for identifier in findings.missingIdentifiers {
            anomalyHandler.report(.removeItemFailedItemNotFound(itemDescription: String(describing: identifier)))
        }
        let new = transition.state
        let old = state
        let undo = undoSteps(of: changes, from: old)
        state = new
        releaseInBackground(consume old)
        jobs.stateDidChange()
        if !transition.script.isEmpty {
            let changes = transition.script.changeSet(
                supplements: { self.supplements(of: new, section: $0) },
                item: { new.entries[new.sectionRange($0.section).lowerBound + $0.item].item })
            broadcaster.deliver(.changes(changes), from: self)
        } else if !transition.reorderings.isEmpty || !transition.updates.isEmpty {
            var changes = ChangeSet()
            for reordering in transition.reorderings { changes.appendReordering(reordering) }
            for index in transition.updates {
                changes.append(.updateItem(at: new.indexPath(ofFlatIndex: index), model: new.entries[index].item))
            }
            broadcaster.deliver(.changes(changes), from: self)
        }
        reportUndoSteps(undo)
        for change in changes { change.completion?() }
    }
}
