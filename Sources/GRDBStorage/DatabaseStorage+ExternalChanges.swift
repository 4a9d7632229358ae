import GRDB

// Writes by other connections and processes: GRDB's observation sees only the writes made
// through the storage's own database object.
extension DatabaseStorage {
    /// Polls the monitor made before the first fetch, so that no commit falls between the two.
    func startWatchingExternalChanges(with monitor: ExternalChangeMonitor) {
        let handOff = handOff
        externalChanges = monitor
        monitor.start { [weak self] in
            handOff.handOff { [weak self] in self?.refetch() }
        }
    }
}
