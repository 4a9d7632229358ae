/// What a list shows while it has no rows: its empty placeholder, that its rows are on their
/// way, or why they could not come.
///
/// ```swift
/// manager.contentState = .loading                      // a spinner, once the delay is over
/// database.load { result in
///     switch result {
///     case .success: manager.contentState = .ready     // the rows, or the empty placeholder
///     case .failure(let error):
///         manager.contentState = .failed(message: "\(error)", retry: { reload() })
///     }
/// }
/// ```
///
/// The state shows only while the list has no rows: a list that already shows rows keeps them
/// while new ones load, and its rows replace the state as soon as the first one comes.
public enum ListContentState {
    /// The rows, or the empty placeholder (`ListManager.setPlaceholder(_:)`) when there are none.
    case ready
    /// A spinner and "Loading…", shown only once ``ListManager/loadingIndicatorDelay`` has
    /// passed (a fast load never flashes it); nothing before that, not even the empty
    /// placeholder, which would say "nothing here" while things are on their way.
    case loading
    /// An error icon, `message`, and a "Try Again" button that calls `retry` when there is one.
    case failed(message: String, retry: (@MainActor () -> Void)? = nil)

    /// Whether this is ``loading``.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// The message of ``failed(message:retry:)``; nil in the other states.
    public var failureMessage: String? {
        if case let .failed(message, _) = self { message } else { nil }
    }
}
