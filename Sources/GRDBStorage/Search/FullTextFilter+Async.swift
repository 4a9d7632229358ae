// A new text as an `async` function that returns once its rows are shown. Named
// `setTextAndWait`: an `async` overload named `setText` would be chosen in every async context,
// and a call there without a completion would stop compiling without `await`.
extension FullTextFilter {
    /// Shows the rows whose indexed text matches `text` (empty: every row), and returns once
    /// they are shown: ``setText(_:completion:)``, awaited.
    ///
    /// ```swift
    /// await search.setTextAndWait("dune")
    /// print(search.storage.count)                   // the rows that match
    /// ```
    ///
    /// It returns on the main actor once this text, or a newer one, is shown: a text set while
    /// this one is searched supersedes it (its rows are never shown), and the call returns with
    /// the newer one's, in call order. It always returns, also when the search fails (no rows
    /// are shown then, see ``anomalyHandler``). Cancelling the task that awaits it cancels
    /// nothing: the index is searched all the same.
    ///
    /// - Parameter text: what the user typed.
    public func setTextAndWait(_ text: String) async {
        await withCheckedContinuation { continuation in
            setText(text) { continuation.resume() }
        }
    }
}
