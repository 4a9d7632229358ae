extension ListManager {
    /// The release of GtkListManager this build comes from, as `CHANGELOG.md` names it
    /// ("0.9.0"). A build between two releases says the last one; what changed since is under
    /// the changelog's **Unreleased** heading.
    nonisolated public static let version = "0.9.0"
}
