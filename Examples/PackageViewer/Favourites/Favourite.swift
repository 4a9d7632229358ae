import Foundation
import GRDB

/// A starred package: one row of the `favourite` table of the favourites file.
///
/// Its id is the viewer's package id (``InstalledPackage/id``): the package name, with its
/// architecture when dpkg records one (`apt:amd64`), so `libc6:amd64` and `libc6:i386` are
/// starred apart on multiarch systems. A favourite whose package is not installed (a file shared
/// with another machine) stays in the file and is shown by its id.
struct Favourite: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    static let databaseTableName = "favourite"

    /// The package id.
    var id: String
    /// Where it is in the favourites pane: ascending, not necessarily contiguous.
    var position: Int64
    /// When it was starred.
    var addedAt: Date
    /// The user's note about it, edited in place in the pane; empty when none. At most
    /// ``FavouritesDatabase/noteLimit`` characters: the file refuses longer ones.
    var note: String = ""
}
