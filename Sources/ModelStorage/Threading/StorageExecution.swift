/// Where a storage does the work a call asks for (a sort, a diff, a filter's scan).
public enum StorageExecution: Sendable {
    /// On the storage's background queue, the result handed back to the main actor; the default.
    case background
    /// On the main actor, before the call returns.
    case immediate
}
