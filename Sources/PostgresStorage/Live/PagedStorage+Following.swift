#if PostgreSQL
    import ModelStorage

    extension PagedStorage {
        /// Follows the changes `listener` hears: each reads the rows the storage keeps again and
        /// moves its count (`sourceDidChange(_:)`), on the storage's hand-off.
        /// The listener starts listening; it holds the storage weakly.
        public func follow(_ listener: PostgresChangeListener) {
            listener.start(handOff: handOff) { [weak self] change in self?.sourceDidChange(change) }
        }
    }
#endif
