import ModelStorage

// The table's sort and column state as `AsyncStream`s: one sort reaction, registered with the
// first stream, and the state reported beside `stateDidChange`, each sent to every stream open.
extension ListTable {
    /// The sorts from now on, as a stream: each element is the new sort, primary key first, as
    /// ``didChangeSort(_:)`` reports it (a click on a header, a shift-click adding a key, the app
    /// setting ``sort`` or ``state``).
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await keys in table.sortChanges() {
    ///         await storage.sortAndWait(by: keys, using: comparisons)
    ///     }
    /// }
    /// ```
    ///
    /// Every sort arrives, in order: sorts wait in the stream until it is read. Many streams may
    /// be open at once. A stream whose loop ends, or whose task is cancelled, is let go at once;
    /// all of them finish when the table goes.
    public func sortChanges() -> AsyncStream<[SortKey]> {
        openStreams.sort.makeStream { $0 }
    }

    /// The column states from now on, as a stream: each element is the new state, reported
    /// when ``stateDidChange`` is (a resize once the drag ends, a move, a hidden column, a
    /// sort): the moment to save it.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await state in table.stateChanges() {
    ///         settings.save(try JSONEncoder().encode(state))
    ///     }
    /// }
    /// ```
    ///
    /// Every state arrives, in order; streams come and go as ``sortChanges()``'s do.
    /// ``stateDidChange`` stays the app's own: a stream neither reads nor replaces it.
    public func stateChanges() -> AsyncStream<ColumnState> {
        openStreams.state.makeStream { $0 }
    }

    /// How many sort and state streams are open.
    var openStreamCount: Int { (streams?.sort.openCount ?? 0) + (streams?.state.openCount ?? 0) }

    /// Tells `stateDidChange` and the open state streams the new state.
    func reportState(_ state: ColumnState) {
        stateDidChange?(state)
        streams?.state.send(state)
    }

    /// The streams, made the first time with the sort reaction that feeds them.
    private var openStreams: TableStreams {
        if let streams { return streams }
        let made = TableStreams()
        didChangeSort { [sort = made.sort] keys in sort.send(keys) }
        streams = made
        return made
    }
}

/// A table's open streams of its sort and its column state.
final class TableStreams: Sendable {
    let sort = StreamFanOut<[SortKey]>()
    let state = StreamFanOut<ColumnState>()
}
