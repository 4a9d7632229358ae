#if PostgreSQL
    import GtkListManager
    import ModelStorage
    import PostgresStorage

    /// A third listener of the storm table's feed, the benchmark's own, which only adds up the
    /// rows the notifications tell: once it has heard as many as the writers changed, every
    /// notification has been sent, so the lists' listeners (on the same server) have had theirs
    /// too; and a sum short of the writers' says notifications were lost.
    @MainActor
    final class PostgresStormMonitor {
        let listener: PostgresChangeListener
        /// Rows inserted, updated and deleted, as heard.
        private(set) var heardRows = 0
        /// Whether a change told could not say its rows (a connection lost and opened again).
        private(set) var heardUnknown = false
        /// When the last change was heard, wall time.
        private(set) var lastHeard = 0.0

        init(settings: PostgresConnectionSettings, feed: PostgresChangeFeed) {
            listener = PostgresChangeListener(settings, feed: feed)
            listener.start(handOff: GLibMainActorHandOff()) { [weak self] change in self?.hear(change) }
        }

        private func hear(_ change: PageSourceChange) {
            heardRows += change.inserted + change.updated + change.deleted
            if change.mayHaveMissedChanges { heardUnknown = true }
            lastHeard = ProcessProbes.wallMilliseconds()
        }

        func stop() { listener.stop() }
    }
#endif
