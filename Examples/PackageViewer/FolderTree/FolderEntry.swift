import CGtk
import Foundation
import Glibc

/// A file or directory of the folder tree (`--files DIR`): identified by its path, so the same
/// entry read again is the same row. Everything the table shows is read here, off the main
/// thread with the directory, rather than per bound row.
struct FolderEntry: Hashable, Sendable, Identifiable {
    let path: String
    let name: String
    let isDirectory: Bool
    /// A file's size in bytes; a directory's number of entries, -1 when it can't be read.
    let size: Int64
    /// When the entry's content last changed (`st_mtime`).
    let modified: Date
    /// What kind of file it is, as people read it: the description of the content type GIO
    /// guesses from the name ("plain text document"); "Folder" for a directory.
    let type: String

    var id: String { path }

    /// The entry at `path`; nil when nothing is there.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(path: path, info: info)
    }

    private init(path: String, info: stat) {
        self.path = path
        name = path == "/" ? "/" : String(path.split(separator: "/").last ?? Substring(path))
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        size = isDirectory ? Self.entryCount(of: path) : Int64(info.st_size)
        modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1_000_000_000)
        type =
            isDirectory
            ? "Folder" : Self.typeDescription(ofFileNamed: name, sniffing: info.st_mode & S_IFMT == S_IFREG ? path : nil)
    }

    /// The entries of the directory at `path`, directories first, then by name; hidden ones
    /// left out. Throws when it can't be read.
    static func children(of path: String, stoppingWhen isCancelled: () -> Bool = { false }) throws -> [FolderEntry] {
        guard let handle = opendir(path) else { throw CocoaError(errno == EACCES ? .fileReadNoPermission : .fileReadNoSuchFile) }
        defer { closedir(handle) }
        var entries: [FolderEntry] = []
        while let entry = readdir(handle), !isCancelled() {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard !name.hasPrefix(".") else { continue }
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            entries.append(FolderEntry(path: child, info: info))
        }
        return entries.sorted { ($0.isDirectory ? 0 : 1, $0.name) < ($1.isDirectory ? 0 : 1, $1.name) }
    }

    /// How many visible entries the directory at `path` has; -1 when it can't be read.
    private static func entryCount(of path: String) -> Int64 {
        guard let handle = opendir(path) else { return -1 }
        defer { closedir(handle) }
        var count: Int64 = 0
        while let entry = readdir(handle) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }

    /// The description of the content type GIO guesses from a file's name, in the user's
    /// language (the shared MIME database's words). When the name leaves GIO unsure (an
    /// extension it does not know), it guesses again from the first 4 KB of the file at
    /// `sniffing`, if given: binary formats by their magic, and any text as plain text (GIO's
    /// magic takes a text starting with `//` for C source, a Swift file among others). GIO's
    /// content type functions may be called from any thread.
    static func typeDescription(ofFileNamed name: String, sniffing path: String? = nil) -> String {
        var isUncertain: gboolean = 0
        guard var type = g_content_type_guess(name, nil, 0, &isUncertain) else { return "" }
        if isUncertain != 0, let path, let start = Self.start(of: path),
            let sniffed = start.withUnsafeBytes({ bytes in
                g_content_type_guess(name, bytes.bindMemory(to: guchar.self).baseAddress, gsize(bytes.count), nil)
            })
        {
            g_free(type)
            if g_content_type_is_a(sniffed, "text/plain") != 0 {
                g_free(sniffed)
                type = g_strdup("text/plain")
            } else {
                type = sniffed
            }
        }
        defer { g_free(type) }
        guard let description = g_content_type_get_description(type) else { return String(cString: type) }
        defer { g_free(description) }
        return String(cString: description)
    }

    /// The first 4 KB of the file at `path` (less when it is shorter); nil when it can't be read.
    private static func start(of path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        return Array(buffer.prefix(count))
    }
}
