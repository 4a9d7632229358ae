import Foundation
import GRDB

/// A starred package: one row of the `favourite` table of the favourites file.
///
/// Its id is the viewer's package id (``InstalledPackage/id``): the package name, with its
/// architecture when dpkg records one (`apt:amd64`), so `libc6:amd64` and `libc6:i386` are
/// starred apart on multiarch systems. A favourite whose package is not installed (a file shared
/// with another machine) stays in the file and is shown by its id.
package struct Favourite: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    package static let databaseTableName = "favourite"

    /// The package id.
    package var id: String
    /// Where it is in the favourites pane: ascending, not necessarily contiguous.
    package var position: Int64
    /// When it was starred.
    package var addedAt: Date
    /// The user's note about it, edited in place in the pane; empty when none. At most
    /// ``FavouritesDatabase/noteLimit`` characters: the file refuses longer ones.
    package var note: String = ""
}

extension Favourite {
    /// A row of the `favourite` table. A value the file holds in a form the viewer never writes
    /// (a date that is no date, a position or a note of another type: an edit by hand, another
    /// program's write) costs the favourite nothing: it reads as unknown (the distant past, place
    /// 0, no note), and the pane shows every favourite all the same, where a decoding error
    /// would have left the window without any.
    package init(row: Row) throws {
        let id: DatabaseValue = row["id"]
        self.id = String.fromDatabaseValue(id) ?? id.description
        position = Int64.fromDatabaseValue(row["position"]) ?? 0
        addedAt = Date.fromDatabaseValue(row["addedAt"]) ?? .distantPast
        note = String.fromDatabaseValue(row["note"]) ?? ""
    }
}
