/// What became of a request a database storage was asked to show (a new request, or a new
/// sort of its request): the argument of the completion of `setRequest` and `sort`.
///
/// Each request's completion runs once, on the main actor, after the call returned (never once
/// the storage is released).
public enum DatabaseRequestOutcome: Sendable, Equatable {
    /// Its first result is what the list shows: observers have received the change set (the
    /// rows that moved, came or went), or nothing when the result was the same. The storage
    /// follows the database with this request from now on.
    case shown
    /// A newer request was asked for before this one's first result was shown; nothing of it
    /// was applied.
    case superseded
    /// It could not be shown, for the reason reported to the storage's anomaly handler: its
    /// first fetch failed (the storage went back to the request it showed, and follows it), or
    /// the storage cannot sort its request.
    case failed(DatabaseStorageAnomaly)
    /// The storage stopped observing before the first result was shown.
    case stopped
}

/// Told on the main actor what became of a request or sort a database storage was asked to show.
public typealias DatabaseRequestCompletion = @MainActor (DatabaseRequestOutcome) -> Void
