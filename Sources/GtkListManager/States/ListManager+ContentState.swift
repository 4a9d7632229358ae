extension ListManager {
    /// What the list shows while it has no rows: the empty placeholder (``ListContentState/ready``,
    /// the default), a spinner (``ListContentState/loading``) or a failure with a retry button
    /// (``ListContentState/failed(message:retry:)``). Set it around an asynchronous load.
    public var contentState: ListContentState {
        get { contentStatePlaceholder.state }
        set {
            checkConfinement()
            contentStatePlaceholder.setState(newValue, loadingDelay: UInt32(clamping: Int(loadingIndicatorDelay * 1_000)))
        }
    }

    /// What the content state's placeholder reads now ("Loading…", a failure's message); nil
    /// while it shows nothing of its own (ready, or loading before the delay is over).
    public var contentStateText: String? { contentStatePlaceholder.shownText }
}
