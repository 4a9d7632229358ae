import Foundation

// Children read lazily, through the storage's `childrenProvider`: on an item's first expand,
// again on `retryChildren(of:)` after a failure, and on `refreshChildren(of:)` (a folder that
// changed on disk), diffed into what is shown.
extension OutlineStorage {
    /// Reads the children of `item` again after its read failed: its error row becomes a
    /// loading row, then its children.
    public func retryChildren(of item: ItemID) {
        checkConfinement()
        guard let section = section(holding: item), case .failed = outlines[section].childrenState(of: item) else { return }
        recorder.begin()
        let expanded = outlines[section].isExpanded(item)
        if expanded { collapse([item]) }
        outlines[section].markChildrenUnloaded([item])
        if expanded { expand([item]) }
        deliver()
    }

    /// Reads the children of `item` again and shows the difference in place: children that stay
    /// keep their rows, what is under them, their flags and their selection; new ones appear,
    /// gone ones vanish. For items whose children were read; others are read on their expand.
    public func refreshChildren(of item: ItemID) {
        checkConfinement()
        guard let provider = childrenProvider, let section = section(holding: item),
            outlines[section].childrenState(of: item) == .loaded
        else { return }
        read(item, with: provider) { [weak self] result in
            guard let self, let section = self.section(holding: item), outlines[section].childrenState(of: item) == .loaded,
                case let .success(children) = result
            else { return }
            recorder.begin()
            let old = outlines[section].visibleRows
            setChildren(children, of: item, inSection: section, provider: provider)
            recordDiff(from: old, inSection: section)
            deliver()
        }
    }

    // MARK: - For expand and collapse

    /// Reads the children of `item` if they are not read: at once with an immediate provider,
    /// else starting a background read that shows a loading row. Call it while `item` is closed.
    func readChildrenIfNeeded(of item: ItemID, inSection section: Int) {
        guard let provider = childrenProvider, outlines[section].childrenState(of: item) == .unloaded,
            let node = outlines[section].node(of: item)
        else { return }
        if case let .immediate(readNow) = provider.reading {
            do {
                setChildren(try readNow(item), of: item, inSection: section, provider: provider)
            } catch {
                outlines[section].setChildrenState(.failed(Self.message(of: error)), of: node)
            }
            return
        }
        outlines[section].removeChildren(of: node)
        outlines[section].setChildrenState(.loading, of: node)
        read(item, with: provider) { [weak self] result in self?.finishReading(item, result, provider: provider) }
    }

    /// `node`'s item collapsed: a read of its children under way is cancelled, and they count
    /// as not read. Call it while it is closed.
    func cancelReading(ofNode node: Int, inSection section: Int) {
        guard outlines[section].tree[node].childrenState == .loading, let item = outlines[section].tree.item(of: node) else { return }
        loads.removeValue(forKey: SnapshotKey(item))?.cancel()
        outlines[section].setChildrenState(.unloaded, of: node)
        resumeChildrenWaiters(of: SnapshotKey(item))
    }

    // MARK: - Reading

    /// Reads `item`'s children with `provider` off the main actor, then calls `finish` on it
    /// unless a newer read or a collapse cancelled this one.
    private func read(
        _ item: ItemID, with provider: OutlineChildrenProvider<ItemID>, finish: @escaping @MainActor (Result<[ItemID], any Error>) -> Void
    ) {
        let key = SnapshotKey(item)
        loads[key]?.cancel()
        let cancellation = OutlineLoadCancellation()
        loads[key] = cancellation
        switch provider.reading {
        case let .immediate(readNow):
            loads[key] = nil
            finish(Result { try readNow(item) })
        case let .background(readOff, handOff):
            loadQueue.async {
                let result = Result { try readOff(item, cancellation) }
                // Errors cross as messages: an `Error` need not be Sendable.
                let outcome = result.mapError { LoadFailure(message: Self.message(of: $0)) }
                handOff.handOff { [weak self] in
                    guard let self, loads[key] === cancellation else { return }
                    loads[key] = nil
                    finish(outcome.mapError { $0 as any Error })
                }
            }
        case let .asynchronous(readLater):
            // A main-actor task: `readLater` runs off the main actor unless isolated to it.
            let task = Task { [weak self] in
                let result: Result<[ItemID], any Error>
                do {
                    result = .success(try await readLater(item))
                } catch {
                    result = .failure(error)
                }
                guard let self, loads[key] === cancellation else { return }
                loads[key] = nil
                finish(result)
            }
            cancellation.whenCancelled { task.cancel() }
        }
    }

