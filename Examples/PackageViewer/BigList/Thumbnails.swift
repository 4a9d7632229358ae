import CGtk
import Dispatch
import GtkListManager

/// A decoded thumbnail: a `GdkPixbuf` reference, released with the box (so a thumbnail decoded
/// for a tile that scrolled away meanwhile is freed when dropped).
final class Thumbnail: @unchecked Sendable {
    // GdkPixbuf is immutable once decoded and its reference count is atomic: safe to hand
    // from the decoding thread to the main one.
    let pixbuf: OpaquePointer

    init(pixbuf: OpaquePointer) {
        self.pixbuf = pixbuf
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }

    /// The image file at `path`, decoded at most `width` × `height` (its aspect kept), off the
    /// main thread; nil when it cannot be read or decoded.
    static func decode(_ path: String, width: Int32, height: Int32) -> Thumbnail? {
        gdk_pixbuf_new_from_file_at_scale(path, width, height, 1, nil).map(Thumbnail.init)
    }

    /// Whether GIO takes a file of this name for an image.
    static func isImage(named name: String) -> Bool {
        guard let type = g_content_type_guess(name, nil, 0, nil) else { return false }
        defer { g_free(type) }
        return String(cString: type).hasPrefix("image/")
    }
}

/// The thumbnails of a grid: decoded on a background queue, kept in a bounded cache (the least
/// recently used go first), warmed ahead of the scroll by the manager's prefetch events.
@MainActor
final class ThumbnailCache {
    /// The size thumbnails are decoded at.
    let width: Int32, height: Int32
    /// The most thumbnails kept.
    let limit: Int
    private var thumbnails: [String: Thumbnail] = [:]
    /// The paths cached, least recently used first.
    private var recency: [String] = []
    /// Prefetches asked for and not done: cancelled ones are not kept when they come.
    private var prefetching: Set<String> = []
    /// Where thumbnails are decoded, never on the main thread.
    static let decoding = DispatchQueue(label: "package-viewer.thumbnails", qos: .userInitiated, attributes: .concurrent)

    init(width: Int32, height: Int32, limit: Int = 400) {
        self.width = width
        self.height = height
        self.limit = limit
    }

    /// The number of thumbnails kept.
    var count: Int { thumbnails.count }

    /// The cached thumbnail of `path`, now the most recently used.
    func thumbnail(of path: String) -> Thumbnail? {
        guard let thumbnail = thumbnails[path] else { return nil }
        if let index = recency.lastIndex(of: path) { recency.remove(at: index) }
        recency.append(path)
        return thumbnail
    }

    /// Keeps `thumbnail`, dropping the least recently used beyond the limit.
    func keep(_ thumbnail: Thumbnail, of path: String) {
        if thumbnails.updateValue(thumbnail, forKey: path) == nil { recency.append(path) }
        while recency.count > limit { thumbnails[recency.removeFirst()] = nil }
    }

    /// Starts decoding `path` into the cache, unless it is cached or on its way.
    func prefetch(_ path: String) {
        guard thumbnails[path] == nil, prefetching.insert(path).inserted else { return }
        let width = width, height = height
        Self.decoding.async {
            let thumbnail = Thumbnail.decode(path, width: width, height: height)
            GtkRuntime.perform { [weak self] in
                guard let self, prefetching.remove(path) != nil, let thumbnail else { return }
                keep(thumbnail, of: path)
            }
        }
    }

    /// The prefetch of `path` is not needed after all: its result is not kept.
    func cancelPrefetch(_ path: String) {
        prefetching.remove(path)
    }
}
