import Foundation

/// `--files DIR`: every file under a directory, in sections by the directory that holds it.
struct FileTreeSource: BigListSource {
    /// One file: its name and size.
    struct File: Hashable, Sendable {
        let name: String
        let size: Int64
    }

    let origin: String
    /// The files of each directory (path relative to the root), directories in path order.
    private let directories: [(path: String, files: [File])]

    var count: Int { directories.reduce(0) { $0 + $1.files.count } }

    /// Walks `root` (symbolic links are not followed; unreadable directories are skipped).
    init(root: String) {
        origin = root
        var byDirectory: [String: [File]] = [:]
        let rootURL = URL(fileURLWithPath: root)
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey]
        let walker = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: keys, options: [], errorHandler: { _, _ in true })
        while let url = walker?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let directory = url.deletingLastPathComponent().path
            let relative = directory.hasPrefix(rootURL.path) ? String(directory.dropFirst(rootURL.path.count)) : directory
            byDirectory[relative.isEmpty ? "/" : relative, default: []].append(File(name: url.lastPathComponent, size: Int64(values.fileSize ?? 0)))
        }
        directories = byDirectory.keys.sorted().map { ($0, byDirectory[$0]!.sorted { $0.name < $1.name }) }
    }

    func sections(matching search: String) -> [(title: String, items: [Any])] {
        directories.compactMap { directory in
            let files = search.isEmpty ? directory.files : directory.files.filter { $0.name.contains(search) }
            return files.isEmpty ? nil : (directory.path, files)
        }
    }
}