    private func finishReading(_ item: ItemID, _ result: Result<[ItemID], any Error>, provider: OutlineChildrenProvider<ItemID>) {
        defer { resumeChildrenWaiters(of: SnapshotKey(item)) }
        guard let section = section(holding: item), outlines[section].childrenState(of: item) == .loading,
            let node = outlines[section].node(of: item)
        else { return }
        recorder.begin()
        let old = outlines[section].visibleRows
        switch result {
        case let .success(children):
            setChildren(children, of: item, inSection: section, provider: provider)
        case let .failure(error):
            outlines[section].setChildrenState(.failed(Self.message(of: error)), of: node)
        }
        recordDiff(from: old, inSection: section)
        deliver()
    }

    private func setChildren(_ children: [ItemID], of item: ItemID, inSection section: Int, provider: OutlineChildrenProvider<ItemID>) {
        let unloaded = Set(children.filter(provider.mayHaveChildren).map(SnapshotKey.init))
        let refused = outlines[section].setChildren(children, unloaded: unloaded, of: item)
        keepSorted(placesOf: children, inSection: section)
        openArrivedItems(inSection: section)
        guard !refused.isEmpty else { return }
        anomalyHandler.report(.itemIdentifiersNotUnique(operation: .loadChildren, identifiers: refused.map { String(describing: $0) }))
    }

    private struct LoadFailure: Error, Sendable {
        let message: String
    }

    nonisolated private static func message(of error: any Error) -> String {
        if let failure = error as? LoadFailure { return failure.message }
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        // Foundation's file errors describe themselves for a person only this way.
        if let fileError = error as? CocoaError { return fileError.localizedDescription }
        return String(describing: error)
    }

    // MARK: - Rows

    /// The model of a row: the item, or the status of its parent's children.
    func model(of row: OutlineRow<ItemID>) -> Any {
        Self.model(of: row, retryingIn: self)
    }

    /// The model of a row, whose status retries in `storage`; on any thread (a run's models are
    /// read where its change set is).
    nonisolated static func model(of row: OutlineRow<ItemID>, retryingIn storage: OutlineStorage?) -> Any {
        switch row {
        case let .item(item, _):
            return item
        case let .status(parent, state, _):
            let phase: OutlineChildrenStatus.Phase = if case let .failed(message) = state { .failed(message) } else { .loading }
            return OutlineChildrenStatus(parent: AnyHashable(parent), phase: phase) { [weak storage] in
                storage?.retryChildren(of: parent)
            }
        }
    }

    /// The rows of `section` from `row` on, read from the outline as it is now.
    func visibleRun(inSection section: Int, from row: Int, count: Int) -> ModelRun {
        outlines[section].visibleRun(from: row, count: count) { [weak self] shown in Self.model(of: shown, retryingIn: self) }
    }

    /// Records the changes from `old` rows to the rows `section` shows now, by identity.
    func recordDiff(from old: [OutlineRow<ItemID>], inSection section: Int) {
        let new = outlines[section].visibleRows
        let script = Differ().script(
            fromIdentities: old.map(\.key), to: new.map(\.key), inSection: section,
            contentEqual: { old[$0].hasSameContent(as: new[$1]) })
        recorder.record(script.changeSet(item: { self.model(of: new[$0.item]) }))
    }

    func section(holding item: ItemID) -> Int? {
        outlines.firstIndex { $0.contains(item) }
    }
}
