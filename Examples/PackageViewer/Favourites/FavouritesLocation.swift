import Foundation

/// Where the favourites file lives when `--favourites-file` names none: the user's data
/// directory of the XDG Base Directory specification.
enum FavouritesLocation {
    /// `$XDG_DATA_HOME/package-viewer/favourites.sqlite`; `~/.local/share/…` when
    /// `XDG_DATA_HOME` is unset, empty or relative (the specification says to ignore relative
    /// paths).
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome: String
        if let configured = environment["XDG_DATA_HOME"], configured.hasPrefix("/") {
            dataHome = configured
        } else {
            let home =
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("package-viewer/favourites.sqlite")
    }
}
